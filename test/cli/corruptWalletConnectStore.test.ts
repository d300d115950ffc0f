import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { writeStoredWalletConnectSession } from "../support/storedSession"

/**
 * A session record from an earlier run beside a sign-client store that no longer decodes (a crash of some
 * other tool, a hand edit): the store is discarded, which the answer says in the command's own words. The
 * core's developer log lines about it never reach stdout, where --json promises one document and nothing else.
 */
describe("a corrupt WalletConnect store beside a stored session", () => {
  let home: string
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-corrupt-wc-"))
    writeStoredWalletConnectSession(home)
    writeFileSync(join(home, "walletconnect.json"), '{"appkit-cli//half a docu')
  })
  afterEach(() => rmSync(home, { recursive: true, force: true }))

  it.each([
    [["status"], 1, { connected: false, endedByWallet: false }],
    [["disconnect"], 0, { disconnected: true, kind: "walletconnect", walletNotified: false }],
  ])("%j --json: stdout is its one JSON document", async (args, code, answer) => {
    const result = await runCli([...args, "--json"], { env: { APPKIT_HOME: home } })
    expect(result.stdout.trim().split("\n")).toHaveLength(1)
    expect(JSON.parse(result.stdout)).toMatchObject(answer)
    expect(result.code).toBe(code)
  })

  it("sign --json: nothing on stdout, the one error line says the session's keys are gone", async () => {
    const result = await runCli(["sign", "message", "hi", "--json"], {
      env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: "" },
    })
    expect(result.stdout).toBe("")
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: "SessionNotStored" } })
    expect(result.code).toBe(2)
  })
})
