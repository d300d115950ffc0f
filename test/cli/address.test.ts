import { spawn } from "node:child_process"
import { loadVectors, type Vector } from "@appkit/core/testing"
import { beforeAll, describe, expect, it } from "vitest"
import { cliPath, runCli } from "../support/cli"

/**
 * Acceptance: `appkit-cli address validate --stdin --json` agrees with the shared vectors. Each group of
 * vectors is streamed through ONE run of the built CLI (with the options that group needs), then every
 * vector is checked as its own test, named by its id. What the plain validator must agree with:
 * - eip55.json: every vector, with --namespace eip155. A vector's verdict stands, except where its mode is
 *   stricter than §5 (optional 0x, single case carries no checksum): those rejections are listed below by
 *   their reason, and come out valid. Shape errors and wrong mixed-case checksums stay invalid.
 * - bech32-addresses.json: segwit_address (with --namespace bip122) and core_key_io (valid ones with their
 *   chain's --network; invalid ones with no options). A string that is not even bech32 is no address
 *   in any namespace (no options); a valid raw bech32 string says nothing about addresses, so it is left out.
 * - base58-addresses.json: p2pkh/p2sh with their chain's --network; invalid strings and WIF private keys
 *   must be refused.
 * - solana-addresses.json: all, with --namespace solana.
 * - caip.json: account ids on the five namespaces AppKit knows (valid only when the namespace profile says
 *   so too), and every syntactically invalid account id. Other namespaces are `caip parse`'s concern.
 */
interface TextVector extends Vector {
  readonly input: string
  readonly valid: boolean
}

interface Case {
  readonly id: string
  readonly input: string
  readonly valid: boolean
  readonly namespace?: string
  readonly network?: string
}

const chainNetworks: Record<string, string> = {
  main: "mainnet",
  test: "testnet",
  testnet4: "testnet",
  signet: "signet",
  regtest: "regtest",
}

const networkOf = (vector: Vector): string | undefined =>
  vector.valid ? chainNetworks[String(vector.expected?.chain)] : undefined

/** strict_checksum rejections that §5 relaxes: 0X or no prefix, and single-case (checksum-less) spellings. */
const relaxedEip55Reasons = new Set([
  '"0X" prefix is not valid per EIP-55 (geth comment)',
  "missing 0x (JSON unmarshal of MixedcaseAddress must fail)",
  "all-lowercase form of a checksummed address with letters",
  '"0X" prefix / all-uppercase',
])

const eip55Cases = (): ReadonlyArray<Case> =>
  loadVectors<TextVector & { mode: string }>("eip55.json").vectors.map((v) => ({
    id: v.id,
    input: v.input,
    valid: v.valid || (v.mode === "strict_checksum" && relaxedEip55Reasons.has(v.reason ?? "")),
    namespace: "eip155",
  }))

const bech32Cases = (): ReadonlyArray<Case> =>
  loadVectors<TextVector & { section: string }>("bech32-addresses.json")
    .vectors.filter((v) => v.section === "segwit_address" || v.section === "core_key_io" || !v.valid)
    .map((v) =>
      v.section === "segwit_address"
        ? { id: v.id, input: v.input, valid: v.valid, namespace: "bip122" }
        : { id: v.id, input: v.input, valid: v.valid, ...withNetwork(networkOf(v)) },
    )

const base58Cases = (): ReadonlyArray<Case> =>
  loadVectors<TextVector & { kind?: string }>("base58-addresses.json").vectors.map((v) => {
    const address = v.valid && v.kind !== "wif_private_key"
    return { id: v.id, input: v.input, valid: address, ...withNetwork(address ? networkOf(v) : undefined) }
  })

const solanaCases = (): ReadonlyArray<Case> =>
  loadVectors<TextVector>("solana-addresses.json").vectors.map((v) => ({
    id: v.id,
    input: v.input,
    valid: v.valid,
    namespace: "solana",
  }))

const knownNamespaces = ["eip155:", "solana:", "bip122:", "polkadot:", "cosmos:"]
const caipCases = (): ReadonlyArray<Case> =>
  loadVectors<TextVector & { kind: string; namespace_valid?: boolean }>("caip.json")
    .vectors.filter((v) => v.kind === "account_id")
    .filter((v) => !v.valid || knownNamespaces.some((prefix) => v.input.startsWith(prefix)))
    .map((v) => ({ id: v.id, input: v.input, valid: v.valid && v.namespace_valid !== false }))

