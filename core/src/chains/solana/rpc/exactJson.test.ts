import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseJsonExact } from "./exactJson"

describe("parseJsonExact", () => {
  it("keeps integers beyond 2^53 exact, as strings, and leaves every other value as JSON.parse reads it", () => {
    expect(parseJsonExact('{"lamports":9007199254740993,"rentEpoch":18446744073709551615,"n":5}')).toEqual({
      lamports: "9007199254740993",
      rentEpoch: "18446744073709551615",
      n: 5,
    })
    // Fractions and exponents are not integers: they stay numbers, as JSON.parse reads them.
    const mixed = "[-9007199254740993, 1.5e300, 12345678901234567890.5, 2e20]"
    expect(parseJsonExact(mixed)).toEqual([
      "-9007199254740993",
      ...(JSON.parse(mixed) as Array<number>).slice(1),
    ])
  })

  it("does not touch digits inside strings, escaped quotes included", () => {
    expect(parseJsonExact('{"a":"x\\"99999999999999999999","b":"99999999999999999999"}')).toEqual({
      a: 'x"99999999999999999999',
      b: "99999999999999999999",
    })
  })

  it("agrees with JSON.parse on any JSON without unsafe integers", () => {
    const hasUnsafeInteger = (value: unknown): boolean =>
      typeof value === "number"
        ? Number.isInteger(value) && !Number.isSafeInteger(value)
        : typeof value === "object" && value !== null && Object.values(value).some(hasUnsafeInteger)
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => !hasUnsafeInteger(value)),
        (value) => {
          const text = JSON.stringify(value)
          expect(parseJsonExact(text)).toEqual(JSON.parse(text))
        },
      ),
    )
  })

  it("reads any u64 placed anywhere exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.jsonValue(), (amount, other) => {
        const parsed = parseJsonExact(`{"other":${JSON.stringify(other)},"amount":${amount}}`) as {
          amount: number | string
        }
        expect(BigInt(parsed.amount)).toBe(amount)
      }),
    )
  })

  it("throws as JSON.parse does on text that is not JSON", () => {
    for (const text of ["", "{", "[1,]", "99999999999999999999x", '"unterminated'])
      expect(() => parseJsonExact(text)).toThrow(SyntaxError)
  })
})
