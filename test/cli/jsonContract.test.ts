import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { type Anvil, type FixtureApi, regtestFunding, startAnvil, startFixtureApi } from "@appkit/fixtures"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadVectors } from "../../core/src/testing/vectors"
import { isChecksumAddress } from "../../core/src/validation/address/evm"
import { cliPath, freeStackPorts, runCli } from "../support/cli"
import { unsignedDevWalletPsbt } from "../support/devWalletPsbt"

/**
 * The output contract (README, "Output contract"), checked on every command's --json output: camelCase keys,
 * no fractional numbers (money is decimal strings next to base units), `decimals` a number, EVM addresses
 * checksummed, lists under `data`; and every failure one JSON line {error: {code, message}} on stderr, with
 * the exit code of the text mode.
 */
let api: FixtureApi
let anvil: Anvil
let home: string
const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const bob = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const typedData = JSON.stringify({
  domain: { name: "AppKit", version: "1", chainId: 31337 },
  types: { Mail: [{ name: "contents", type: "string" }] },
  primaryType: "Mail",
  message: { contents: "hello" },
})
const siwe = [
  "app.example wants you to sign in with your Ethereum account:",
  alice,
  "",
  "",
  "URI: https://app.example",
  "Version: 1",
  "Chain ID: 1",
  "Nonce: abcdefgh1",
  "Issued At: 2030-01-01T00:00:00Z",
].join("\n")

const psbtV2 = (
  loadVectors<{ id: string; input: string }>("psbt.json").vectors.find((vector) =>
    vector.id.startsWith("BIP-370 valid #25"),
  ) as { input: string }
).input
let siweSignature: string
/** A PSBT spending a coin of the dev Bitcoin wallet (the default signer of `btc sign-psbt`). */
let ownedPsbt: string
const btcRecipient = regtestFunding[2]?.address as string

beforeAll(async () => {
  ;[api, anvil] = await Promise.all([startFixtureApi(), startAnvil({ accounts: 2 })])
  home = mkdtempSync(join(tmpdir(), "appkit-contract-"))
  writeFileSync(join(home, "typed.json"), typedData)
  writeFileSync(join(home, "siwe.txt"), siwe)
  siweSignature = await privateKeyToAccount(key).signMessage({ message: siwe })
  ownedPsbt = unsignedDevWalletPsbt(api, btcRecipient)
})
afterAll(async () => {
  await Promise.all([api.close(), anvil.stop()])
})

const env = () => ({
  APPKIT_HOME: home,
  APPKIT_API_URL: api.url,
  APPKIT_RPC_URL: anvil.rpcUrl,
  APPKIT_CONFIG: join(home, "no-config.json"),
  APPKIT_PROJECT_ID: "",
  APPKIT_PRIVATE_KEY: key,
  APPKIT_BTC_PRIVATE_KEY: "",
})

/** Every way a document breaks the shape rules, as readable paths (empty when it keeps them all). */
const violations = (document: unknown): ReadonlyArray<string> => {
  const found: Array<string> = []
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [index, entry] of value.entries()) walk(entry, `${path}[${index}]`)
      return
    }
    if (typeof value === "number" && !Number.isInteger(value)) found.push(`${path}: the float ${value}`)
    if (typeof value === "string") {
      const address = /(?:^|^eip155:\d+:)(0x[0-9a-fA-F]{40})$/.exec(value)?.[1]
      if (address !== undefined && !isChecksumAddress(address)) found.push(`${path}: ${value} is not EIP-55`)
    }
    if (typeof value !== "object" || value === null) return
    for (const [key, entry] of Object.entries(value)) {
      if (!/^([a-z][a-zA-Z0-9]*|\d+)$/.test(key)) found.push(`${path}.${key}: not camelCase`)
      if (key === "decimals" && typeof entry !== "number") found.push(`${path}.decimals: not a number`)
      walk(entry, `${path}.${key}`)
    }
  }
  walk(document, "$")
  return found
}

const documents = (stdout: string): ReadonlyArray<unknown> =>
  stdout
    .trim()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown)

