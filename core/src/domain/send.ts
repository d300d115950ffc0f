import { Schema } from "effect"
import { AmountString } from "./amount"
import { Token } from "./token"

/**
 * §3 Send state: the send form. Amounts are exact decimal strings as typed (parseUnits turns them into
 * base units when the transaction is built); the form starts empty, so every field but `loading` is optional.
 */
export const SendState = Schema.Struct({
  token: Schema.optionalKey(Token),
  sendTokenAmount: Schema.optionalKey(AmountString),
  receiverAddress: Schema.optionalKey(Schema.String),
  receiverProfileImageUrl: Schema.optionalKey(Schema.String),
  receiverProfileName: Schema.optionalKey(Schema.String),
  /** USD value of the native balance, used to warn about gas. */
  networkBalanceInUSD: Schema.optionalKey(AmountString),
  tokenBalances: Schema.optionalKey(Schema.Array(Token)),
  loading: Schema.Boolean,
})
export type SendState = typeof SendState.Type
