import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { deterministicKeypair } from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath, firstLine, freeStackPorts, runCli } from "../support/cli"

// The built appkit-cli on `appkit-cli dev`'s Solana chain: balance, send (SOL and SPL) and sign message with
// --chain solana:…, signed by a solana-keygen key file or APPKIT_SOLANA_KEY.

const home = mkdtempSync(join(tmpdir(), "appkit-solana-cli-"))
const env = { APPKIT_HOME: home, APPKIT_SOLANA_KEY: "", APPKIT_SOLANA_RPC_URL: "" }
let dev: ChildProcess
let stack: { readonly solanaRpcUrl: string; readonly solanaChainId: string }
const sender = deterministicKeypair("account 0")
const receiver = deterministicKeypair("account 1")
const mint = deterministicKeypair("spl token mint").address
const keyFile = join(home, "id.json")

const lamportsOf = async (address: string): Promise<bigint> => {
  const response = await fetch(stack.solanaRpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getBalance", params: [address] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}
const cli = (args: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}) =>
  runCli(args, { env: { ...env, ...extra }, timeoutMs: 30_000 })
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>

beforeAll(async () => {
  dev = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
    env: { ...process.env, APPKIT_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  })
  stack = JSON.parse(await firstLine(dev, 30_000))
  writeFileSync(keyFile, JSON.stringify([...sender.secretKey]))
}, 40_000)
afterAll(async () => {
  if (dev === undefined || dev.exitCode !== null) return
  const exited = once(dev, "exit")
  dev.kill("SIGTERM")
  await exited
})

describe("appkit-cli on the dev stack's Solana chain", () => {
  it("reads a balance exactly, from the dev stack's node (the key's own address by default)", async () => {
    const result = await cli(["balance", "--chain", stack.solanaChainId, "--keypair", keyFile, "--json"])
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    expect(json(result.stdout)).toMatchObject({
      chainId: stack.solanaChainId,
      address: sender.address,
      decimals: 9,
      balanceUnits: String(await lamportsOf(sender.address)),
    })
    const text = await cli(["balance", receiver.address, "--chain", stack.solanaChainId])
    expect(text.stdout).toMatch(/^\d+(\.\d+)?\n$/)
  })

  it("sends 1.5 SOL with a key file: the balances change by exactly the amount and the §9 fee", async () => {
    const [senderBefore, receiverBefore] = [
      await lamportsOf(sender.address),
      await lamportsOf(receiver.address),
    ]
    const result = await cli([
      "send",
      "--chain",
      stack.solanaChainId,
      "--keypair",
      keyFile,
      "--to",
      receiver.address,
      "--amount",
      "1.5",
      "--json",
    ])
    expect(result.code).toBe(0)
    const sent = json(result.stdout)
    expect(sent).toMatchObject({
      status: "confirmed",
      from: sender.address,
      to: receiver.address,
      amountUnits: "1500000000",
      computeUnitLimit: 500,
      computeUnitPriceMicroLamports: "20000000",
    })
    expect(base58.decode(sent.signature as string)).toHaveLength(64)
    expect(await lamportsOf(receiver.address)).toBe(receiverBefore + 1_500_000_000n)
    expect(await lamportsOf(sender.address)).toBe(senderBefore - 1_500_000_000n - 15_000n)
  })

  it("sends an SPL token with APPKIT_SOLANA_KEY in base58 to a fresh owner, creating its token account", async () => {
    const fresh = deterministicKeypair("cli fresh SPL owner").address
    const result = await cli(
      ["send", "--chain", stack.solanaChainId, "--token", mint, "--to", fresh, "--amount", "2.5", "--json"],
      { APPKIT_SOLANA_KEY: base58.encode(sender.secretKey) },
    )
    expect(result.stderr).toBe("")
    expect(json(result.stdout)).toMatchObject({
      status: "confirmed",
      token: mint,
      decimals: 6,
      amountUnits: "2500000",
      createsRecipientTokenAccount: true,
    })
  })

  it("signs a message with ed25519; the signature verifies for the key's address and not for another text", async () => {
    const result = await cli([
      "sign",
      "message",
      "hello solana",
      "--chain",
      stack.solanaChainId,
      "--keypair",
      keyFile,
      "--json",
    ])
    const { address, signature } = json(result.stdout) as { address: string; signature: string }
    expect(address).toBe(sender.address)
    const bytes = (text: string) => new TextEncoder().encode(text)
    expect(ed25519.verify(base58.decode(signature), bytes("hello solana"), base58.decode(address))).toBe(true)
    expect(ed25519.verify(base58.decode(signature), bytes("hello solanA"), base58.decode(address))).toBe(
      false,
    )
  })

  it("refuses bad keys with a clear message and exit 1, before asking the node anything", async () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [JSON.stringify([...sender.secretKey].slice(0, 63)), "A Solana secret key is 64 bytes (got 63)"],
      [
        JSON.stringify([...sender.secretKey.slice(0, 32), ...receiver.secretKey.slice(32)]),
        "second half is not the public key",
      ],
      [
        JSON.stringify([...sender.secretKey].map((byte, i) => (i === 0 ? 256 : byte))),
        "JSON array of 64 bytes",
      ],
      ["not a key", "JSON array of 64 bytes"],
    ]
    for (const [content, message] of cases) {
      const file = join(home, "bad.json")
      writeFileSync(file, content)
      const result = await cli([
        "send",
        "--chain",
        stack.solanaChainId,
        "--keypair",
        file,
        "--to",
        receiver.address,
        "--amount",
        "1",
      ])
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`--keypair ${file}: `)
      expect(result.stderr).toContain(message)
    }
    const missing = await cli([
      "sign",
      "message",
      "x",
      "--chain",
      stack.solanaChainId,
      "--keypair",
      join(home, "none.json"),
    ])
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining("cannot read it (ENOENT)")])
    const badEnv = await cli(["sign", "message", "x", "--chain", stack.solanaChainId], {
      APPKIT_SOLANA_KEY: "[1,2,3]",
    })
    expect(badEnv.stderr).toContain("APPKIT_SOLANA_KEY: A Solana secret key is 64 bytes (got 3)")
  })

  it("refuses a node that serves another cluster than --chain, and a base58 --to that is no address", async () => {
    const mainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    const mismatch = await cli([
      "balance",
      receiver.address,
      "--chain",
      mainnet,
      "--rpc-url",
      stack.solanaRpcUrl,
      "--json",
    ])
    expect(mismatch.code).toBe(2)
    expect(json(mismatch.stderr)).toMatchObject({ error: { code: "ChainMismatch" } })
    const badTo = await cli([
      "send",
      "--chain",
      stack.solanaChainId,
      "--keypair",
      keyFile,
      "--to",
      "0x1234",
      "--amount",
      "1",
    ])
    expect(badTo.code).toBe(1)
    expect(badTo.stderr).toMatch(/^--to: /)
  })
})
