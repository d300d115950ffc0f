import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { hashPersonalMessage } from "@appkit/core/siwx"
import { loadVectors, testSigner, type Vector } from "@appkit/core/testing"
import { toChecksumAddress } from "@appkit/core/validation"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { contractWalletCode, installCode } from "../../core/src/testing/contractWallet"
import { runCli } from "../support/cli"

/** `appkit-cli siwe create|parse|verify` run as users run it, on the siwe-*.json vectors and a local chain. */

interface VerifyVector extends Vector {
  readonly input: { readonly message: string; readonly signature: string }
  readonly verify_params: { readonly time?: string; readonly domain?: string; readonly nonce?: string }
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "appkit-siwe-"))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The message exactly as signed: the CLI reads every byte, a final newline included. */
const messageFile = async (name: string, text: string | Uint8Array) => {
  const file = join(dir, name)
  await writeFile(file, text)
  return file
}

const verify = async (
  file: string,
  signature: string,
  params: VerifyVector["verify_params"] = {},
  extra: string[] = [],
) => {
  const flags = Object.entries(params).flatMap(([key, value]) => [`--${key}`, String(value)])
  return runCli([
    "siwe",
    "verify",
    "--message-file",
    file,
    "--signature",
    signature,
    "--json",
    ...flags,
    ...extra,
  ])
}

/** The vector with this id, or a failure naming it (never a silently skipped check). */
const vectorById = <V extends Vector>(file: string, id: string): V => {
  const vector = loadVectors<V>(file).vectors.find((v) => v.id === id)
  if (!vector) throw new Error(`${file} has no vector '${id}'`)
  return vector
}

describe("siwe parse", () => {
  const positive = vectorById<Vector & { readonly input: string }>(
    "siwe-parse-positive.json",
    "couple of optional fields",
  )
  it(`prints the fields of '${positive.id}' from stdin`, async () => {
    const result = await runCli(["siwe", "parse", "-", "--json"], { stdin: positive.input })
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject(positive.expected ?? {})
  })

  it("exits 1 with the reason for a malformed message", async () => {
    const negative = vectorById<Vector & { readonly input: string }>(
      "siwe-parse-negative.json",
      "out of order nonce",
    )
    const result = await runCli(["siwe", "parse"], { stdin: negative.input })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('expected "Nonce:"')
  })
})

describe("siwe verify on the vectors", () => {
  const positive = vectorById<VerifyVector>("siwe-verify-positive.json", "example message")
  const negative = ["domain binding", "custom time", "wrong signature"].map((id) =>
    vectorById<VerifyVector>("siwe-verify-negative.json", id),
  )

  it(`accepts '${positive.id}' (exit 0)`, async () => {
    const result = await verify(
      await messageFile("positive.txt", positive.input.message),
      positive.input.signature,
      positive.verify_params,
    )
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({
      valid: true,
      address: "0x9D85ca56217D2bb651b00f15e694EB7E713637D4",
      reason: null,
      error: null,
    })
  })

  for (const vector of negative) {
    it(`refuses '${vector.id}' (exit 1, with the reason)`, async () => {
      const result = await verify(
        await messageFile(`${vector.id}.txt`, vector.input.message),
        vector.input.signature,
        vector.verify_params,
      )
      expect(result.code).toBe(1)
      const report = JSON.parse(result.stdout) as { valid: boolean; error: string }
      expect(report.valid).toBe(false)
      expect(report.error.length).toBeGreaterThan(0)
    })
  }

  it("exits 2 for an impossible --time", async () => {
    const file = await messageFile("time.txt", positive.input.message)
    const result = await verify(file, positive.input.signature, { time: "2022-02-31T17:09:38.578Z" })
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "InvalidVerifyTime",
        message: "Invalid time: '2022-02-31T17:09:38.578Z' is not a real date and time",
      },
    })
  })

  it("exits 2 for an impossible --time before reading the message, which need not parse", async () => {
    const file = await messageFile("time-junk.txt", "not a sign-in message")
    const impossible = await verify(file, positive.input.signature, { time: "2022-02-31T17:09:38.578Z" })
    expect([impossible.code, JSON.parse(impossible.stderr).error.code]).toEqual([2, "InvalidVerifyTime"])
    const real = await verify(file, positive.input.signature, { time: "2022-02-28T17:09:38.578Z" })
    expect([real.code, JSON.parse(real.stdout).reason]).toEqual([1, "InvalidSiweMessage"])
  })
})

