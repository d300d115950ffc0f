import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { writeStoredWalletConnectSession } from "../support/storedSession"

/**
 * A WalletConnect wallet names itself (its metadata), and the CLI keeps that name with the session and shows
 * it in its lines. Whatever the wallet put there reaches the screen as text: an escape sequence in it must
 * not be obeyed by the user's terminal.
 */
describe("status shows the wallet's name as text", () => {
  let home: string
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-wallet-name-"))
    writeStoredWalletConnectSession(home, {
      walletName: "Evil\u001b]0;pwned\u0007\u001b[2J Wallet",
      // An expired session: status answers from the record alone.
      expiry: 1_700_000_000,
    })
  })
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it("escapes the control characters of the name (exit 1: expired)", async () => {
    const result = await runCli(["status"], { env: { APPKIT_HOME: home } })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      "Expired: the WalletConnect session with Evil\\u001b]0;pwned\\u0007\\u001b[2J Wallet ended 2023-11-14T22:13:20.000Z\n",
    )
  })
})
