import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import type { Token, TokenQuantity } from "../domain/token"
import { formatUnits, type ParseUnitsError, parseUnits } from "../validation/amount"

/**
 * An amount to send or sell is more than the account's balance row shows: the wallet, the node or the API would
 * only refuse it later (a swap's approval already paid for).
 */
export class InsufficientBalanceError extends AppKitError(
  Schema.TaggedError<InsufficientBalanceError>()("InsufficientBalanceError", {
    amount: Schema.String,
    balance: Schema.String,
    symbol: Schema.String,
  }),
  { topic: "Insufficient funds" },
) {
  override get message(): string {
    return `Insufficient funds: ${this.amount} ${this.symbol} is more than the ${this.balance} ${this.symbol} held`
  }
}

/** The native coin held does not cover the network fee of sending it: the send or swap form's Max is 0. */
export class FeeExceedsBalanceError extends AppKitError(
  Schema.TaggedError<FeeExceedsBalanceError>()("FeeExceedsBalanceError", {
    fee: Schema.String,
    symbol: Schema.String,
  }),
  { topic: "Insufficient funds" },
) {
  override get message(): string {
    return `Insufficient funds for the network fee: ${this.fee} ${this.symbol} needed`
  }
}

export type HeldAmountError = ParseUnitsError | InsufficientBalanceError

/**
 * What is wrong with an amount (of the §5 grammar) of a token the account holds, if anything: a digit beyond the
 * token's decimals is refused rather than rounded, and more than its balance row can send (sendableAmount: less any
 * frozen part) is refused (exactly that is fine). A balance that is no decimal of those decimals (a row from
 * elsewhere) is not held against the amount.
 */
export const heldAmountProblem = (amount: string, token: Token): HeldAmountError | undefined => {
  const decimals = Number(token.quantity.decimals)
  const units = parseUnits(amount, decimals)
  if (Result.isFailure(units)) return units.failure
  const balance = Result.getOrElse(sendableAmount(token.quantity), () => token.quantity.numeric)
  const held = parseUnits(balance, decimals)
  return Result.isSuccess(held) && units.success > held.success
    ? new InsufficientBalanceError({ amount, balance, symbol: token.symbol })
    : undefined
}

/**
 * The most of the native coin a transaction can move when its network fee comes out of the same balance: `held`
 * less `fee` (base units), as a decimal of `decimals`; FeeExceedsBalanceError when the fee takes it all. The one
 * rule of the send form's and the swap form's Max.
 */
export const nativeMax = (
  held: bigint,
  fee: bigint,
  decimals: number,
  symbol: string,
): Result.Result<string, FeeExceedsBalanceError> => {
  const amountOf = (units: bigint) => Result.getOrElse(formatUnits(units, decimals), () => String(units))
  return fee >= held
    ? Result.fail(new FeeExceedsBalanceError({ fee: amountOf(fee), symbol }))
    : Result.succeed(amountOf(held - fee))
}

/**
 * What a send can spend of a token row, as a decimal of its decimals: its balance less the part frozen on chain
 * (Solana), which the send leaves out. The one rule of the send form's Max for a token.
 */
export const sendableAmount = (quantity: TokenQuantity): Result.Result<string, ParseUnitsError> => {
  if (quantity.frozen === undefined) return Result.succeed(quantity.numeric)
  const decimals = Number(quantity.decimals)
  const held = parseUnits(quantity.numeric, decimals)
  if (Result.isFailure(held)) return Result.fail(held.failure)
  const frozen = parseUnits(quantity.frozen, decimals)
  if (Result.isFailure(frozen)) return Result.fail(frozen.failure)
  const units = held.success > frozen.success ? held.success - frozen.success : 0n
  return Result.succeed(Result.getOrElse(formatUnits(units, decimals), () => "0"))
}
