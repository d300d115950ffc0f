import { Schema } from "effect"

/**
 * What can go wrong on the WalletConnect path itself (the wallet's own answers are ProviderRpcErrors).
 * - pairingExpired: nobody approved within the §4 pairing lifetime (expired 10 s before the 4 minutes).
 * - unavailable: sign-client could not be loaded or could not reach the relay.
 * - proposalRejected: the wallet declined the session proposal.
 * - invalidOptions: a requested network is not a CAIP-2 id of a namespace AppKit connects.
 */
export const walletConnectMessages = {
  pairingExpired: "The WalletConnect pairing expired before the wallet approved it",
  unavailable: "WalletConnect is unavailable",
  proposalRejected: "The wallet rejected the connection",
  invalidOptions: "Invalid WalletConnect options",
} as const

export class WalletConnectError extends Schema.TaggedError<WalletConnectError>()("WalletConnectError", {
  reason: Schema.Literals(["pairingExpired", "unavailable", "proposalRejected", "invalidOptions"]),
  detail: Schema.optional(Schema.String),
}) {
  override get message(): string {
    const text = walletConnectMessages[this.reason]
    return this.detail === undefined ? text : `${text}: ${this.detail}`
  }
}
