import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import type { Token } from "../domain/token"
import { validateAddress } from "../validation/address/validateAddress"
import { type ParseUnitsError, parseUnits } from "../validation/amount"
import type { AddressCheck, AmountCheck } from "./Send"

/**
 * The send form's checks that need code an app without sends never downloads (every namespace's address rules
 * and hashing, exact unit arithmetic): state/Send loads them with the first validation.
 */

/** The form's amount is more than the chosen token's balance: the wallet or the node would only refuse it later. */
export class InsufficientSendBalanceError extends AppKitError(
  Schema.TaggedError<InsufficientSendBalanceError>()("InsufficientSendBalanceError", {
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

export type SendAmountError = ParseUnitsError | InsufficientSendBalanceError

export const isSendAddress: AddressCheck = (address, namespace) =>
  validateAddress(address, { namespace }).valid

/**
 * An amount (of the §5 grammar) in the token's own decimals, at most its balance: a digit beyond the decimals is
 * refused rather than rounded, and exactly the balance is fine. A balance that is no decimal of those decimals
 * (a row from elsewhere) is not held against the amount.
 */
export const sendAmountProblem: AmountCheck = (amount, token: Token) => {
  const decimals = Number(token.quantity.decimals)
  const units = parseUnits(amount, decimals)
  if (Result.isFailure(units)) return units.failure
  const held = parseUnits(token.quantity.numeric, decimals)
  return Result.isSuccess(held) && units.success > held.success
    ? new InsufficientSendBalanceError({ amount, balance: token.quantity.numeric, symbol: token.symbol })
    : undefined
}
