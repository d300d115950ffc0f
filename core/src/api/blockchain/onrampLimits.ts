import { Result } from "effect"
import { parseUnits } from "../../validation/amount"
import type { PaymentCurrency, PaymentMethodLimit } from "./schemas"

type Limit = typeof PaymentMethodLimit.Type

// Limits arrive as decimal strings ("7500.00"); they are compared as integers at a scale no fiat exceeds.
const SCALE = 18
const scaled = (amount: string) => Result.getOrUndefined(parseUnits(amount.trim(), SCALE))

/** Whether `amount`, a fiat decimal string, lies within one payment method's min–max (bounds included). */
export const isWithinLimit = (limit: Limit, amount: string): boolean => {
  const value = scaled(amount)
  const min = scaled(limit.min)
  const max = scaled(limit.max)
  return value !== undefined && min !== undefined && max !== undefined && min <= value && value <= max
}

/**
 * Whether some payment method of `currency` (card, bank account…) takes `amount`. A quote outside every
 * range is refused by the provider, so it is worth checking before asking. A currency listing no limits
 * takes any amount; a limit that is not a decimal takes none.
 */
export const isWithinPaymentLimits = (currency: PaymentCurrency, amount: string): boolean =>
  currency.payment_method_limits.length === 0 ||
  currency.payment_method_limits.some((limit) => isWithinLimit(limit, amount))