/** Commands that succeed on the local stack; `list` names the key their list must be under. */
const succeeding: ReadonlyArray<{
  readonly args: ReadonlyArray<string>
  readonly list?: "data"
  readonly stdin?: string
}> = [
  { args: ["address", "validate", bob] },
  { args: ["caip", "parse", `eip155:1:${bob}`, "eip155:1"] },
  { args: ["amount", "parse", "1.5", "--decimals", "18"] },
  { args: ["amount", "format", "1500000", "--decimals", "6"] },
  { args: ["rpc", "check", "eth_sendTransaction"] },
  {
    args: [
      "siwe",
      "create",
      "--domain",
      "a.example",
      "--address",
      alice,
      "--uri",
      "https://a.example",
      "--chain-id",
      "1",
    ],
  },
  { args: ["siwe", "parse", "-"], stdin: siwe },
  {
    args: [
      "siwe",
      "verify",
      "--message-file",
      "SIWE",
      "--signature",
      "SIWE_SIGNATURE",
      "--time",
      "2030-01-01T00:00:01Z",
    ],
  },
  { args: ["psbt", "inspect", "PSBT_V2"] },
  { args: ["btc", "balance", regtestFunding[1]?.address as string] },
  { args: ["btc", "sign-message", "gm", "--network", "mainnet"] },
  { args: ["btc", "send", "--to", btcRecipient, "--amount", "0.001"] },
  { args: ["btc", "sign-psbt", "PSBT_OWNED"] },
  { args: ["balance", alice] },
  { args: ["send", "--to", bob, "--amount", "0.001"] },
  { args: ["sign", "message", "hi"] },
  { args: ["sign", "typed-data", "TYPED"] },
  { args: ["connect", "--chain", "31337"] },
  { args: ["status"] },
  { args: ["disconnect"] },
  { args: ["tokens", "--address", alice, "--chain", "1"], list: "data" },
  { args: ["activity", "--address", alice], list: "data" },
  { args: ["wallets", "list"], list: "data" },
  { args: ["names", "resolve", "alice.reown.id"] },
  { args: ["names", "reverse", bob], list: "data" },
  { args: ["names", "suggest", "alice"], list: "data" },
  {
    args: [
      "swap",
      "quote",
      "--chain",
      "1",
      "--from",
      "USDC",
      "--to",
      "ETH",
      "--amount",
      "1",
      "--address",
      alice,
    ],
  },
  { args: ["onramp", "options"] },
  { args: ["onramp", "quote", "--amount", "100"] },
]

/** A failing variant of each kind of command: the exit code the text mode gives, and the same in JSON. */
const failing: ReadonlyArray<{ readonly args: ReadonlyArray<string>; readonly code: 1 | 2 }> = [
  { args: ["address", "validate"], code: 2 },
  { args: ["amount", "parse", "1", "--decimals", "999"], code: 1 },
  { args: ["rpc", "check", "x", "--namespace", "tron"], code: 1 },
  { args: ["siwe", "parse", "-"], code: 1 },
  { args: ["balance", "0xBAD"], code: 1 },
  { args: ["balance", alice, "--rpc-url", "http://127.0.0.1:1"], code: 2 },
  { args: ["send", "--to", bob, "--amount", "-1"], code: 1 },
  { args: ["sign", "typed-data", "/nonexistent/typed.json"], code: 2 },
  { args: ["tokens", "--address", "0xBAD", "--chain", "1"], code: 1 },
  { args: ["tokens", "--address", alice, "--chain", "ethereum"], code: 1 },
  { args: ["wallets", "list", "--page", "0"], code: 1 },
  { args: ["names", "resolve", "alice", "--api-url", "http://127.0.0.1:1", "--timeout", "2"], code: 2 },
  {
    args: [
      "swap",
      "quote",
      "--chain",
      "sepolia",
      "--from",
      "A",
      "--to",
      "B",
      "--amount",
      "1",
      "--address",
      alice,
    ],
    code: 1,
  },
  { args: ["onramp", "quote", "--amount", "1e3"], code: 1 },
  { args: ["status", "--no-such-flag"], code: 2 },
  { args: ["btc", "send", "--to", "bc1qnotanaddress", "--amount", "0.1"], code: 1 },
  { args: ["btc", "send", "--to", btcRecipient, "--amount", "0.000000001"], code: 1 },
  { args: ["btc", "sign-psbt", "notapsbt"], code: 1 },
  { args: ["dev", "--port", "70000"], code: 1 },
  { args: ["dev", "wallet", "--uri", "https://wallet.example"], code: 1 },
]

/** Placeholders for what exists only once the suite started: files, a signature, a long vector. */
const withFiles = (args: ReadonlyArray<string>) =>
  args.map(
    (arg) =>
      ({
        TYPED: join(home, "typed.json"),
        SIWE: join(home, "siwe.txt"),
        SIWE_SIGNATURE: siweSignature,
        PSBT_V2: psbtV2,
        PSBT_OWNED: ownedPsbt,
      })[arg] ?? arg,
  )