describe("malformed messages are named as such (exit 1), JSON with --json", () => {
  const positive = vectorById<VerifyVector>("siwe-verify-positive.json", "example message")
  const junk = Uint8Array.from({ length: 300 }, (_, index) => (index * 193 + 7) % 256)

  it("random bytes: parse and verify say what is wrong, not 'CRLF'", async () => {
    const parsed = await runCli(["siwe", "parse", await messageFile("junk.bin", junk)])
    expect(parsed.code).toBe(1)
    expect(parsed.stderr).toBe(
      'Invalid SIWE message: the first line must end with "wants you to sign in with your Ethereum account:"\n',
    )
    const json = await runCli(["siwe", "parse", await messageFile("junk2.bin", junk), "--json"])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        code: "InvalidSiweMessage",
        message: expect.stringMatching(/^Invalid SIWE message: the first line/),
      },
    })
    const verified = await verify(await messageFile("junk3.bin", junk), positive.input.signature)
    expect(verified.code).toBe(1)
    expect(JSON.parse(verified.stdout)).toMatchObject({ valid: false, reason: "InvalidSiweMessage" })
  })

  it("CRLF line ends: exit 1 naming them, JSON with --json", async () => {
    const file = await messageFile("crlf.txt", positive.input.message.replaceAll("\n", "\r\n"))
    const parsed = await runCli(["siwe", "parse", file, "--json"])
    expect(parsed).toMatchObject({ code: 1, stdout: "" })
    expect(JSON.parse(parsed.stderr).error.message).toBe(
      "Invalid SIWE message: it has CRLF line ends; EIP-4361 messages use LF only",
    )
    const verified = await verify(file, positive.input.signature, positive.verify_params)
    expect(verified.code).toBe(1)
    expect(JSON.parse(verified.stdout)).toMatchObject({
      reason: "InvalidSiweMessage",
      error: expect.stringContaining("CRLF"),
    })
  })

  it("a final newline is read as part of the message and named as the problem, not blamed on the signature", async () => {
    const file = await messageFile("trailing.txt", `${positive.input.message}\n`)
    const verified = await verify(file, positive.input.signature, positive.verify_params)
    expect(verified.code).toBe(1)
    expect(JSON.parse(verified.stdout)).toMatchObject({
      valid: false,
      reason: "InvalidSiweMessage",
      error: expect.stringContaining("ends with a line break"),
    })
  })
})

describe("siwe create → sign → verify", () => {
  /** `siwe create` for app.example on chain 1, with the fields a test varies. */
  const create = (address: string, extra: ReadonlyArray<string> = []) =>
    runCli([
      "siwe",
      "create",
      "--domain",
      "app.example",
      "--address",
      address,
      "--uri",
      "https://app.example",
      "--chain-id",
      "1",
      ...extra,
    ])

  it("writes an address given in lowercase checksummed, and names the form of one with a wrong checksum", async () => {
    const signer = testSigner("appkit cli siwe test")
    const lowercase = await create(signer.address.toLowerCase())
    expect([lowercase.code, lowercase.stdout.split("\n")[1]]).toEqual([0, signer.address])
    const flipped = signer.address.replace(/[a-f]/, (letter) => letter.toUpperCase())
    const wrongCase = await create(flipped)
    expect(wrongCase.code).toBe(1)
    expect(wrongCase.stderr).toContain(`its checksummed form is ${signer.address}`)
  })

  it("writes the exact text to sign: piped to a file, it verifies as is", async () => {
    const signer = testSigner("appkit cli siwe test")
    const created = await create(signer.address, ["--issued-at", "2030-01-01T00:00:00Z"])
    expect(created.code).toBe(0)
    expect(created.stdout.endsWith("\n")).toBe(false)
    const file = await messageFile("piped.txt", created.stdout)
    const result = await verify(file, signer.personalSign(created.stdout), { time: "2030-01-01T00:00:01Z" })
    expect(result.code).toBe(0)
  })

  it("a message the CLI creates verifies once signed, and only at the right domain and nonce", async () => {
    const signer = testSigner("appkit cli siwe test")
    const created = await create(signer.address, [
      "--nonce",
      "clinonce123",
      "--issued-at",
      "2030-01-01T00:00:00Z",
      "--json",
    ])
    expect(created.code).toBe(0)
    const { message } = JSON.parse(created.stdout) as { message: string }
    const file = await messageFile("created.txt", message)
    const signature = signer.personalSign(message)
    const time = "2030-01-01T00:00:01Z"
    expect((await verify(file, signature, { time, domain: "app.example", nonce: "clinonce123" })).code).toBe(
      0,
    )
    const wrongDomain = await verify(file, signature, { time, domain: "evil.example" })
    expect(JSON.parse(wrongDomain.stdout)).toMatchObject({ valid: false, reason: "SiweDomainMismatch" })
  })
})

describe("siwe verify through EIP-1271 on anvil", () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 1 })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  /** Gives `address` a contract wallet that accepts exactly `acceptedHash` (core's test support). */
  const deployWallet = (address: string, acceptedHash: Uint8Array) =>
    installCode(anvil.rpcUrl, address, contractWalletCode.acceptingHash(acceptedHash))

  it("accepts what the contract accepts and refuses what it does not", async () => {
    const wallet = toChecksumAddress("0x00000000000000000000000000000000000c0de1")
    const text = (nonce: string) =>
      [
        "app.example wants you to sign in with your Ethereum account:",
        wallet,
        "",
        "",
        "URI: https://app.example",
        "Version: 1",
        `Chain ID: ${anvil.chainId}`,
        `Nonce: ${nonce}`,
        "Issued At: 2030-01-01T00:00:00Z",
      ].join("\n")
    await deployWallet(wallet, hashPersonalMessage(text("accepted1")))
    // Any well-formed signature: it recovers to some EOA that is not the wallet, so EIP-1271 decides.
    const signature = testSigner("not the wallet").personalSign("x")
    const time = ["--time", "2030-01-01T00:00:01Z", "--rpc-url", anvil.rpcUrl]
    const accepted = await verify(await messageFile("1271-ok.txt", text("accepted1")), signature, {}, time)
    expect(accepted.code).toBe(0)
    const refused = await verify(await messageFile("1271-no.txt", text("refused12")), signature, {}, time)
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stdout)).toMatchObject({ reason: "SiweInvalidSignature" })
    const withoutRpc = await verify(await messageFile("1271-norpc.txt", text("accepted1")), signature, {
      time: "2030-01-01T00:00:01Z",
    })
    expect(withoutRpc.code).toBe(1)
  })
})
