import { Schema } from "effect"
import { AmountString } from "./amount"
import { Token } from "./token"

/**
 * §3 Send state: the send form as the user fills it in. The amount and the receiver stay the text typed
 * until the §5 checks (state/Send `validate`) turn them into a checked send; the USD figure is computed.
 */
export const SendState = Schema.Struct({
  token: Schema.optional(Token),
  sendTokenAmount: Schema.optional(Schema.String),
  receiverAddress: Schema.optional(Schema.String),
  receiverProfileImageUrl: Schema.optional(Schema.String),
  receiverProfileName: Schema.optional(Schema.String),
  /** USD value of the native balance, used to warn about gas. */
  networkBalanceInUSD: Schema.optional(AmountString),
  tokenBalances: Schema.Array(Token),
  loading: Schema.Boolean,
})
export type SendState = typeof SendState.Type
