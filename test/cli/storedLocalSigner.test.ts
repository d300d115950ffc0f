import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * `connect --keystore FILE` stores the signer's address and the keystore's path, never its key: a later
 * command that signs needs the key again, and its refusal names the keystore that was connected, so the
 * user passes that one back rather than guessing which file it was.
 */
describe("a command that signs, after connect --keystore", () => {
  const home = mkdtempSync(join(tmpdir(), "appkit-stored-keystore-"))
  const keystoreFile = join(home, "my key.json")
  beforeAll(() =>
    writeFileSync(
      join(home, "session.json"),
      JSON.stringify({
        kind: "keystore",
        address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        chainId: "eip155:1",
        keystoreFile,
      }),
    ),
  )
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it("names the connected keystore to pass again (exit 2)", async () => {
    const result = await runCli(["sign", "message", "hi", "--json"], {
      env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: "" },
    })
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "NotConnected",
        message: `The stored connection is a local signer (keystore): pass --keystore ${JSON.stringify(keystoreFile)} again (or --private-key)`,
      },
    })
  })
})
