import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { writeStoredWalletConnectSession } from "../support/storedSession"

/**
 * `disconnect` is the way out of a stored connection the CLI can no longer use: it tells the wallet when it
 * can and forgets the connection either way. A stored WalletConnect record the connector cannot even be set
 * up from (here: no accounts, so no chains to ask for) must not leave the user stuck with a connection that
 * `connect` refuses to replace and `disconnect` refuses to end.
 */
describe("disconnect forgets a stored WalletConnect session it cannot open", () => {
  let home: string
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-disconnect-"))
  })
  afterEach(() => rmSync(home, { recursive: true, force: true }))

  it("ends with exit 0, says it was not notified, and removes the record", async () => {
    const session = join(home, "session.json")
    // No accounts: no chains to ask for.
    writeStoredWalletConnectSession(home, { accounts: [] })
    const result = await runCli(["disconnect", "--json"], { env: { APPKIT_HOME: home } })
    expect(result.stderr).toBe("")
    expect(JSON.parse(result.stdout)).toEqual({
      disconnected: true,
      kind: "walletconnect",
      walletNotified: false,
    })
    expect(result.code).toBe(0)
    expect(existsSync(session)).toBe(false)
  })
})

describe("a stored connection that cannot be read at all", () => {
  let home: string
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-unreadable-"))
    // Something else took the file's place: a directory of that name.
    mkdirSync(join(home, "session.json"))
  })
  afterEach(() => rmSync(home, { recursive: true, force: true }))

  it.each([
    // status: an unreadable connection is no connection (exit 1), as a corrupt one is
    [["status"], 1],
    [["sign", "message", "hi"], 2],
  ])("%j names the file it could not read, in one line", async (args, code) => {
    const result = await runCli([...args, "--json"], { env: { APPKIT_HOME: home } })
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "UnreadableFile",
        message: `Cannot read the stored connection ${join(home, "session.json")}: EISDIR: illegal operation on a directory, read`,
      },
    })
    expect(result.code).toBe(code)
  })
})
