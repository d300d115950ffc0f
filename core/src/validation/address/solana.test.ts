import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { checkSolanaAddress } from "./solana"

describe("Solana addresses", () => {
  it("tells wallet keys from program-derived addresses", () => {
    expect(Result.getOrThrow(checkSolanaAddress("nick6zJc6HpW3kfBm4xS2dmbuVRyb5F3AnUvj5ymzR5")).type).toBe(
      "on-curve",
    )
    expect(Result.getOrThrow(checkSolanaAddress("CCMCWh4FudPEmY6Q1AVi5o8mQMXkHYkJUmZfzRGdcJ9P")).type).toBe(
      "off-curve",
    )
  })

  it("says why an address is refused", () => {
    const tooShort = checkSolanaAddress("4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL")
    expect(Result.isFailure(tooShort) && tooShort.failure.message).toBe(
      "Invalid Solana address: decodes to 31 bytes, expected 32",
    )
    const notBase58 = checkSolanaAddress("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0")
    expect(Result.isFailure(notBase58) && notBase58.failure.message).toContain("base58")
  })
})
