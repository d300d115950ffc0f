import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { loadVectors, type Vector } from "@appkit/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type CliResult, pooled, runCli } from "../support/cli"

/**
 * `btc verify-message` against bip322.json, and with the message read from a file or stdin: a signature
 * covers every byte, so a message of several lines, or ending in a line break, must reach the verifier
 * exactly, which a shell's `--message "$(cat file)"` cannot do (it drops the final line breaks).
 */
interface Bip322Vector extends Vector {
  readonly input: { readonly message: string; readonly address: string; readonly signature?: string }
  readonly meta?: { readonly private_keys?: ReadonlyArray<string>; readonly type?: string }
}

const signed = loadVectors<Bip322Vector>("bip322.json").vectors.filter(
  (vector) => vector.input.signature !== undefined,
)
const env = { APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-btc-verify-")), APPKIT_BTC_PRIVATE_KEY: "" }
const verify = (args: ReadonlyArray<string>, stdin?: string) =>
  runCli(["btc", "verify-message", ...args, "--json"], { env, ...(stdin === undefined ? {} : { stdin }) })

describe("btc verify-message agrees with bip322.json", () => {
  let results: ReadonlyArray<CliResult>
  beforeAll(async () => {
    results = await pooled(signed, 4, ({ input }) =>
      verify([
        "--address",
        input.address,
        "--message",
        input.message,
        "--signature",
        input.signature as string,
      ]),
    )
  }, 120_000)

  it.each(signed.map((vector, index) => [vector.id, vector, index] as const))("%s", (_id, vector, index) => {
    expect((results[index] as CliResult).code).toBe(vector.valid ? 0 : 1)
  })
})

describe("btc verify-message --message-file", () => {
  const key = signed.find((vector) => vector.valid && vector.meta?.type === "p2wpkh") as Bip322Vector
  const address = key.input.address
  const message = "first line\nsecond line\n"
  let dir: string
  let signature: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "appkit-btc-message-"))
    writeFileSync(join(dir, "message.txt"), message)
    writeFileSync(join(dir, "trimmed.txt"), message.trimEnd())
    const result = await runCli(
      [
        "btc",
        "sign-message",
        message,
        "--address",
        address,
        "--network",
        "mainnet",
        "--private-key",
        key.meta?.private_keys?.[0] as string,
        "--json",
      ],
      { env },
    )
    expect(result.stderr).toBe("")
    signature = (JSON.parse(result.stdout) as { signature: string }).signature
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  /** verify-message of this address and signature, with the message given by `args`. */
  const verifySigned = (args: ReadonlyArray<string>, stdin?: string) =>
    verify(["--address", address, "--signature", signature, ...args], stdin)

  it("verifies the message's every byte from a file, or from stdin with -", async () => {
    const fromFile = await verifySigned(["--message-file", join(dir, "message.txt")])
    expect([fromFile.code, JSON.parse(fromFile.stdout).valid]).toEqual([0, true])
    const fromStdin = await verifySigned(["--message-file", "-"], message)
    expect([fromStdin.code, JSON.parse(fromStdin.stdout).valid]).toEqual([0, true])
  })

  it("finds the same text without its final line break invalid", async () => {
    const result = await verifySigned(["--message-file", join(dir, "trimmed.txt")])
    expect([result.code, JSON.parse(result.stdout).valid]).toEqual([1, false])
  })

  it("takes the message one way only: both, or neither, is a usage error", async () => {
    const both = await verifySigned(["--message", "m", "--message-file", "-"])
    expect(both.code).toBe(2)
    expect(JSON.parse(both.stderr).error.message).toBe("Give either --message or --message-file, not both")
    const neither = await verifySigned([])
    expect(neither.code).toBe(2)
    expect(JSON.parse(neither.stderr).error.message).toBe(
      "Missing the message: --message TEXT or --message-file FILE",
    )
  })
})
