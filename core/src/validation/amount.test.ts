import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { AmountString, isAmountString } from "../domain/amount"
import {
  AmountPrecisionError,
  formatBalance,
  formatQuantity,
  formatUnits,
  InvalidAmountError,
  InvalidDecimalsError,
  parseUnits,
} from "./amount"

const ok = <A, E>(result: Result.Result<A, E>): A => Result.getOrThrowWith(result, (e) => e)
const failure = <A, E>(result: Result.Result<A, E>): E => {
  if (Result.isSuccess(result)) throw new Error(`expected a failure, got ${String(result.success)}`)
  return result.failure
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""))
/** Any string the §5 grammar accepts, leading zeros and "-0" included. */
const amountArb = fc
  .tuple(fc.boolean(), digits(1, 30), fc.option(digits(1, 30), { nil: undefined }))
  .map(([negative, integer, fraction]) => `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`)
const decimalsArb = fc.integer({ min: 0, max: 40 })
/** Value and display form compared in base units at a scale fine enough for both. */
const atCommonScale = (amount: string, shown: string) => {
  const scale = Math.max(amount.split(".")[1]?.length ?? 0, 3)
  return {
    value: ok(parseUnits(amount, scale)),
    shown: ok(parseUnits(shown, scale)),
    thousandth: 10n ** BigInt(scale - 3),
  }
}

describe("amount grammar", () => {
  it.each(["0", "-0", "1", "007.50", "-12.345", "123456789012345678901234567890.1"])(
    "accepts %s",
    (input) => {
      expect(isAmountString(input)).toBe(true)
      expect(Schema.decodeUnknownSync(AmountString)(input)).toBe(input)
    },
  )

  it.each(["", "-", ".5", "0.", "1.2.3", "+1", "1e18", " 1", "1,5", "--1", "0x10", "١"])(
    "rejects %j",
    (input) => {
      expect(isAmountString(input)).toBe(false)
      expect(Result.isFailure(Schema.decodeUnknownResult(AmountString)(input))).toBe(true)
      const error = failure(parseUnits(input, 18))
      expect(error).toBeInstanceOf(InvalidAmountError)
      expect(error.message).toBe(
        `Invalid amount '${input}': expected optional minus, digits, optional dot and digits`,
      )
    },
  )
})

describe("parseUnits", () => {
  it("converts decimal strings to base units exactly", () => {
    expect(ok(parseUnits("1", 18))).toBe(10n ** 18n)
    expect(ok(parseUnits("1.5", 6))).toBe(1_500_000n)
    expect(ok(parseUnits("-0.000001", 6))).toBe(-1n)
    expect(ok(parseUnits("007.10", 2))).toBe(710n)
    expect(ok(parseUnits("-0", 0))).toBe(0n)
    expect(ok(parseUnits("12", 0))).toBe(12n)
  })

  it("accepts trailing zeros beyond the decimals, since nothing is lost", () => {
    expect(ok(parseUnits("1.500000", 1))).toBe(15n)
  })

  it("refuses to round away precision", () => {
    const error = failure(parseUnits("1.0000001", 6))
    expect(error).toBeInstanceOf(AmountPrecisionError)
    expect(error.message).toBe("Amount '1.0000001' has more than 6 decimal places")
    expect(failure(parseUnits("0.5", 0))).toBeInstanceOf(AmountPrecisionError)
  })

  /** A sign, an integer part and exactly `decimals` fraction digits: the most precision a token allows. */
  const atFullPrecision = fc.integer({ min: 0, max: 30 }).chain((decimals) =>
    fc.record({
      decimals: fc.constant(decimals),
      whole: fc.tuple(fc.boolean(), digits(1, 20), digits(decimals, decimals)),
    }),
  )
  const written = ([negative, integer, fraction]: [boolean, string, string], extra: string) =>
    `${negative ? "-" : ""}${integer}${fraction || extra ? "." : ""}${fraction}${extra}`

  it("refuses a non-zero digit any number of places past the decimals, not only the first", () => {
    fc.assert(
      fc.property(
        atFullPrecision,
        fc.nat({ max: 20 }),
        fc.constantFrom(..."123456789"),
        digits(0, 5),
        ({ decimals, whole }, zerosBefore, nonZero, after) => {
          const input = written(whole, `${"0".repeat(zerosBefore)}${nonZero}${after}`)
          const error = failure(parseUnits(input, decimals))
          expect(error).toBeInstanceOf(AmountPrecisionError)
          expect(error.message).toBe(`Amount '${input}' has more than ${decimals} decimal places`)
        },
      ),
      { numRuns: 200 },
    )
  })

  it("accepts any number of zeros past the decimals: the value is the one without them", () => {
    fc.assert(
      fc.property(atFullPrecision, fc.integer({ min: 1, max: 20 }), ({ decimals, whole }, zeros) => {
        expect(ok(parseUnits(written(whole, "0".repeat(zeros)), decimals))).toBe(
          ok(parseUnits(written(whole, ""), decimals)),
        )
      }),
      { numRuns: 100 },
    )
  })

  it.each([-1, 1.5, 256, Number.NaN])("rejects %d decimals", (decimals) => {
    const error = failure(parseUnits("1", decimals))
    expect(error).toBeInstanceOf(InvalidDecimalsError)
    expect(error.message).toBe(`Invalid decimals ${decimals}: expected an integer from 0 to 255`)
    expect(failure(formatUnits(1n, decimals))).toBeInstanceOf(InvalidDecimalsError)
  })

  it("accepts the edges of the decimals range, 0 and 255 (ERC-20 decimals is a uint8)", () => {
    expect(ok(parseUnits("1", 255))).toBe(10n ** 255n)
    expect(ok(formatUnits(10n ** 255n, 255))).toBe("1")
    expect(ok(parseUnits("1", 0))).toBe(1n)
    expect(ok(formatUnits(1n, 0))).toBe("1")
  })

  it("links each refusal to one catalogue entry, whatever the amount or decimals in its message", () => {
    const failure = (result: Result.Result<bigint, { readonly docsPath: string }>) =>
      Result.isFailure(result) ? result.failure.docsPath : "accepted"
    fc.assert(
      fc.property(fc.nat({ max: 20 }), fc.nat({ max: 9 }), (decimals, digit) => {
        expect(failure(parseUnits(`1.${"0".repeat(decimals)}${digit + 1}`, decimals))).toBe(
          "/errors#amount-precision",
        )
        expect(failure(parseUnits(`${digit}..${digit}`, decimals))).toBe("/errors#invalid-amount")
        expect(failure(parseUnits("1", 256 + decimals))).toBe("/errors#invalid-decimals")
      }),
      { numRuns: 50 },
    )
  })

  it("fails with a typed error, never a throw, for any string", () => {
    fc.assert(
      fc.property(fc.string(), decimalsArb, (input, decimals) => {
        const result = parseUnits(input, decimals)
        if (Result.isFailure(result)) expect(result.failure._tag).toMatch(/Error$/)
      }),
    )
  })
})

