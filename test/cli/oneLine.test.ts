import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * A value pasted with its line break (`"$(cat file)"` keeps none, a copied line often does) must not break
 * the output contract: a failure is one line on stderr, and a toolbox report's title and rows stay one line
 * each, the value shown escaped so the user sees the character that made it invalid.
 */
describe("appkit-cli keeps every message on one line whatever the value holds", () => {
  it.each([
    [["amount", "parse", "1\n", "--decimals", "6"], "Invalid amount '1\\n'"],
    [["amount", "format", "1\n", "--decimals", "6"], "Invalid units '1\\n'"],
    [["names", "resolve", "bob\n", "--api-url", "http://127.0.0.1:1"], "Invalid name 'bob\\n'"],
    [["address", "validate", "x", "--namespace", "eip155\r\n"], "Unknown --namespace 'eip155\\r\\n'"],
  ])("%j fails in one stderr line naming the value, exit 1", async (args, named) => {
    const result = await runCli(args)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe("")
    expect(result.stderr.split("\n")).toHaveLength(2) // one line and its terminator
    expect(result.stderr).toContain(named)
  })

  it.each([
    [["amount", "parse", "1", "--decimals", "6", "--jsn"], "unknown option '--jsn' (Did you mean --json?)"],
    [["amount", "pars", "1"], "unknown command 'pars' (Did you mean parse?)"],
  ])("%j puts commander's suggestion on the usage error's line (exit 2)", async (args, line) => {
    const result = await runCli(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`${line}\n`)
  })

  it("escapes a terminal control sequence instead of sending it to the terminal", async () => {
    const result = await runCli(["amount", "parse", "\u001b[2J1", "--decimals", "6"])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      "Invalid amount '\\u001b[2J1': expected optional minus, digits, optional dot and digits\n",
    )
  })

  it("keeps the JSON error line as it was (JSON escapes on its own)", async () => {
    const result = await runCli(["address", "validate", "x", "--namespace", "eip155\n", "--json"])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "InvalidInput",
        message: expect.stringContaining("Unknown --namespace 'eip155\n'"),
      },
    })
  })

  it.each([
    [["caip", "parse", "eip155:1\n"], '"eip155:1\\n": invalid'],
    [["rpc", "check", "eth_chainId\n"], '"eth_chainId\\n": not allowed'],
    [["rpc", "check", ""], '"": not allowed'],
    [
      ["address", "validate", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n0x"],
      '"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\\n0x": invalid',
    ],
  ])("%j titles its report with the value quoted, every row on its own line", async (args, title) => {
    const result = await runCli(args)
    expect(result.code).toBe(1)
    const lines = result.stdout.trimEnd().split("\n")
    expect(lines[0]).toBe(title)
    // Every other line is one labelled row ("  label  value").
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}\S/)
  })
})