const withNetwork = (network: string | undefined) => (network ? { network } : {})

const optionsOf = (c: Case): ReadonlyArray<string> => [
  ...(c.namespace ? ["--namespace", c.namespace] : []),
  ...(c.network ? ["--network", c.network] : []),
]

interface VerdictLine {
  readonly input: string
  readonly valid: boolean
  readonly namespace: string | null
  readonly network: string | null
  readonly error: string | null
}

/** Streams every case (grouped by their options) through the CLI; a line break inside an input goes alone. */
const runCases = async (cases: ReadonlyArray<Case>): Promise<Map<Case, VerdictLine>> => {
  const verdicts = new Map<Case, VerdictLine>()
  const streamable = cases.filter((c) => !/[\r\n]/.test(c.input))
  const groups = new Map<string, Array<Case>>()
  for (const c of streamable) {
    const key = optionsOf(c).join(" ")
    groups.set(key, [...(groups.get(key) ?? []), c])
  }
  for (const group of groups.values()) {
    const first = group[0]
    if (!first) continue
    const stdin = `${group.map((c) => c.input).join("\n")}\n`
    const result = await runCli(["address", "validate", "--stdin", "--json", ...optionsOf(first)], { stdin })
    const lines = result.stdout.split("\n").filter((line) => line !== "")
    expect(lines).toHaveLength(group.length)
    expect(result.code).toBe(group.every((c) => c.valid) ? 0 : 1)
    for (const [index, c] of group.entries())
      verdicts.set(c, JSON.parse(lines[index] ?? "null") as VerdictLine)
  }
  for (const c of cases.filter((c) => /[\r\n]/.test(c.input))) {
    const result = await runCli(["address", "validate", c.input, "--json", ...optionsOf(c)])
    verdicts.set(c, JSON.parse(result.stdout) as VerdictLine)
  }
  return verdicts
}

const conformance = (file: string, cases: ReadonlyArray<Case>) =>
  describe(`address validate --stdin --json agrees with ${file}`, () => {
    let verdicts: Map<Case, VerdictLine>
    beforeAll(async () => {
      verdicts = await runCases(cases)
    })
    it.each(cases.map((c) => [c.id, c] as const))("%s", (_id, c) => {
      const verdict = verdicts.get(c)
      expect(verdict?.input).toBe(c.input)
      expect(verdict?.valid).toBe(c.valid)
      if (c.network) expect(verdict?.network).toBe(c.network)
      if (!c.valid) expect(verdict?.error).toEqual(expect.any(String))
    })
  })

conformance("eip55.json", eip55Cases())
conformance("bech32-addresses.json", bech32Cases())
conformance("base58-addresses.json", base58Cases())
conformance("solana-addresses.json", solanaCases())
conformance("caip.json", caipCases())

