import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { deadLoopbackUrl } from "../support/ports"

/** The data commands run from the built bundle against a started fixture API, as a user runs them. */
let api: FixtureApi
let deadUrl: string
const noConfig = join(tmpdir(), "appkit-cli-test-no-config.json")
const env = () => ({ APPKIT_API_URL: api.url, APPKIT_CONFIG: noConfig, APPKIT_PROJECT_ID: "" })
const cli = (args: ReadonlyArray<string>, extraEnv: NodeJS.ProcessEnv = {}) =>
  runCli(args, { env: { ...env(), ...extraEnv } })

const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

beforeAll(async () => {
  api = await startFixtureApi()
  deadUrl = await deadLoopbackUrl()
})
afterEach(() => api.faults.clear())
afterAll(() => api.close())

describe("appkit-cli tokens", () => {
  it("prints balances with prices as a table, and as JSON with --json", async () => {
    const table = await cli(["tokens", "--address", alice, "--chain", "eip155:1"])
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/^Symbol\s+Name\s+Balance\s+Price\s+Value\n/)
    expect(table.stdout).toMatch(/^ETH\s+Ether\s+\d+\.\d{3}\s+\$3,120\.45/m)
    expect(table.stdout).toMatch(/^Total \$[\d,]+\.\d\d$/m)
    const json = await cli(["tokens", "--address", alice, "--chain", "eip155:1", "--json"])
    const body = JSON.parse(json.stdout)
    expect(body.chainId).toBe("eip155:1")
    expect(body.data.map((entry: { symbol: string }) => entry.symbol)).toContain("ETH")
    // The 0-decimals points token the server lists is not a displayable balance.
    expect(body.data.map((entry: { symbol: string }) => entry.symbol)).not.toContain("FXP")
    // Money as exact decimal strings next to base units; decimals a number; USD as decimal strings.
    const eth = body.data.find((entry: { symbol: string }) => entry.symbol === "ETH")
    expect(eth).toMatchObject({ decimals: 18, priceUsd: "3120.45" })
    expect(BigInt(eth.balanceUnits)).toBe(
      BigInt(eth.balance.replace(".", "")) * 10n ** BigInt(18 - (eth.balance.split(".")[1]?.length ?? 0)),
    )
  })

  it("takes the API URL from the flag over the environment, and from the config file", async () => {
    const flag = await cli(
      ["tokens", "--address", alice, "--chain", "eip155:1", "--json", "--api-url", api.url],
      {
        APPKIT_API_URL: deadUrl,
      },
    )
    expect(flag.code).toBe(0)
    const config = join(mkdtempSync(join(tmpdir(), "appkit-cli-")), "config.json")
    writeFileSync(config, JSON.stringify({ apiUrl: api.url, projectId: "from-config" }))
    const before = api.requests().length
    const fromFile = await cli(["tokens", "--address", alice, "--chain", "eip155:10", "--json"], {
      APPKIT_API_URL: undefined,
      APPKIT_CONFIG: config,
    })
    expect(fromFile.code).toBe(0)
    const sent = api.requests().slice(before)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.every((request) => request.query.projectId === "from-config")).toBe(true)
  })

  it("requires a project id for a non-local API, before any request", async () => {
    const result = await cli([
      "tokens",
      "--address",
      alice,
      "--chain",
      "eip155:1",
      "--api-url",
      "https://api.example.invalid",
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Project ID Not Configured/)
  })
})

