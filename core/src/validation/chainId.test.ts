import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  evmChainIdToCoinType,
  InvalidChainIdError,
  isRegistrationChainId,
  RegistrationChainId,
} from "./chainId"

describe("registration chain id", () => {
  it("maps EVM chains to ENSIP-11 coin types", () => {
    expect(Result.getOrThrow(evmChainIdToCoinType(1))).toBe(2147483649)
    expect(Result.getOrThrow(evmChainIdToCoinType(10))).toBe(2147483658)
    expect(Result.getOrThrow(evmChainIdToCoinType(2 ** 31 - 1))).toBe(2 ** 32 - 1)
  })

  it.each([2 ** 31, 2 ** 32, -1, 1.5, Number.NaN])("rejects %d with 'Invalid chainId'", (chainId) => {
    const result = evmChainIdToCoinType(chainId)
    if (Result.isSuccess(result)) throw new Error("expected a failure")
    expect(result.failure).toBeInstanceOf(InvalidChainIdError)
    expect(result.failure.message).toBe("Invalid chainId")
    expect(isRegistrationChainId(chainId)).toBe(false)
    expect(Result.isFailure(Schema.decodeUnknownResult(RegistrationChainId)(chainId))).toBe(true)
  })

  it("the coin type always has the top bit set and keeps the chain id in the low 31 bits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (chainId) => {
        const coinType = Result.getOrThrow(evmChainIdToCoinType(chainId))
        expect(coinType).toBe(2 ** 31 + chainId)
        expect(Schema.decodeUnknownSync(RegistrationChainId)(chainId)).toBe(chainId)
      }),
    )
  })
})
