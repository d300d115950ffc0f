import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { deterministicKeypair } from "@appkit/fixtures"
import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

// `appkit-cli siwx create|verify --chain solana:…`: a Sign-In With Solana message rendered by the CLI, signed
// by `sign message --chain solana:… --keypair` (a local solana-keygen key, no node needed), verified again.

const home = mkdtempSync(join(tmpdir(), "appkit-siwx-"))
const env = { APPKIT_HOME: home, APPKIT_SOLANA_KEY: "" }
const mainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const devnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const signer = deterministicKeypair("siwx cli signer")
const keyFile = join(home, "id.json")
writeFileSync(keyFile, JSON.stringify([...signer.secretKey]))
const cli = (args: ReadonlyArray<string>, stdin?: string) =>
  runCli(args, { env, ...(stdin === undefined ? {} : { stdin }) })

const fields = ["--domain", "app.example", "--uri", "https://app.example/login", "--nonce", "abcdef12345"]

describe("appkit-cli siwx on solana", () => {
  it("creates the SIWS message, which the key signs and verify accepts; a tampered text or another chain is invalid", async () => {
    const created = await cli([
      "siwx",
      "create",
      "--chain",
      mainnet,
      "--address",
      signer.address,
      ...fields,
      "--statement",
      "Sign in",
      "--issued-at",
      "2026-01-01T00:00:00Z",
    ])
    expect(created.code).toBe(0)
    const message = created.stdout
    expect(message).toBe(
      [
        "app.example wants you to sign in with your Solana account:",
        signer.address,
        "",
        "Sign in",
        "",
        "URI: https://app.example/login",
        "Version: 1",
        "Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        "Nonce: abcdef12345",
        "Issued At: 2026-01-01T00:00:00Z",
      ].join("\n"),
    )
    const signed = await cli(
      ["sign", "message", "-", "--chain", mainnet, "--keypair", keyFile, "--json"],
      message,
    )
    expect(signed.stderr).toBe("")
    const { signature } = JSON.parse(signed.stdout) as { signature: string }

    const file = join(home, "message.txt")
    writeFileSync(file, message)
    const verify = (chain: string, extra: ReadonlyArray<string> = []) =>
      cli([
        "siwx",
        "verify",
        "--chain",
        chain,
        "--message-file",
        file,
        "--signature",
        signature,
        "--json",
        ...extra,
      ])
    const valid = await verify(mainnet, ["--domain", "app.example", "--nonce", "abcdef12345"])
    expect([valid.code, JSON.parse(valid.stdout)]).toEqual([
      0,
      { valid: true, address: signer.address, reason: null, error: null },
    ])

    const otherChain = await verify(devnet)
    expect(otherChain.code).toBe(1)
    expect(JSON.parse(otherChain.stdout)).toMatchObject({ valid: false, reason: "SiwxChainMismatch" })

    writeFileSync(file, message.replace("Nonce: abcdef12345", "Nonce: abcdef12346"))
    const tampered = await verify(mainnet)
    expect(tampered.code).toBe(1)
    expect(JSON.parse(tampered.stdout)).toMatchObject({ valid: false, reason: "SiweInvalidSignature" })
  })

  it("refuses an address of another namespace, a namespace without sign-in, and an invalid field", async () => {
    const evmAddress = await cli([
      "siwx",
      "create",
      "--chain",
      mainnet,
      "--address",
      "0x000000000000000000000000000000000000dEaD",
      ...fields,
    ])
    expect([evmAddress.code, evmAddress.stderr]).toEqual([1, expect.stringMatching(/^--address: /)])
    const polkadot = await cli([
      "siwx",
      "create",
      "--chain",
      "polkadot:91b171bb158e2d3848fa23a9f1c25182",
      "--address",
      signer.address,
      ...fields,
    ])
    expect([polkadot.code, polkadot.stderr]).toEqual([1, expect.stringContaining("not supported")])
    const shortNonce = await cli([
      "siwx",
      "create",
      "--chain",
      mainnet,
      "--address",
      signer.address,
      ...fields,
      "--nonce",
      "abc",
    ])
    expect([shortNonce.code, shortNonce.stderr]).toEqual([
      1,
      expect.stringContaining("Invalid sign-in message"),
    ])
  })

  it("renders the same EIP-4361 text on eip155 as `siwe create`", async () => {
    const address = "0x000000000000000000000000000000000000dEaD"
    const common = ["--address", address, ...fields, "--issued-at", "2026-01-01T00:00:00Z"]
    const siwx = await cli(["siwx", "create", "--chain", "eip155:1", ...common])
    const siwe = await cli(["siwe", "create", "--chain-id", "1", ...common])
    expect(siwx.code).toBe(0)
    expect(siwx.stdout).toBe(siwe.stdout)
  })

  it("exits 2 for an impossible --time before reading the message, on each chain", async () => {
    const file = join(home, "not-a-message.txt")
    writeFileSync(file, "not a sign-in message")
    const verify = (chain: string, time: string) =>
      cli(["siwx", "verify", "--chain", chain, "--message-file", file, "--signature", "x", "--time", time])
    for (const chain of [mainnet, "eip155:1"]) {
      const impossible = await verify(chain, "2030-02-30T00:00:00Z")
      expect([impossible.code, impossible.stderr]).toEqual([2, expect.stringContaining("Invalid time")])
      expect((await verify(chain, "2030-02-28T00:00:00Z")).code).toBe(1)
    }
  })

  it("takes an eip155 address by the same rule as `siwe create`: single case checksummed, a wrong checksum refused", async () => {
    const checksummed = "0x000000000000000000000000000000000000dEaD"
    const create = async (address: string) => {
      const common = ["--address", address, ...fields, "--issued-at", "2026-01-01T00:00:00Z"]
      const siwx = await cli(["siwx", "create", "--chain", "eip155:1", ...common])
      const siwe = await cli(["siwe", "create", "--chain-id", "1", ...common])
      expect(siwe).toEqual(siwx)
      return siwx
    }
    for (const typed of [checksummed.toLowerCase(), checksummed.toUpperCase().replace("0X", "0x")]) {
      const created = await create(typed)
      expect([created.code, created.stdout.split("\n")[1]]).toEqual([0, checksummed])
    }
    const wrongCase = await create("0x000000000000000000000000000000000000DEaD")
    expect(wrongCase.code).toBe(1)
    expect(wrongCase.stderr).toContain(`its checksummed form is ${checksummed}`)
  })
})
