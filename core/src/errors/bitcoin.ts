import { AppKitError } from "../domain/appKitError"
import { BitcoinWalletErrorCode, lookupRpcErrorCode } from "./rpcCodes"
import { TaggedError } from "./taggedError"

/** §5/§8 Bitcoin layer and Bitcoin connector texts with a fixed wording. */
export const bitcoinMessages = {
  providerSelectionFailed: "Failed to select the provider. User may have cancelled the selection prompt.",
  nullResponse: "Wallet Error processing the request",
  noWalletsDetected: "No wallets detected, may want to prompt user to install a wallet.",
  selectorNotDetected: "Failed to detect the wallet provider selector.",
  walletCallNotSupported: "Wallet call is not supported",
  methodNotSupportedBySelectedWallet: "Method not supported by the selected wallet",
  noWalletProvider: "no wallet provider was found",
  noWalletProviderSelected: "No wallet provider selected...",
  chainNotFound: "Chain not found",
  noAccountFound: "No account found",
  noResponse: "No response from wallet",
  noActiveNetwork: "No active network available",
  noAccountAvailable: "No account available",
  noAddressAvailable: "No address available",
  accountNotFound: "Account not found",
  addressNotFound: "Address not found",
  invalidAmount: "Invalid amount",
  invalidAddress: "Invalid address",
  singleRecipientOnly: "Only one recipient is supported by this wallet provider",
  pairingMessageTooLong: "The message must not exceed 80 characters.",
  stacksBatchEmpty: "A Stacks batch needs at least one item",
  networkUnsupportedByWallet: "This network is not supported by the wallet",
  networkSwitchUnsupported: "This wallet does not support switching networks",
  broadcastUnsupported: "This wallet does not broadcast PSBTs; broadcast the signed transaction manually",
  sendTransferUnsupported: "This wallet does not support sendTransfer; use signPSBT instead",
  requestUnsupported: "This wallet does not support the request method",
} as const

export class BitcoinError extends AppKitError(
  TaggedError("BitcoinError")<{
    readonly reason: keyof typeof bitcoinMessages
    /** Words more precise than the reason's text, when there are some (an address of another network). */
    readonly detail?: string
  }>(),
) {
  override get message(): string {
    return this.detail ?? bitcoinMessages[this.reason]
  }

  /** The Bitcoin wallet JSON-RPC code this failure is reported with. */
  get code(): number {
    switch (this.reason) {
      case "walletCallNotSupported":
      case "methodNotSupportedBySelectedWallet":
      case "sendTransferUnsupported":
      case "requestUnsupported":
      case "broadcastUnsupported":
      case "networkSwitchUnsupported":
        return BitcoinWalletErrorCode.methodNotSupported
      case "invalidAmount":
      case "invalidAddress":
      case "singleRecipientOnly":
      case "pairingMessageTooLong":
      case "stacksBatchEmpty":
        return BitcoinWalletErrorCode.invalidParams
      default:
        return BitcoinWalletErrorCode.internalError
    }
  }
}

/** 'Invalid address', in the address rule's own words when they say more (an address of another network). */
export const invalidAddressError = (message: string): BitcoinError =>
  new BitcoinError({
    reason: "invalidAddress",
    ...(message === bitcoinMessages.invalidAddress ? {} : { detail: message }),
  })

/** 'Method {method} is not supported': a pairing session asked for a method outside its list. */
export class BitcoinMethodNotSupportedError extends AppKitError(
  TaggedError("BitcoinMethodNotSupportedError")<{ readonly method: string }>(),
  { topic: "Wallet call is not supported" },
) {
  override get message(): string {
    return `Method ${this.method} is not supported`
  }
}

/** 'Network {id} not supported by Xverse wallet'. */
export class XverseNetworkError extends AppKitError(
  TaggedError("XverseNetworkError")<{ readonly network: string }>(),
  { topic: "Network not supported by Xverse wallet" },
) {
  override get message(): string {
    return `Network ${this.network} not supported by Xverse wallet`
  }
}

/** §7: the explorer refused the UTXO query; its body is part of the message. */
export class UtxoFetchError extends AppKitError(TaggedError("UtxoFetchError")<{ readonly body: string }>(), {
  topic: "Failed to fetch UTXOs",
  details: (error) => error.body,
}) {
  override get message(): string {
    return `Failed to fetch UTXOs: ${this.body}`
  }
}

/**
 * RPCError: a Bitcoin wallet's error reply, rethrown with its code. The user-rejection code (-32000) makes
 * the caller reset the selected provider.
 */
export class BitcoinRpcError extends AppKitError(
  TaggedError("BitcoinRpcError")<{
    readonly code: number
    readonly message: string
    readonly data?: unknown
  }>(),
) {
  get codeName(): string | undefined {
    return lookupRpcErrorCode("bitcoin", this.code)?.name
  }

  get isUserRejection(): boolean {
    return this.code === BitcoinWalletErrorCode.userRejection
  }
}

/** A failed disconnect in the Bitcoin layer, reported with the DISCONNECT_ERROR type. */
export class BitcoinDisconnectError extends AppKitError(
  TaggedError("BitcoinDisconnectError")<{ readonly cause?: unknown }>(),
) {
  readonly type = "DISCONNECT_ERROR"
  override get message(): string {
    return "Failed to disconnect"
  }
}
