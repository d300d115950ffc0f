import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * A typed-data file that is JSON of the right shape but not signable EIP-712 (a primary type it does not
 * define, a value outside its type) is the user's input to fix: exit 1, one line saying what is wrong, as for
 * a file that is not typed data at all, and before any wallet is asked.
 */
const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const typedData = (primaryType: string, type: string, value: string) =>
  JSON.stringify({
    types: { EIP712Domain: [{ name: "name", type: "string" }], Mail: [{ name: "x", type }] },
    primaryType,
    domain: { name: "test" },
    message: { x: value },
  })

describe("sign typed-data with typed data viem cannot encode", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "appkit-typed-data-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it.each([
    ["an undefined primary type", typedData("Nope", "uint256", "1"), "Invalid primary type `Nope`"],
    [
      "a uint8 of 300",
      typedData("Mail", "uint8", "300"),
      'Number "300" is not in safe 8-bit unsigned integer range',
    ],
    ["a uint256 of 'abc'", typedData("Mail", "uint256", "abc"), "Cannot convert abc to a BigInt"],
  ])("refuses %s (exit 1, one line)", async (_case, content, reason) => {
    const file = join(dir, "typed.json")
    writeFileSync(file, content)
    const result = await runCli(["sign", "typed-data", file, "--json"], { env: { APPKIT_PRIVATE_KEY: key } })
    expect(result.stdout).toBe("")
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("InvalidInput")
    expect(error.message.startsWith(`Invalid EIP-712 typed data: ${reason}`)).toBe(true)
    expect(error.message).not.toContain("\n")
    expect(result.code).toBe(1)
  })
})
