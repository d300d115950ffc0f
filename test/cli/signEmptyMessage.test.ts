import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { verifyMessage } from "viem"
import { afterAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { writeStoredWalletConnectSession } from "../support/storedSession"

/**
 * `sign message` with nothing to sign (an empty TEXT, empty stdin, an empty file piped in) is refused
 * before any wallet is asked (exit 2): a signature over the empty string is never what the user meant.
 * The edge, decided by what the user most plausibly meant: input that is only line breaks ("\n" is what
 * `echo | appkit-cli sign message -` or a file saved with just a newline holds) is empty too; a single
 * space is text the user typed on purpose, and is signed as it is.
 */
const home = mkdtempSync(join(tmpdir(), "appkit-sign-empty-"))
// A stored session whose relay nothing listens on: a command that asked the wallet would fail differently.
writeStoredWalletConnectSession(home)
afterAll(() => rmSync(home, { recursive: true, force: true }))
const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const keyAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

const sign = (args: ReadonlyArray<string>, stdin = "", privateKey = "") =>
  runCli(["sign", "message", ...args, "--json"], {
    stdin,
    env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: privateKey },
  })

describe("sign message with nothing to sign", () => {
  it.each([
    ["an empty TEXT", [""], ""],
    ["empty stdin", ["-"], ""],
    ["stdin of one newline", ["-"], "\n"],
    ["stdin of a CRLF line break", ["-"], "\r\n"],
    ["stdin of blank lines", ["-"], "\n\n"],
    ["an empty TEXT on solana", ["", "--chain", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"], ""],
  ])("%s: refused before the wallet is asked (exit 2)", async (_case, args, stdin) => {
    const result = await sign(args, stdin)
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "EmptyMessage",
        message: "Nothing to sign: the message is empty. Give the text to sign, or - to read it from stdin",
      },
    })
  })

  it.each([
    ["one space as TEXT", [" "], "", " "],
    ["a space and a newline on stdin", ["-"], " \n", " \n"],
    ["a newline after text on stdin", ["-"], "hi\n", "hi\n"],
  ])("%s: signed as it is", async (_case, args, stdin, message) => {
    const result = await sign(args, stdin, key)
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const { address, signature } = JSON.parse(result.stdout) as { address: string; signature: `0x${string}` }
    expect(address).toBe(keyAddress)
    expect(await verifyMessage({ address: keyAddress, message, signature })).toBe(true)
  })
})