describe("formatUnits", () => {
  it("writes the shortest exact decimal", () => {
    expect(ok(formatUnits(10n ** 18n, 18))).toBe("1")
    expect(ok(formatUnits(1_500_000n, 6))).toBe("1.5")
    expect(ok(formatUnits(-1n, 6))).toBe("-0.000001")
    expect(ok(formatUnits(0n, 18))).toBe("0")
    expect(ok(formatUnits(1200n, 0))).toBe("1200")
    expect(ok(formatUnits(-100n, 2))).toBe("-1")
  })

  it("parse ∘ format is the identity on base units", () => {
    fc.assert(
      fc.property(fc.bigInt(), decimalsArb, (units, decimals) => {
        const text = ok(formatUnits(units, decimals))
        expect(isAmountString(text)).toBe(true)
        expect(ok(parseUnits(text, decimals))).toBe(units)
      }),
    )
  })

  it("format ∘ parse gives a canonical form that parses to the same units", () => {
    fc.assert(
      fc.property(amountArb, (amount) => {
        const decimals = amount.split(".")[1]?.length ?? 0
        const units = ok(parseUnits(amount, decimals))
        const canonical = ok(formatUnits(units, decimals))
        expect(canonical).not.toMatch(/^-?0\d|\.\d*0$|^-0$/)
        expect(ok(parseUnits(canonical, decimals))).toBe(units)
        expect(ok(formatUnits(ok(parseUnits(canonical, decimals)), decimals))).toBe(canonical)
      }),
    )
  })
})

describe("display forms", () => {
  it("shows quantities to 3 decimals, rounding half away from zero", () => {
    expect(ok(formatQuantity("1.2345"))).toBe("1.235")
    expect(ok(formatQuantity("1.2344999"))).toBe("1.234")
    expect(ok(formatQuantity("-1.2345"))).toBe("-1.235")
    expect(ok(formatQuantity("2"))).toBe("2.000")
    expect(ok(formatQuantity("0.9996"))).toBe("1.000")
    expect(ok(formatQuantity("-0.0004"))).toBe("0.000")
  })

  it("floors balances to 3 decimals", () => {
    expect(ok(formatBalance("1.2349"))).toBe("1.234")
    expect(ok(formatBalance("0.0009"))).toBe("0.000")
    expect(ok(formatBalance("10"))).toBe("10.000")
    expect(ok(formatBalance("-1.2341"))).toBe("-1.235")
  })

  it("rejects what is not an amount", () => {
    expect(failure(formatBalance("1e3"))).toBeInstanceOf(InvalidAmountError)
    expect(failure(formatQuantity(""))).toBeInstanceOf(InvalidAmountError)
  })

  it("a floored balance never exceeds the value and is within 0.001 of it", () => {
    fc.assert(
      fc.property(amountArb, (amount) => {
        const shown = ok(formatBalance(amount))
        expect(shown).toMatch(/^-?\d+\.\d{3}$/)
        const { value, shown: floored, thousandth } = atCommonScale(amount, shown)
        expect(floored <= value).toBe(true)
        expect(value - floored < thousandth).toBe(true)
      }),
    )
  })

  it("a rounded quantity is within half a thousandth of the value", () => {
    fc.assert(
      fc.property(amountArb, (amount) => {
        const shown = ok(formatQuantity(amount))
        expect(shown).toMatch(/^-?\d+\.\d{3}$/)
        const { value, shown: rounded, thousandth } = atCommonScale(amount, shown)
        const distance = value > rounded ? value - rounded : rounded - value
        expect(2n * distance <= thousandth).toBe(true)
      }),
    )
  })

  it("display forms are idempotent: a shown value shows as itself", () => {
    fc.assert(
      fc.property(amountArb, (amount) => {
        for (const display of [formatQuantity, formatBalance]) {
          const shown = ok(display(amount))
          expect(ok(display(shown))).toBe(shown)
        }
      }),
    )
  })
})
