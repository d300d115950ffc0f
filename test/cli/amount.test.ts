import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

describe("appkit-cli amount", () => {
  it("parses a decimal amount into base units", async () => {
    expect(await runCli(["amount", "parse", "1.5", "--decimals", "6"])).toEqual({
      code: 0,
      stdout: "1500000\n",
      stderr: "",
    })
    const negative = await runCli(["amount", "parse", "-0.000000000000000001", "--decimals", "18"])
    expect(negative.stdout).toBe("-1\n")
  })

  it("reports parse results as JSON with bigint units as strings", async () => {
    const result = await runCli([
      "amount",
      "parse",
      "123456789.123456789123456789",
      "--decimals",
      "18",
      "--json",
    ])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({
      input: "123456789.123456789123456789",
      decimals: 18,
      valid: true,
      units: "123456789123456789123456789",
    })
  })

  it("treats excess precision as invalid (exit 1) instead of rounding", async () => {
    const result = await runCli(["amount", "parse", "1.0000001", "--decimals", "6"])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe("")
    expect(result.stderr).toBe("Amount '1.0000001' has more than 6 decimal places\n")
  })

  it.each([".5", "0.", "1e18", "1,5"])("treats %j as an invalid amount (exit 1)", async (input) => {
    const result = await runCli(["amount", "parse", input, "--decimals", "6", "--json"])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({
      input,
      valid: false,
      error: expect.stringContaining(input),
    })
  })

  it("formats base units exactly and shows the 3-decimal display forms", async () => {
    const text = await runCli(["amount", "format", "1234567", "--decimals", "6"])
    expect(text.code).toBe(0)
    expect(text.stdout).toBe("1.234567\ndisplay (3 decimals): 1.235\nbalance (floored to 3): 1.234\n")
    const json = await runCli(["amount", "format", "-1000000000000000000", "--decimals", "18", "--json"])
    expect(JSON.parse(json.stdout)).toEqual({
      input: "-1000000000000000000",
      decimals: 18,
      valid: true,
      amount: "-1",
      display: "-1.000",
      balance: "-1.000",
    })
  })

  it("treats non-integer units as invalid (exit 1)", async () => {
    const result = await runCli(["amount", "format", "1.5", "--decimals", "6"])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Invalid units '1\.5'/)
  })

  it.each([
    [["amount", "parse", "1"], /--decimals/, 2],
    [["amount", "parse", "1", "--decimals", "x"], /--decimals/, 1],
    [["amount", "parse", "1", "--decimals", "256"], /Invalid decimals 256/, 1],
    [["amount", "format", "1", "--decimals", "300"], /Invalid decimals 300/, 1],
    [["amount", "format", "--decimals", "6"], /UNITS/, 2],
  ])("rejects %j in one line: missing arguments exit 2, refused values 1", async (args, message, code) => {
    const result = await runCli(args)
    expect(result.code).toBe(code)
    expect(result.stdout).toBe("")
    expect(result.stderr).toMatch(message)
    expect(result.stderr.trim().split("\n")).toHaveLength(1)
  })
})
