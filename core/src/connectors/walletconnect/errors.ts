import { Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { decodeProviderRpcError, isUserRejection, ProviderRpcError } from "../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../errors/rpcCodes"
import { toastMessages } from "../../errors/toasts"

/**
 * What can go wrong on the WalletConnect path itself (the wallet's own answers are ProviderRpcErrors).
 * - pairingExpired: nobody approved within the §4 pairing lifetime (expired 10 s before the 4 minutes).
 * - unavailable: sign-client could not be loaded or could not reach the relay.
 * - proposalRejected: the wallet declined the session proposal.
 * - invalidOptions: a requested network is not a CAIP-2 id of a namespace AppKit connects.
 * - sessionEnded: the wallet ended the session while a request to it was pending.
 * - invalidAccounts: the wallet approved accounts its namespaces' address rules refuse (the session is ended).
 */
export const walletConnectMessages = {
  pairingExpired: "The WalletConnect pairing expired before the wallet approved it",
  unavailable: "WalletConnect is unavailable",
  proposalRejected: "The wallet rejected the connection",
  invalidOptions: "Invalid WalletConnect options",
  sessionEnded: "The wallet ended the WalletConnect session",
  invalidAccounts: "The wallet approved accounts that are not valid",
} as const

/**
 * The EIP-1193/1474 code each reason carries when it crosses an EIP-1193 boundary (viem's transport, a
 * dApp's provider): an unreachable relay is a disconnected provider, a refused proposal a user rejection.
 */
const codes = {
  pairingExpired: RpcErrorCode.internalError,
  unavailable: RpcErrorCode.disconnected,
  proposalRejected: RpcErrorCode.userRejectedRequest,
  invalidOptions: RpcErrorCode.invalidParams,
  sessionEnded: RpcErrorCode.disconnected,
  invalidAccounts: RpcErrorCode.internalError,
} as const

export class WalletConnectError extends AppKitError(
  Schema.TaggedError<WalletConnectError>()("WalletConnectError", {
    reason: Schema.Literals([
      "pairingExpired",
      "unavailable",
      "proposalRejected",
      "invalidOptions",
      "sessionEnded",
      "invalidAccounts",
    ]),
    detail: Schema.optional(Schema.String),
  }),
  { topic: (error) => walletConnectMessages[error.reason], details: (error) => error.detail },
) {
  get code(): number {
    return codes[this.reason]
  }

  override get message(): string {
    const text = walletConnectMessages[this.reason]
    return this.detail === undefined ? text : `${text}: ${this.detail}`
  }
}

/** sign-client (or the connector's own code) could not be loaded, or the relay could not be reached. */
export const unavailable = (cause: unknown) =>
  new WalletConnectError({
    reason: "unavailable",
    detail: cause instanceof Error ? cause.message : String(cause),
  })

/** EIP-1193 4001 for "the user said no", whatever code the wallet used (WalletConnect's own is 5000). */
const walletConnectUserRejected = 5000
export const toWalletError = (reply: unknown): ProviderRpcError => {
  const error = decodeProviderRpcError(reply)
  if (!isUserRejection(error) && error.code !== walletConnectUserRejected) return error
  return new ProviderRpcError({
    code: RpcErrorCode.userRejectedRequest,
    message: toastMessages.signatureDeclined.message,
    data: { code: error.code, message: error.message },
  })
}

/**
 * A wallet's refusal of a session proposal as the connection's error: a user's "no" (5000, 4001) in the
 * plain words, any other refusal (e.g. 5100 "Unsupported chains. …") with the wallet's reason. sign-client
 * hands the wallet's answer over as its JSON-RPC error object; its own failures are Errors, or code 0 for
 * an expired proposal, and are not the wallet's word.
 */
export const proposalRefusal = (reply: unknown): WalletConnectError | undefined => {
  if (typeof reply !== "object" || reply === null || reply instanceof Error) return undefined
  const { code, message } = reply as { readonly code?: unknown; readonly message?: unknown }
  if (typeof code !== "number" || code === 0) return undefined
  return isUserRejection(toWalletError(reply)) || typeof message !== "string"
    ? new WalletConnectError({ reason: "proposalRejected" })
    : new WalletConnectError({ reason: "proposalRejected", detail: message })
}
