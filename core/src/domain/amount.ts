import { Schema } from "effect"

/**
 * Amounts as the §3 entities carry them (§5, §9): a user-facing amount is a decimal string matching the §5
 * grammar (optional minus, digits, optional dot followed by digits), never a float; base units travel as
 * integer strings because JSON has no bigint. Converting and formatting them is validation/amount's job.
 */
export const AMOUNT_PATTERN = /^-?\d+(?:\.\d+)?$/

/** A decimal amount string per the §5 grammar. */
export const AmountString = Schema.String.check(
  Schema.isPattern(AMOUNT_PATTERN, {
    expected: "an amount: optional minus, digits, optional dot and digits",
  }),
).annotate({ identifier: "AmountString" })
export type AmountString = typeof AmountString.Type

/** A non-negative integer string: base units as they travel in JSON (bigint does not). */
export const UnitsString = Schema.String.check(
  Schema.isPattern(/^\d+$/, { expected: "a non-negative integer string" }),
).annotate({ identifier: "UnitsString" })
export type UnitsString = typeof UnitsString.Type

export const isAmountString = (value: string): value is AmountString => AMOUNT_PATTERN.test(value)
