import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64 } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cosmjs } from "../../testing/cosmosVectors.testSupport"
import { checkCosmosAddress } from "../../validation/address/cosmos"
import { cosmosAddressOf } from "./address"

describe("cosmosAddressOf", () => {
  it("derives the address cosmjs derives, on any prefix", () => {
    const key = base64.decode(cosmjs.pubkey)
    expect(cosmosAddressOf(key, "cosmos")).toBe(cosmjs.address)
    expect(cosmosAddressOf(key, "osmo")).toBe(cosmjs.osmo)
  })

  it("gives a valid 20-byte cosmos address for every key, distinct per key", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom("cosmos", "osmo", "juno"),
        (seed, prefix) => {
          fc.pre(secp256k1.utils.isValidSecretKey(seed))
          const key = secp256k1.getPublicKey(seed)
          const address = cosmosAddressOf(key, prefix)
          expect(checkCosmosAddress(address)).toMatchObject({ network: prefix })
          const other = Uint8Array.from(key)
          other[1] = (other[1] ?? 0) ^ 1
          expect(cosmosAddressOf(other, prefix)).not.toBe(address)
        },
      ),
      { numRuns: 30 },
    )
  })
})