describe("--json output contract", () => {
  it.each(succeeding.map((entry) => [entry.args.slice(0, 2).join(" "), entry] as const))(
    "%s: documents keep the shape rules",
    async (_name, { args, list, stdin }) => {
      const result = await runCli([...withFiles(args), "--json"], { env: env(), ...(stdin ? { stdin } : {}) })
      expect(result.code, result.stderr).toBe(0)
      const docs = documents(result.stdout)
      expect(docs.length).toBeGreaterThan(0)
      for (const doc of docs) expect(violations(doc)).toEqual([])
      if (list !== undefined) expect(Array.isArray((docs[0] as Record<string, unknown>)[list])).toBe(true)
    },
  )

  it.each(failing.map((entry) => [entry.args.join(" "), entry] as const))(
    "%s: fails with one JSON error line on stderr and the text mode's exit code",
    async (_name, { args, code }) => {
      const [json, text] = await Promise.all([
        runCli([...args, "--json"], { env: env(), stdin: "not a message" }),
        runCli(args, { env: env(), stdin: "not a message" }),
      ])
      expect(json.code).toBe(code)
      expect(text.code).toBe(code)
      expect(json.stdout).toBe("")
      const lines = json.stderr.trim().split("\n")
      expect(lines).toHaveLength(1)
      const parsed = JSON.parse(lines[0] ?? "") as { error: { code: string; message: string } }
      expect(Object.keys(parsed)).toEqual(["error"])
      expect(parsed.error).toEqual({
        code: expect.stringMatching(/^[A-Z][A-Za-z]+$/),
        message: text.stderr.trim(),
      })
    },
  )
})

/** The JSON lines a long-running command prints until `done` says enough (bounded: a silent one fails). */
const linesUntil = (
  child: ChildProcess,
  done: (lines: ReadonlyArray<string>) => boolean,
  timeoutMs: number,
): Promise<ReadonlyArray<string>> =>
  new Promise((resolve, reject) => {
    const lines: Array<string> = []
    const reader = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    const timer = setTimeout(
      () => reject(new Error(`after ${timeoutMs} ms only: ${lines.join("\n")}`)),
      timeoutMs,
    )
    reader.on("line", (line) => {
      lines.push(line)
      if (!done(lines)) return
      clearTimeout(timer)
      reader.close()
      resolve(lines)
    })
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${lines.join("\n")}`)))
  })

const stop = async (child: ChildProcess | undefined) => {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, "exit")
  child.kill("SIGTERM")
  await exited
}

describe("--json output contract of the long-running commands", () => {
  const devHome = mkdtempSync(join(tmpdir(), "appkit-contract-dev-"))
  const running: Array<ChildProcess> = []
  const start = (args: ReadonlyArray<string>) => {
    const child = spawn(process.execPath, [cliPath, ...args, "--json"], {
      env: { ...process.env, APPKIT_HOME: devHome, APPKIT_PRIVATE_KEY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    running.push(child)
    return child
  }
  afterAll(async () => {
    for (const child of running.reverse()) await stop(child)
  })

  it("dev: the stack's document, then dev wallet: one event a line, keep the shape rules", async () => {
    const [first] = await linesUntil(start(["dev", ...freeStackPorts]), (lines) => lines.length >= 1, 60_000)
    const stack = JSON.parse(first ?? "") as { relayUrl: string; swap: { tokens: ReadonlyArray<unknown> } }
    expect(violations(stack)).toEqual([])
    expect(stack.relayUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+/)
    expect(stack.swap.tokens).toHaveLength(2)

    // A well-formed URI nobody proposes on: the wallet subscribes to its topic, which is all "paired" needs.
    const uri = `wc:${"ab".repeat(32)}@2?relay-protocol=irn&symKey=${"01".repeat(32)}`
    const events = await linesUntil(
      start(["dev", "wallet", "--uri", uri, "--relay-url", stack.relayUrl]),
      (lines) => lines.some((line) => line.includes('"paired"')),
      30_000,
    )
    const documents = events.map((line) => JSON.parse(line) as { event: string })
    expect(documents.map((document) => document.event)).toEqual(["pairing", "paired"])
    for (const document of documents) expect(violations(document)).toEqual([])
  }, 120_000)
})
