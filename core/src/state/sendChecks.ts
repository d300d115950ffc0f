import { Effect, Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import type { ChainNamespace } from "../domain/namespace"
import type { Token } from "../domain/token"
import { validateAddress } from "../validation/address/validateAddress"
import { type ParseUnitsError, parseUnits } from "../validation/amount"

/**
 * The send form's checks that need real code (Send's validateSend gives them in §5's order). A module of its
 * own, loaded with the first send: every namespace's address rules (and their hashing code) and the amount
 * arithmetic stay out of an app that never sends.
 */

/** Whether an address is one of the namespace's. */
export const isAddress = (address: string, namespace: ChainNamespace): boolean =>
  validateAddress(address, { namespace }).valid

/** More than the account holds of the token (its balance as the send form's token carries it). */
export class InsufficientSendBalanceError extends AppKitError(
  Schema.TaggedError<InsufficientSendBalanceError>()("InsufficientSendBalanceError", {
    amount: Schema.String,
    balance: Schema.String,
  }),
) {
  override get message(): string {
    return "Insufficient funds"
  }
}

export type SendAmountError = ParseUnitsError | InsufficientSendBalanceError

/**
 * A §5 amount string in the token's base units; a digit finer than the token's unit is refused (never
 * rounded), and so is more than the account holds.
 */
export const amountUnits = (amount: string, token: Token): Effect.Effect<bigint, SendAmountError> =>
  Effect.gen(function* () {
    const decimals = Number(token.quantity.decimals)
    const units = yield* Effect.fromResult(parseUnits(amount, decimals))
    // A balance reported finer than the token's unit is compared exactly, at its own scale.
    const balance = token.quantity.numeric
    const scale = Math.max(decimals, balance.split(".")[1]?.length ?? 0)
    const held = parseUnits(balance, scale)
    if (Result.isSuccess(held) && units * 10n ** BigInt(scale - decimals) > held.success)
      return yield* new InsufficientSendBalanceError({ amount, balance })
    return units
  })
