import { bech32, bech32m } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bech32Alphabet, mutateOneCharacter } from "../../testing/mutate"
import { Refusal } from "./AddressCheck"
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
    expect(checkCosmosAddress("cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0")).toEqual({
      normalized: "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      network: "cosmos",
      type: "bech32",
    })
  })

  it("refuses bech32m, bad checksums and odd data lengths", () => {
    const key = new Uint8Array(20).fill(7)
    const notBech32 = new Refusal("Invalid cosmos address: not a bech32 string with a valid checksum")
    expect(checkCosmosAddress(bech32m.encode("osmo", bech32m.toWords(key)))).toEqual(notBech32)
    expect(checkCosmosAddress("cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc1")).toEqual(notBech32)
    const short = checkCosmosAddress(bech32.encode("osmo", bech32.toWords(key.subarray(0, 19))))
    expect(short instanceof Refusal && short.message).toContain("20 or 32 bytes")
  })

  it("pins the prefix of a well-known chain, whatever its revision, and leaves other chains free", () => {
    const hub = "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"
    expect(checkCosmosAddress(hub, "cosmoshub-4")).not.toBeInstanceOf(Refusal)
    expect(checkCosmosAddress(hub, "some-chain-7")).not.toBeInstanceOf(Refusal)
    const onOsmosis = checkCosmosAddress(hub, "osmosis-1")
    expect(onOsmosis instanceof Refusal && onOsmosis.message).toBe(
      "Invalid cosmos address: prefix 'cosmos' does not belong to this chain (expected 'osmo')",
    )
  })

  it("takes exactly 20 or 32 bytes of data", () => {
    for (const length of [0, 1, 19, 20, 21, 31, 32, 33, 40]) {
      const input = bech32.encode("cosmos", bech32.toWords(new Uint8Array(length).fill(3)))
      const checked = checkCosmosAddress(input)
      expect({ length, refused: checked instanceof Refusal && checked.message }).toEqual({
        length,
        refused:
          length === 20 || length === 32 ? false : "Invalid cosmos address: expected 20 or 32 bytes of data",
      })
    }
  })

  it("pins a well-known chain by its exact name before a revision of any number of digits", () => {
    const hub = "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"
    for (const reference of ["osmosis-1", "osmosis-12", "osmosis"])
      expect(checkCosmosAddress(hub, reference)).toBeInstanceOf(Refusal)
    // Not a revision suffix, so not osmosis: unknown chains are left free.
    for (const reference of ["osmo-1sis", "osmosis-1a", "osmosis-"])
      expect(checkCosmosAddress(hub, reference)).not.toBeInstanceOf(Refusal)
  })

  it("knows the account prefix of each well-known chain (the chain registry's bech32 prefixes)", () => {
    const key = bech32.toWords(new Uint8Array(20).fill(1))
    const chains = {
      "cosmoshub-4": "cosmos",
      "osmosis-1": "osmo",
      "juno-1": "juno",
      "stargaze-1": "stars",
      "akashnet-2": "akash",
      "celestia-1": "celestia",
      "injective-1": "inj",
      "neutron-1": "neutron",
    }
    for (const [chain, prefix] of Object.entries(chains)) {
      expect(checkCosmosAddress(bech32.encode(prefix, key), chain)).toMatchObject({ network: prefix })
      const foreign = prefix === "cosmos" ? "osmo" : "cosmos"
      expect(checkCosmosAddress(bech32.encode(foreign, key), chain)).toBeInstanceOf(Refusal)
    }
  })

  it("normalization is idempotent (upper case folds to lower case)", () => {
    fc.assert(
      fc.property(cosmosAddress, (lower) => {
        const address = lower.toUpperCase()
        expect(checkCosmosAddress(address)).toMatchObject({ normalized: lower })
        expect(checkCosmosAddress(lower)).toMatchObject({ normalized: lower })
      }),
    )
  })

  it("a one-character change to a valid address is always rejected (bech32 catches any single typo)", () => {
    fc.assert(
      fc.property(cosmosAddress, fc.nat(), fc.nat(), (address, at, pick) => {
        const typo = mutateOneCharacter(address, at, pick, bech32Alphabet)
        expect(checkCosmosAddress(typo)).toBeInstanceOf(Refusal)
        // Nor as anything else: bech32-shaped text is not offered to the checksum-less Solana check. (With
        // its "1" separator mistyped it is no longer bech32-shaped, and may read as a Solana key.)
        if (typo.includes("1")) expect(validateAddress(typo).valid).toBe(false)
      }),
      { numRuns: 300 },
    )
  })
})
