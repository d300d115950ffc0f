import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ONRAMP_FALLBACK_PAYMENT_CURRENCIES } from "../../config/constants"
import { isWithinLimit, isWithinPaymentLimits } from "./onrampLimits"

const usd = ONRAMP_FALLBACK_PAYMENT_CURRENCIES[0] as (typeof ONRAMP_FALLBACK_PAYMENT_CURRENCIES)[number]
const ids = (amount: string) =>
  usd.payment_method_limits.filter((limit) => isWithinLimit(limit, amount)).map((limit) => limit.id)

describe("payment limits", () => {
  it("holds the §9 fallback limits exactly at their bounds: card 10.00–7500.00, bank 10.00–25000.00", () => {
    expect(usd.id).toBe("USD")
    expect(ids("9.99")).toEqual([])
    expect(ids("10")).toEqual(["card", "ach_bank_account"])
    expect(ids("7500.00")).toEqual(["card", "ach_bank_account"])
    expect(ids("7500.01")).toEqual(["ach_bank_account"])
    expect(ids("25000")).toEqual(["ach_bank_account"])
    expect(ids("25000.000000000000000001")).toEqual([])
    expect(ids("1e5")).toEqual([])
  })

  it("accepts any amount when the currency lists no limits, and no amount against an unreadable limit", () => {
    expect(isWithinPaymentLimits({ id: "GBP", payment_method_limits: [] }, "1000000")).toBe(true)
    const broken = { id: "GBP", payment_method_limits: [{ id: "card", min: "ten", max: "7,500.00" }] }
    expect(isWithinPaymentLimits(broken, "100")).toBe(false)
    expect(isWithinPaymentLimits(usd, "25000.00")).toBe(true)
    expect(isWithinPaymentLimits(usd, "25000.01")).toBe(false)
  })

  it("agrees with comparing whole cents", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), (cents) => {
        const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`
        const card = cents >= 1000n && cents <= 750_000n
        const bank = cents >= 1000n && cents <= 2_500_000n
        expect(ids(amount)).toEqual([...(card ? ["card"] : []), ...(bank ? ["ach_bank_account"] : [])])
      }),
    )
  })
})