describe("appkit-cli address validate", () => {
  it("prints a readable verdict and exits 0 for a valid address", async () => {
    const result = await runCli(["address", "validate", "0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb"])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        "0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb: valid",
        "  namespace   eip155",
        "  normalized  0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        "",
      ].join("\n"),
    )
  })

  it("exits 1 with the reason for an invalid address", async () => {
    const result = await runCli([
      "address",
      "validate",
      "bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk",
      "--network",
      "regtest",
    ])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("invalid")
    expect(result.stdout).toContain("error      Invalid address")
  })

  it("holds an address to Bitcoin when --network names a Bitcoin network, whatever its namespace", async () => {
    for (const address of [
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "11111111111111111111111111111111",
      "eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ]) {
      const result = await runCli(["address", "validate", address, "--network", "testnet", "--json"])
      expect(result.code).toBe(1)
      expect(JSON.parse(result.stdout)).toMatchObject({ input: address, valid: false })
    }
    // One the other side of the edge: a testnet address on testnet.
    const testnet = await runCli([
      "address",
      "validate",
      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
      "--network",
      "testnet",
    ])
    expect(testnet.code).toBe(0)
  })

  it("answers with the exact JSON shape for one address", async () => {
    const result = await runCli([
      "address",
      "validate",
      "bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk",
      "--json",
    ])
    expect(JSON.parse(result.stdout)).toEqual({
      input: "bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk",
      valid: true,
      namespace: "bip122",
      network: "mainnet",
      type: "p2wpkh",
      normalized: "bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk",
      error: null,
    })
  })

  it("streams one readable line per input, in order, blank lines included", async () => {
    const stdin = "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb\r\n\nnot-an-address\n"
    const result = await runCli(["address", "validate", "--stdin"], { stdin })
    expect(result.code).toBe(1)
    const lines = result.stdout.trimEnd().split("\n")
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^valid {4}0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb {2}eip155$/)
    expect(lines[1]).toMatch(/^invalid {2}"" {2}Not a valid address/)
    expect(lines[2]).toMatch(/^invalid {2}not-an-address {2}/)
  })

  it("keeps up with a large stream without losing or reordering lines", async () => {
    const inputs = Array.from({ length: 5_000 }, (_, i) =>
      i % 2 ? "11111111111111111111111111111111" : `bad${i}`,
    )
    const result = await runCli(["address", "validate", "--stdin", "--json"], {
      stdin: `${inputs.join("\n")}\n`,
    })
    const lines = result.stdout.trimEnd().split("\n")
    expect(lines).toHaveLength(inputs.length)
    expect(lines.map((line) => (JSON.parse(line) as VerdictLine).input)).toEqual(inputs)
  })

  it("ends quietly when its reader goes away mid-stream (like `| head -1`)", async () => {
    const child = spawn(process.execPath, [cliPath, "address", "validate", "--stdin"], { stdio: "pipe" })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.stdout.once("data", () => child.stdout.destroy())
    child.stdin.on("error", () => {}) // the CLI may stop reading before all input is written
    child.stdin.end("bad\n".repeat(200_000))
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(stderr).toBe("")
    expect(code).toBe(1)
  })

  it("reads the list from stdin when ADDRESS is `-`, one line each, as --stdin does", async () => {
    // CRLF, a blank line and a final line without a newline: each line is one input, the \r is no part of it.
    const stdin = "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb\r\n\n11111111111111111111111111111111"
    const dash = await runCli(["address", "validate", "-"], { stdin })
    expect(dash.code).toBe(1)
    expect(dash.stderr).toBe("")
    expect(dash.stdout.trimEnd().split("\n")).toEqual([
      expect.stringMatching(/^valid {4}0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb {2}eip155$/),
      expect.stringMatching(/^invalid {2}"" {2}/),
      expect.stringMatching(/^valid {4}11111111111111111111111111111111 {2}solana /),
    ])
    const json = await runCli(["address", "validate", "-", "--json"], { stdin })
    expect(
      json.stdout
        .trimEnd()
        .split("\n")
        .map((line) => (JSON.parse(line) as VerdictLine).input),
    ).toEqual(["0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb", "", "11111111111111111111111111111111"])
    const allValid = await runCli(["address", "validate", "-"], {
      stdin: "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb\n",
    })
    expect(allValid.code).toBe(0)
    expect(await runCli(["address", "validate", "-"], { stdin: "" })).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    })
  })

  it("exits 0 for an empty stream", async () => {
    expect(await runCli(["address", "validate", "--stdin"], { stdin: "" })).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    })
  })

  it("shows the group's help on stderr (exit 2) when run without a subcommand", async () => {
    const result = await runCli(["address"])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe("")
    expect(result.stderr).toMatch(/^Usage: appkit-cli address/)
    expect(result.stderr).toContain("validate [options] [ADDRESS]")
    expect(result.stderr).not.toContain("(outputHelp)")
  })

  it.each([
    [[], "Missing ADDRESS (or use --stdin)", 2],
    [["x", "--stdin"], "Give either ADDRESS or --stdin, not both", 2],
    [["-", "--stdin"], "Give either ADDRESS or --stdin, not both", 2],
    [["x", "--namespace", "tron"], "Unknown --namespace 'tron'", 1],
    [["x", "--network", "testnet3"], "Unknown --network 'testnet3'", 1],
    [
      ["x", "--namespace", "eip155", "--network", "mainnet"],
      "--network applies to bip122 addresses, not eip155",
      1,
    ],
  ])(
    "refuses %j in one line: a usage error exits 2, a refused option value 1",
    async (args, message, code) => {
      const result = await runCli(["address", "validate", ...args])
      expect(result.code).toBe(code)
      expect(result.stdout).toBe("")
      expect(result.stderr).toContain(message)
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1)
    },
  )
})
