import { bech32, bech32m } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bech32Alphabet, mutateOneCharacter } from "../../testing/mutate"
import { checkCosmosAddress } from "./cosmos"
import { validateAddress } from "./validateAddress"

const cosmosAddress = fc
  .tuple(
    fc.constantFrom("cosmos", "osmo", "juno"),
    fc.oneof(
      fc.uint8Array({ minLength: 20, maxLength: 20 }),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
    ),
  )
  .map(([prefix, data]) => bech32.encode(prefix, bech32.toWords(data)))

describe("cosmos addresses", () => {
  it("accepts bech32 with any prefix and reports the prefix as network", () => {
    const result = Result.getOrThrow(checkCosmosAddress("cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"))
    expect(result).toEqual({
      normalized: "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      network: "cosmos",
      type: "bech32",
    })
  })

  it("refuses bech32m, bad checksums and odd data lengths", () => {
    const key = new Uint8Array(20).fill(7)
    expect(Result.isFailure(checkCosmosAddress(bech32m.encode("osmo", bech32m.toWords(key))))).toBe(true)
    expect(Result.isFailure(checkCosmosAddress("cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc1"))).toBe(true)
    const short = checkCosmosAddress(bech32.encode("osmo", bech32.toWords(key.subarray(0, 19))))
    expect(Result.isFailure(short) && short.failure.message).toContain("20 or 32 bytes")
  })

  it("pins the prefix of a well-known chain, whatever its revision, and leaves other chains free", () => {
    const hub = "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"
    expect(Result.isSuccess(checkCosmosAddress(hub, "cosmoshub-4"))).toBe(true)
    expect(Result.isSuccess(checkCosmosAddress(hub, "some-chain-7"))).toBe(true)
    const onOsmosis = checkCosmosAddress(hub, "osmosis-1")
    expect(Result.isFailure(onOsmosis) && onOsmosis.failure.message).toBe(
      "Invalid cosmos address: prefix 'cosmos' does not belong to this chain (expected 'osmo')",
    )
  })

  it("normalization is idempotent (upper case folds to lower case)", () => {
    fc.assert(
      fc.property(cosmosAddress, (lower) => {
        const address = lower.toUpperCase()
        const normalized = Result.getOrThrow(checkCosmosAddress(address)).normalized
        expect(normalized).toBe(lower)
        expect(Result.getOrThrow(checkCosmosAddress(normalized)).normalized).toBe(normalized)
      }),
    )
  })

  it("a one-character change to a valid address is always rejected (bech32 catches any single typo)", () => {
    fc.assert(
      fc.property(cosmosAddress, fc.nat(), fc.nat(), (address, at, pick) => {
        const typo = mutateOneCharacter(address, at, pick, bech32Alphabet)
        expect(Result.isFailure(checkCosmosAddress(typo))).toBe(true)
        // Nor as anything else: bech32-shaped text is not offered to the checksum-less Solana check. (With
        // its "1" separator mistyped it is no longer bech32-shaped, and may read as a Solana key.)
        if (typo.includes("1")) expect(validateAddress(typo).valid).toBe(false)
      }),
      { numRuns: 300 },
    )
  })
})
