import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatPriceImpact, type PricedSwapAmounts, swapPriceImpact } from "./swapPriceImpact"

const price = fc.double({ min: 1e-6, max: 1e6, noNaN: true, noDefaultInfinity: true })
const decimals = fc.integer({ min: 0, max: 24 })
const units = fc.bigInt({ min: 1n, max: 10n ** 30n })

/** The `to` amount a market-rate swap of `fromAmountUnits` gives (no impact at all), rounded down. */
const atMarketRate = (
  from: bigint,
  fromDecimals: number,
  fromPrice: number,
  toDecimals: number,
  toPrice: number,
) => BigInt(Math.floor((Number(from) / 10 ** fromDecimals) * (fromPrice / toPrice) * 10 ** toDecimals))

describe("swapPriceImpact", () => {
  it("is the share of the value paid that the tokens received do not make up", () => {
    // 10 TKA at $2 for 39.88 TKB at $0.5: $20 paid, $19.94 received, 0.3 % lost.
    const impact = swapPriceImpact({
      fromAmountUnits: 10n * 10n ** 18n,
      fromDecimals: 18,
      fromPrice: 2,
      toAmountUnits: 3988n * 10n ** 4n,
      toDecimals: 6,
      toPrice: 0.5,
    })
    expect(impact).toBeCloseTo(0.003, 12)
  })

  it("is zero at the market rate, whatever the amounts, decimals and prices", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 12n, max: 10n ** 30n }),
        decimals,
        price,
        price,
        (from, fromDecimals, fromPrice, toPrice) => {
          const toDecimals = 18
          const to = atMarketRate(from, fromDecimals, fromPrice, toDecimals, toPrice)
          fc.pre(to > 10n ** 9n)
          const impact = swapPriceImpact({
            fromAmountUnits: from,
            fromDecimals,
            fromPrice,
            toAmountUnits: to,
            toDecimals,
            toPrice,
          })
          expect(Math.abs(impact ?? 1)).toBeLessThan(1e-6)
        },
      ),
    )
  })

  it("grows as the tokens received shrink, and is positive exactly when they are worth less", () => {
    fc.assert(
      fc.property(units, decimals, price, units, units, decimals, price, (from, fd, fp, a, b, td, tp) => {
        const amounts = (to: bigint): PricedSwapAmounts => ({
          fromAmountUnits: from,
          fromDecimals: fd,
          fromPrice: fp,
          toAmountUnits: to,
          toDecimals: td,
          toPrice: tp,
        })
        const [less, more] = a < b ? [a, b] : [b, a]
        const impactLess = swapPriceImpact(amounts(less)) as number
        const impactMore = swapPriceImpact(amounts(more)) as number
        expect(impactLess).toBeGreaterThanOrEqual(impactMore)
        expect(impactLess).toBeLessThanOrEqual(1)
      }),
    )
  })

  it("cannot be told without both prices or without an amount paid", () => {
    const base: PricedSwapAmounts = {
      fromAmountUnits: 1n,
      fromDecimals: 0,
      fromPrice: 1,
      toAmountUnits: 1n,
      toDecimals: 0,
      toPrice: 1,
    }
    expect(swapPriceImpact(base)).toBe(0)
    for (const missing of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(swapPriceImpact({ ...base, fromPrice: missing })).toBeUndefined()
      expect(swapPriceImpact({ ...base, toPrice: missing })).toBeUndefined()
    }
    expect(swapPriceImpact({ ...base, fromAmountUnits: 0n })).toBeUndefined()
    // Receiving nothing loses everything: the edge of the range, still told.
    expect(swapPriceImpact({ ...base, toAmountUnits: 0n })).toBe(1)
  })
})

describe("formatPriceImpact", () => {
  it("shows two decimals of a percent, the smallest loss as <0.01%, a gain with its sign", () => {
    expect(formatPriceImpact(0.0031)).toBe("0.31%")
    expect(formatPriceImpact(0.00005)).toBe("0.01%")
    expect(formatPriceImpact(0.0000499)).toBe("<0.01%")
    expect(formatPriceImpact(0)).toBe("0.00%")
    expect(formatPriceImpact(-0.0000499)).toBe("0.00%")
    expect(formatPriceImpact(-0.0012)).toBe("-0.12%")
    expect(formatPriceImpact(1)).toBe("100.00%")
    expect(formatPriceImpact(0.123456)).toBe("12.35%")
  })

  it("reads back within half a hundredth of a percent", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 1, noNaN: true }), (impact) => {
        const shown = formatPriceImpact(impact)
        expect(shown).toMatch(/^(?:<0\.01|-?\d+\.\d{2})%$/)
        const percent = shown.startsWith("<") ? 0.005 : Number(shown.slice(0, -1))
        expect(Math.abs(percent - impact * 100)).toBeLessThanOrEqual(0.005 + 1e-9)
      }),
    )
  })
})
