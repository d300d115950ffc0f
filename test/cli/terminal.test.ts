import { execFile } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { type Relay, startRelay } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath } from "../support/cli"

const run = promisify(execFile)

/**
 * The Ink view of `connect` on a real terminal: util-linux `script` gives the command a pseudo-terminal of a
 * chosen size. Colour must follow NO_COLOR, the QR code must be whole or not shown (with what to do
 * instead), and the countdown keeps its own line.
 */
let relay: Relay
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  await relay.close()
})

const onTerminal = async (size: { cols: number; rows: number }, env: Record<string, string>) => {
  const assignments = Object.entries({
    ...env,
    APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-tty-")),
    APPKIT_RELAY_URL: relay.url,
    APPKIT_PRIVATE_KEY: "",
  })
    .map(([key, value]) => `${key}='${value}'`)
    .join(" ")
  const command = `stty cols ${size.cols} rows ${size.rows}; ${assignments} '${process.execPath}' '${cliPath}' connect --timeout 3s`
  const { stdout } = await run("script", ["-qec", command, "/dev/null"], { timeout: 30_000 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  )
  return stdout
}

/** An SGR colour sequence (foreground colour or dim), as Ink writes them. */
const colour = new RegExp(`${String.fromCharCode(27)}\\[(3[0-9]|9[0-7]|2)m`)

describe("connect on a terminal", () => {
  it("a window too small for the QR code says so, and NO_COLOR leaves every colour out", async () => {
    const screen = await onTerminal({ cols: 40, rows: 15 }, { NO_COLOR: "1" })
    expect(screen).toContain("The terminal is too small for the QR")
    expect(screen).toContain("enlarge the window or open the URI")
    expect(screen).not.toMatch(/[█▀▄]/)
    expect(screen).toMatch(/\r?\nGiving up in 0:0[0-3] \(--timeout\)\r?\n/)
    expect(screen).not.toMatch(colour)
    expect(screen).toContain("No wallet approved within 3 s")
  }, 40_000)

  it("a window large enough shows the whole code, in colour without NO_COLOR", async () => {
    const screen = await onTerminal({ cols: 120, rows: 70 }, { FORCE_COLOR: "1" })
    expect(screen).not.toContain("too small")
    expect(screen).toMatch(/█{8,}/)
    expect(screen).toMatch(colour)
  }, 40_000)
})
