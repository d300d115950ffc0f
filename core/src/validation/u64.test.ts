import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { InvalidU64Error, isU64, parseU64, U64, U64_MAX } from "./u64"

describe("U64", () => {
  it("accepts the bounds and rejects one past them", () => {
    expect(Schema.decodeUnknownSync(U64)(0n)).toBe(0n)
    expect(Schema.decodeUnknownSync(U64)(U64_MAX)).toBe(18446744073709551615n)
    expect(Result.isFailure(Schema.decodeUnknownResult(U64)(-1n))).toBe(true)
    expect(Result.isFailure(Schema.decodeUnknownResult(U64)(U64_MAX + 1n))).toBe(true)
    expect(Result.isFailure(Schema.decodeUnknownResult(U64)(1))).toBe(true)
  })

  it("parses decimal strings within range", () => {
    expect(Result.getOrThrow(parseU64("18446744073709551615"))).toBe(U64_MAX)
    expect(Result.getOrThrow(parseU64("007"))).toBe(7n)
  })

  it.each(["18446744073709551616", "-1", "", "1.0", "0x10", " 1", "1e3"])("rejects %j", (input) => {
    const result = parseU64(input)
    expect(Result.isFailure(result) && result.failure).toBeInstanceOf(InvalidU64Error)
  })

  it("parse ∘ toString round trips every U64, and agrees with isU64 on any bigint", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX }), (value) => {
        expect(Result.getOrThrow(parseU64(value.toString()))).toBe(value)
      }),
    )
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX * 4n }), (value) => {
        expect(Result.isSuccess(parseU64(value.toString()))).toBe(isU64(value))
      }),
    )
  })
})
