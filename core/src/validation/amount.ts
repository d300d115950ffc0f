import { Result, Schema } from "effect"
import { AMOUNT_PATTERN } from "../domain/amount"
import { AppKitError } from "../domain/appKitError"
import { toFixedString, unitsToDecimal } from "./units"

/**
 * Amounts (§5, §9). Money never touches a float: a user-facing amount is a decimal string matching the
 * §5 grammar (optional minus, digits, optional dot followed by digits), and on chain it is a bigint count
 * of base units for a token with N decimals. Conversions are exact; display forms are pure functions.
 *
 * The grammar requires digits on both sides of a dot, so "0." and ".5" are rejected rather than guessed
 * at; leading zeros ("007.5") and "-0" are accepted. Trailing zeros beyond the token's decimals lose
 * nothing and are accepted ("1.50" with 1 decimal is 15 units); any other extra digit is a precision error.
 * The amount grammar itself, and the schemas of amounts in entities, are domain/amount's.
 */

/** ERC-20 `decimals()` is a uint8, so no token has more than 255. */
export const MAX_DECIMALS = 255

export class InvalidAmountError extends AppKitError(
  Schema.TaggedError<InvalidAmountError>()("InvalidAmountError", {
    input: Schema.String,
  }),
  { topic: "Invalid amount" },
) {
  override get message() {
    return `Invalid amount '${this.input}': expected optional minus, digits, optional dot and digits`
  }
}

export class AmountPrecisionError extends AppKitError(
  Schema.TaggedError<AmountPrecisionError>()("AmountPrecisionError", {
    input: Schema.String,
    decimals: Schema.Number,
  }),
  { topic: "Amount precision" },
) {
  override get message() {
    return `Amount '${this.input}' has more than ${this.decimals} decimal places`
  }
}

export class InvalidDecimalsError extends AppKitError(
  Schema.TaggedError<InvalidDecimalsError>()("InvalidDecimalsError", {
    decimals: Schema.Number,
  }),
  { topic: "Invalid decimals" },
) {
  override get message() {
    return `Invalid decimals ${this.decimals}: expected an integer from 0 to ${MAX_DECIMALS}`
  }
}

export type ParseUnitsError = InvalidAmountError | AmountPrecisionError | InvalidDecimalsError

interface Decimal {
  readonly negative: boolean
  readonly integer: string
  readonly fraction: string
}

const splitAmount = (input: string): Result.Result<Decimal, InvalidAmountError> => {
  if (!AMOUNT_PATTERN.test(input)) return Result.fail(new InvalidAmountError({ input }))
  const negative = input.startsWith("-")
  const [integer = "0", fraction = ""] = (negative ? input.slice(1) : input).split(".")
  return Result.succeed({ negative, integer, fraction })
}

const checkDecimals = (decimals: number): Result.Result<number, InvalidDecimalsError> =>
  Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMALS
    ? Result.succeed(decimals)
    : Result.fail(new InvalidDecimalsError({ decimals }))

/** How digits beyond the target scale are treated. */
type Rounding = "floor" | "halfAwayFromZero"

/** The magnitude at `scale` fraction digits (truncated) and the digits that did not fit. */
const scaleMagnitude = (value: Decimal, scale: number) => ({
  magnitude: BigInt(value.integer + value.fraction.slice(0, scale).padEnd(scale, "0")),
  dropped: value.fraction.slice(scale),
})

const round = (value: Decimal, scale: number, rounding: Rounding): bigint => {
  const { magnitude, dropped } = scaleMagnitude(value, scale)
  const bumpsMagnitude =
    rounding === "floor" ? value.negative && /[1-9]/.test(dropped) : /^[5-9]/.test(dropped)
  const rounded = bumpsMagnitude ? magnitude + 1n : magnitude
  return value.negative ? -rounded : rounded
}

/** Decimal string → base units, exactly; digits that would be lost are an AmountPrecisionError. */
export const parseUnits = (input: string, decimals: number): Result.Result<bigint, ParseUnitsError> =>
  Result.gen(function* () {
    yield* checkDecimals(decimals)
    const value = yield* splitAmount(input)
    const { magnitude, dropped } = scaleMagnitude(value, decimals)
    if (/[1-9]/.test(dropped)) return yield* Result.fail(new AmountPrecisionError({ input, decimals }))
    return value.negative ? -magnitude : magnitude
  })

/** Base units → the shortest exact decimal string (no trailing zeros, no trailing dot). */
export const formatUnits = (units: bigint, decimals: number): Result.Result<string, InvalidDecimalsError> =>
  Result.map(checkDecimals(decimals), (scale) => unitsToDecimal(units, scale))

/** Digits shown after the dot for transaction quantities and balances (§9). */
export const DISPLAY_DECIMALS = 3

const display =
  (rounding: Rounding) =>
  (input: string): Result.Result<string, InvalidAmountError> =>
    Result.map(splitAmount(input), (value) =>
      toFixedString(round(value, DISPLAY_DECIMALS, rounding), DISPLAY_DECIMALS),
    )

/** A transaction quantity shown to 3 decimals, rounding half away from zero: "1.2345" → "1.235". */
export const formatQuantity = display("halfAwayFromZero")

/** A balance floored to 3 decimals so it never shows more than is held: "1.2349" → "1.234". */
export const formatBalance = display("floor")
