import { base58 } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Refusal } from "./AddressCheck"
import { checkSolanaAddress } from "./solana"

describe("Solana addresses", () => {
  it("tells wallet keys from program-derived addresses", () => {
    expect(checkSolanaAddress("nick6zJc6HpW3kfBm4xS2dmbuVRyb5F3AnUvj5ymzR5")).toMatchObject({
      type: "on-curve",
    })
    expect(checkSolanaAddress("CCMCWh4FudPEmY6Q1AVi5o8mQMXkHYkJUmZfzRGdcJ9P")).toMatchObject({
      type: "off-curve",
    })
  })

  it("says why an address is refused", () => {
    const tooShort = checkSolanaAddress("4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL")
    expect(tooShort instanceof Refusal && tooShort.message).toBe(
      "Invalid Solana address: decodes to 31 bytes, expected 32",
    )
    const notBase58 = checkSolanaAddress("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0")
    expect(notBase58 instanceof Refusal && notBase58.message).toContain("base58")
  })

  it("takes 32 to 44 base58 characters, the shortest being 32 zero bytes (the system program)", () => {
    expect(checkSolanaAddress("1".repeat(32))).toMatchObject({ normalized: "1".repeat(32) })
    const textRefusal = new Refusal("Invalid Solana address: expected 32-44 base58 characters")
    // 31 characters, and 45 (which would decode to more than 32 bytes anyway): refused for their length.
    expect(checkSolanaAddress("1".repeat(31))).toEqual(textRefusal)
    expect(checkSolanaAddress(`${"z".repeat(44)}1`)).toEqual(textRefusal)
    expect(checkSolanaAddress(`${"1".repeat(31)}0`)).toEqual(textRefusal)
  })

  it("accepts exactly the base58 encodings of 32 bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (bytes) => {
        const input = base58.encode(bytes)
        const result = checkSolanaAddress(input)
        expect(result instanceof Refusal).toBe(bytes.length !== 32)
        if (!(result instanceof Refusal)) expect(result.normalized).toBe(input)
      }),
    )
  })
})
