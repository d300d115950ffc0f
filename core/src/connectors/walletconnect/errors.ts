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
 */
export const walletConnectMessages = {
  pairingExpired: "The WalletConnect pairing expired before the wallet approved it",
  unavailable: "WalletConnect is unavailable",
  proposalRejected: "The wallet rejected the connection",
  invalidOptions: "Invalid WalletConnect options",
  sessionEnded: "The wallet ended the WalletConnect session",
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
} as const

export class WalletConnectError extends AppKitError(
  Schema.TaggedError<WalletConnectError>()("WalletConnectError", {
    reason: Schema.Literals([
      "pairingExpired",
      "unavailable",
      "proposalRejected",
      "invalidOptions",
      "sessionEnded",
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
