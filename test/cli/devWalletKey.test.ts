import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * `dev wallet` reads its key by the rule every other command uses (--private-key, else APPKIT_PRIVATE_KEY:
 * 64 hex characters, 0x optional), and a refusal names where the key came from.
 */
const uri = `wc:${"a".repeat(64)}@2?relay-protocol=irn&symKey=${"b".repeat(64)}`
const hexKey = "ab".repeat(32)
const devWallet = (extra: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}) =>
  runCli(
    [
      "dev",
      "wallet",
      "--uri",
      uri,
      "--relay-url",
      "ws://127.0.0.1:1",
      "--pair-timeout",
      "1",
      "--json",
      ...extra,
    ],
    {
      env: { APPKIT_PRIVATE_KEY: "", ...env },
    },
  )

describe("dev wallet's key", () => {
  it("takes a key without 0x, as send and sign do (and goes on to pair)", async () => {
    const result = await devWallet(["--private-key", hexKey])
    const lines = result.stdout.trimEnd().split("\n")
    expect(JSON.parse(lines[0] ?? "")).toEqual({
      event: "pairing",
      address: "0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6",
      relayUrl: "ws://127.0.0.1:1",
    })
    // The relay at port 1 never answers: the pairing, not the key, is what fails.
    expect(JSON.parse(result.stderr.trimEnd().split("\n").at(-1) ?? "").error.code).toBe("PairingFailed")
    expect(result.code).toBe(2)
  })

  it("names APPKIT_PRIVATE_KEY when that is the bad key, not a flag the user never gave (exit 1)", async () => {
    const result = await devWallet([], { APPKIT_PRIVATE_KEY: "0x12" })
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stderr)).toEqual({
      error: { code: "InvalidInput", message: "APPKIT_PRIVATE_KEY is not a 32-byte hex private key" },
    })
  })
})
