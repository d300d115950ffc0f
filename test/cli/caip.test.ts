import { loadVectors, type Vector } from "@appkit/core/testing"
import { type CaipIdReport, inspectCaipId } from "@appkit/core/validation"
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * `appkit-cli caip parse` against caip.json: every chain_id and account_id vector, one test each. The file's
 * verdict is syntax under the CAIP grammar; ours adds the namespace profile for the five namespaces AppKit
 * knows, so a syntactically valid account id marked namespace_valid=false must come out invalid. The
 * namespace / reference / account_address vectors are component-level and have no `caip parse` form.
 */
interface CaipVector extends Vector {
  readonly input: string
  readonly valid: boolean
  readonly kind: string
  readonly namespace_valid?: boolean
}

const parse = async (id: string) => {
  const result = await runCli(["caip", "parse", id, "--json"])
  return { code: result.code, report: JSON.parse(result.stdout) as CaipIdReport }
}

describe("caip parse agrees with caip.json", () => {
  const vectors = loadVectors<CaipVector>("caip.json").vectors.filter(
    (v) => v.kind === "chain_id" || v.kind === "account_id",
  )
  // All ids go through one run (one JSON line each, in order); each vector is then its own test.
  let reports: ReadonlyArray<CaipIdReport>
  let code: number | null
  beforeAll(async () => {
    const result = await runCli(["caip", "parse", "--json", "--", ...vectors.map((v) => v.input)])
    code = result.code
    reports = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as CaipIdReport)
  })

  it("answers every id, and exits 1 because some are invalid", () => {
    expect(reports).toHaveLength(vectors.length)
    expect(code).toBe(1)
  })

  it.each(vectors.map((v, index) => [v.id, v, index] as const))("%s", (_id, vector, index) => {
    const report = reports[index]
    expect(report?.input).toBe(vector.input)
    const parts = vector.input.split(":")
    if (vector.kind === "account_id" && parts.length === 2) {
      // Shaped like a chain id: `caip parse` reads it as one, so it is no account id, as the vector says.
      expect(vector.valid).toBe(false)
      expect(report?.kind).toBe("chain_id")
      return
    }
    const valid = vector.valid && vector.namespace_valid !== false
    expect(report?.valid).toBe(valid)
    if (vector.valid)
      expect(report).toMatchObject({
        kind: vector.kind,
        namespace: parts[0],
        reference: parts[1],
        address: parts[2] ?? null,
      })
    else expect(report?.error).toEqual(expect.any(String))
  })
})

describe("appkit-cli caip parse", () => {
  it("names the Bitcoin network of a bip122 reference", async () => {
    const cases = [
      ["bip122:000000000019d6689c085ae165831e93", "mainnet"],
      ["bip122:000000000933ea01ad0ee984209779ba", "testnet"],
      ["bip122:00000008819873e925422c1ff0f99f7c", "signet"],
      ["bip122:0f9188f13cb7b2c71f2a335e3a4fc328", "regtest"],
      ["bip122:12a765e31ffd4059bada1e25190f6e98", null],
    ] as const
    const result = await runCli(["caip", "parse", "--json", ...cases.map(([id]) => id)])
    const networks = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => (JSON.parse(line) as CaipIdReport).bitcoinNetwork)
    expect(networks).toEqual(cases.map(([, network]) => network))
  })

  it("refuses an account id whose address is on another Bitcoin network", async () => {
    const { code, report } = await parse(
      "bip122:000000000933ea01ad0ee984209779ba:bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk",
    )
    expect(code).toBe(1)
    expect(report).toMatchObject({
      valid: false,
      bitcoinNetwork: "testnet",
      error: "Invalid address: a mainnet address, expected testnet",
    })
  })

  it("prints the parts of an account id aligned", async () => {
    const result = await runCli(["caip", "parse", "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb"])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb: valid",
        "  kind       account id (CAIP-10)",
        "  namespace  eip155",
        "  reference  1",
        "  address    0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        "",
      ].join("\n"),
    )
  })

  it("says when a namespace is not one AppKit connects on", async () => {
    const result = await runCli(["caip", "parse", "hedera:mainnet"])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain("hedera (not a namespace AppKit connects on)")
  })

  it("prints one report per id, separated by a blank line", async () => {
    const result = await runCli(["caip", "parse", "eip155:1", "foo"])
    expect(result.code).toBe(1)
    expect(result.stdout.split("\n\n").map((block) => block.split("\n")[0])).toEqual([
      "eip155:1: valid",
      "foo: invalid",
    ])
  })

  it("reads the ids from stdin when the ID is `-`: one report per line, as for arguments", async () => {
    // CRLF, a blank line (an empty id, invalid) and a final line without a newline are each one line.
    const stdin = "eip155:1\r\n\nfoo\r\nbip122:000000000019d6689c085ae165831e93"
    const readable = await runCli(["caip", "parse", "-"], { stdin })
    const asArguments = await runCli([
      "caip",
      "parse",
      "--",
      "eip155:1",
      "",
      "foo",
      "bip122:000000000019d6689c085ae165831e93",
    ])
    expect(readable).toEqual(asArguments)
    expect(readable.code).toBe(1)
    expect(readable.stdout.split("\n\n").map((block) => block.split("\n")[0])).toEqual([
      "eip155:1: valid",
      '"": invalid',
      "foo: invalid",
      "bip122:000000000019d6689c085ae165831e93: valid",
    ])
    const json = await runCli(["caip", "parse", "-", "--json"], { stdin })
    const reports = json.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as CaipIdReport)
    expect(reports.map((report) => [report.input, report.valid])).toEqual([
      ["eip155:1", true],
      ["", false],
      ["foo", false],
      ["bip122:000000000019d6689c085ae165831e93", true],
    ])
    const allValid = await runCli(["caip", "parse", "-"], {
      stdin: "eip155:1\nsolana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n",
    })
    expect(allValid.code).toBe(0)
    expect(await runCli(["caip", "parse", "-"], { stdin: "" })).toEqual({ code: 0, stdout: "", stderr: "" })
  })

  it("answers each piped line once, in order, whatever its line ends (\\n or \\r\\n, last one or not)", async () => {
    const line = fc.string({ maxLength: 12 }).filter((text) => !/[\r\n]/.test(text))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(line, fc.constantFrom("eip155:1", "bip122:000000000019d6689c085ae165831e93")), {
          maxLength: 6,
        }),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        async (lines, end, lastEnded) => {
          // Without a final line end, an empty last line is no line at all: it is the end of the input.
          fc.pre(lastEnded || lines.at(-1) !== "")
          const stdin = lastEnded ? lines.map((text) => text + end).join("") : lines.join(end)
          const result = await runCli(["caip", "parse", "-", "--json"], { stdin })
          const inputs = result.stdout === "" ? [] : result.stdout.trimEnd().split("\n")
          expect(inputs.map((json) => (JSON.parse(json) as CaipIdReport).input)).toEqual(lines)
          expect(result.code).toBe(lines.every((text) => inspectCaipId(text).valid) ? 0 : 1)
        },
      ),
      { numRuns: 15 },
    )
  }, 60_000)

  it("refuses `-` beside other ids (exit 2): stdin is the whole list or none of it", async () => {
    const result = await runCli(["caip", "parse", "eip155:1", "-"])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe("")
    expect(result.stderr.trimEnd().split("\n")).toEqual([expect.stringContaining("either IDs or -")])
  })

  it("is a usage error (exit 2) without an ID", async () => {
    const result = await runCli(["caip", "parse"])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe("")
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1)
  })
})