describe("appkit-cli activity", () => {
  it("pages with the printed cursor", async () => {
    const first = JSON.parse((await cli(["activity", "--address", alice, "--json"])).stdout)
    expect(first.chainId).toBe("eip155:1")
    expect(first.next).toEqual(expect.any(String))
    const second = JSON.parse(
      (await cli(["activity", "--address", alice, "--cursor", first.next, "--json"])).stdout,
    )
    const firstIds = new Set(first.data.map((entry: { id: string }) => entry.id))
    expect(second.data.some((entry: { id: string }) => firstIds.has(entry.id))).toBe(false)
    const table = await cli(["activity", "--address", alice])
    expect(table.stdout).toContain(`--cursor ${first.next}`)
  })

  it("says what the API refused, not only its status", async () => {
    const result = await cli(["activity", "--address", alice, "--cursor", "not-a-cursor"])
    expect(result).toMatchObject({ code: 2, stdout: "", stderr: "HTTP status code: 400 (Invalid cursor)\n" })
  })

  it("asks for --chain for non-EVM addresses, and checks the address for the chain, before any request", async () => {
    const before = api.requests().length
    const result = await cli(["activity", "--address", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"])
    expect(result).toMatchObject({ code: 1, stdout: "" })
    expect(result.stderr).toBe("--chain is required for an address that is not an EVM (0x) address\n")
    const empty = await cli(["activity", "--address", " "])
    expect(empty).toMatchObject({ code: 1, stdout: "" })
    const wrongChain = await cli([
      "activity",
      "--address",
      alice,
      "--chain",
      "bip122:000000000019d6689c085ae165831e93",
    ])
    expect(wrongChain).toMatchObject({ code: 1, stdout: "" })
    expect(wrongChain.stderr).toMatch(/^--address: /)
    expect(api.requests().length).toBe(before)
  })
})

describe("appkit-cli wallets list", () => {
  it("lists pages of 40, searches, and says which page it shows", async () => {
    const first = JSON.parse((await cli(["wallets", "list", "--json"])).stdout)
    expect(first.data).toHaveLength(40)
    expect(first.count).toBeGreaterThanOrEqual(500)
    const last = await cli(["wallets", "list", "--page", String(first.pages)])
    expect(last.stdout).toContain(`Page ${first.pages} of ${first.pages} (${first.count} wallets)`)
    const search = await cli(["wallets", "list", "--search", "metamask"])
    expect(search.stdout).toMatch(/MetaMask\s+\d+\s+certified\s+io\.metamask/)
    const bitcoin = JSON.parse(
      (await cli(["wallets", "list", "--chains", "bip122:000000000019d6689c085ae165831e93", "--json"]))
        .stdout,
    )
    expect(bitcoin.count).toBeLessThan(first.count)
    expect(bitcoin.data.map((wallet: { name: string }) => wallet.name)).toContain("Xverse")
    expect((await cli(["wallets", "list", "--page", "0"])).code).toBe(1)
    expect((await cli(["wallets", "list", "--chains", "eip155:1,ethereum"])).code).toBe(1)
  })
})

describe("appkit-cli names", () => {
  it("resolves, reverses and suggests; an unregistered name exits 1", async () => {
    const resolved = await cli(["names", "resolve", "alice.reown.id"])
    expect(resolved.code).toBe(0)
    expect(resolved.stdout).toContain(alice)
    const missing = await cli(["names", "resolve", "nobody-here.reown.id"])
    expect(missing).toMatchObject({ code: 1, stdout: "nobody-here.reown.id is not registered\n" })
    // Only the API's own answer means "not registered": a 404 from a wrong base path is a failure.
    const wrongPath = await cli(["names", "resolve", "alice.reown.id", "--api-url", `${api.url}/wrong/path`])
    expect(wrongPath).toMatchObject({ code: 2, stdout: "" })
    expect(wrongPath.stderr).toMatch(/HTTP status code: 404 \(No such endpoint/)
    const badName = await cli(["names", "resolve", "alice reown"])
    expect(badName).toMatchObject({ code: 1, stdout: "" })
    const reverse = await cli(["names", "reverse", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"])
    expect(reverse.stdout).toBe("bob.reown.id\n")
    const suggestions = JSON.parse((await cli(["names", "suggest", "alice", "--json"])).stdout)
    expect(suggestions.data).toContainEqual({ name: "alice.reown.id", registered: true })
  })
})

describe("appkit-cli swap quote", () => {
  const swapQuote = (chain: string, from: string, to: string, amount: string) => [
    "swap",
    "quote",
    "--chain",
    chain,
    "--from",
    from,
    "--to",
    to,
    "--amount",
    amount,
    "--address",
    alice,
  ]

  it("quotes exactly, by symbol, and refuses networks without swaps", async () => {
    const quote = await cli(swapQuote("eip155:1", "USDC", "ETH", "3120.45"))
    expect(quote.code).toBe(0)
    expect(quote.stdout).toMatch(/You receive\s+0\.997 ETH/)
    const json = JSON.parse(
      (await cli([...swapQuote("eip155:1", "USDC", "ETH", "3120.45"), "--json"])).stdout,
    )
    expect(json).toMatchObject({
      toAmount: "0.997",
      toAmountUnits: "997000000000000000",
      to: { decimals: 18 },
    })
    const refused = await cli(swapQuote("sepolia", "ETH", "USDC", "1"))
    expect(refused).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "--chain: Network not supported for Swaps\n",
    })
    const badAmount = await cli(swapQuote("eip155:1", "USDC", "ETH", "1.1234567"))
    expect(badAmount.code).toBe(1)
    expect(badAmount.stderr).toMatch(/^--amount: /)
  })
})

describe("appkit-cli onramp", () => {
  it("shows the served options, and the sample options when the API refuses", async () => {
    const served = JSON.parse((await cli(["onramp", "options", "--json"])).stdout)
    expect(served.fallback).toBe(false)
    expect(served.paymentCurrencies.map((currency: { id: string }) => currency.id)).toContain("GBP")
    api.faults.set("/v1/onramp/options", { status: 401, message: "Unauthorized: invalid key" })
    const refused = await cli(["onramp", "options"])
    expect(refused).toMatchObject({ code: 2, stdout: "" })
    expect(refused.stderr).toMatch(/^The onramp API did not answer with options; --allow-fallback/)
    const fallback = await cli(["onramp", "options", "--allow-fallback"])
    expect(fallback.code).toBe(0)
    expect(fallback.stdout).toMatch(/^The onramp API was unavailable/)
  })

  it("quotes with fees, and falls back to the mocked quote when the quote call fails", async () => {
    const quote = JSON.parse(
      (await cli(["onramp", "quote", "--amount", "100", "--buy", "ETH", "--network", "base", "--json"]))
        .stdout,
    )
    expect(quote).toMatchObject({ mocked: false, paymentTotal: { amount: "100", currency: "USD" } })
    api.faults.set("/v1/onramp/quote", { malformed: true })
    const tooMuch = await cli(["onramp", "quote", "--amount", "25000.01"])
    expect(tooMuch).toMatchObject({ code: 1, stdout: "" })
    expect(tooMuch.stderr).toMatch(
      /^Amount 25000\.01 USD is outside the payment limits \(CARD 10\.00–7500\.00, /,
    )
    const refused = await cli(["onramp", "quote", "--amount", "100"])
    expect(refused).toMatchObject({ code: 2, stdout: "" })
    expect(refused.stderr).toMatch(/^The onramp API did not answer with a quote/)
    const mocked = await cli(["onramp", "quote", "--amount", "100", "--allow-fallback"])
    expect(mocked.stdout).toMatch(/^The quote API was unavailable/)
    expect(mocked.stdout).toMatch(/You pay\s+100 USD\n/)
  })
})

describe.concurrent("against a dead or stalled API", () => {
  const commands = [
    ["tokens", "--address", alice, "--chain", "eip155:1"],
    ["activity", "--address", alice],
    ["wallets", "list"],
    ["names", "resolve", "alice.reown.id"],
    [
      "swap",
      "quote",
      "--chain",
      "eip155:1",
      "--from",
      "USDC",
      "--to",
      "ETH",
      "--amount",
      "1",
      "--address",
      alice,
    ],
  ]
  it.each(commands)("%s fails within the timeout: exit 2, one line", async (...args) => {
    const result = await cli([...args, "--api-url", deadUrl, "--timeout", "1.5"])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe("")
    expect(result.stderr.trim().split("\n")).toHaveLength(1)
    expect(result.stderr).toMatch(
      /unreachable or did not answer within 1\.5 s|Network request failed|Token Balance Unavailable/,
    )
  })

  it.each([["options"], ["quote", "--amount", "100"]])(
    "onramp %s fails within the timeout too: exit 2, one line (the fallback only on request)",
    async (...args) => {
      const result = await cli(["onramp", ...args, "--api-url", deadUrl, "--timeout", "1500ms"])
      expect(result).toMatchObject({ code: 2, stdout: "" })
      expect(result.stderr.trim().split("\n")).toHaveLength(1)
      const fallback = await cli(["onramp", ...args, "--api-url", deadUrl, "--allow-fallback", "--json"])
      expect(fallback.code).toBe(0)
      expect(JSON.parse(fallback.stdout)).toMatchObject(
        args[0] === "options"
          ? { fallback: true, paymentCurrencies: [{ id: "USD" }, { id: "EUR" }] }
          : { mocked: true },
      )
    },
  )
})

describe("against a stalled API", () => {
  it("a stalled answer is cut at the timeout", async () => {
    api.faults.set("/v1/account/*/balance", { latencyMs: 60_000 })
    const result = await cli(["tokens", "--address", alice, "--chain", "eip155:1", "--timeout", "1s"])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      /^Token Balance Unavailable: Request timed out after 1000 ms|did not answer within 1 s/,
    )
  })
})
