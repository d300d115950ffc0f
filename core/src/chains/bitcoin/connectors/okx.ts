import { type Duration, Effect, Result, Schema } from "effect"
import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { formatUnits } from "../../../validation/amount"
import { decodeResult } from "../request/protocol"
import { walletCall } from "../request/walletCall"
import { okxNetworkProviders } from "../wallets/catalog"
import type { BitcoinConnector } from "./BitcoinConnector"
import { type ExtensionBitcoinApi, isExtensionBitcoinApi, makeExtensionConnector } from "./extensionApi"
import type { RequestApiWallet } from "./xverse"

/**
 * OKX (`window.okxwallet.bitcoin`): mainnet only, no network switching, one recipient per transfer, sent
 * with `send({from, to, value})` where `value` is BTC — written as the exact decimal of the satoshi amount.
 */
export interface OkxBitcoinApi extends ExtensionBitcoinApi {
  readonly connect: () => Promise<{ readonly address: string; readonly publicKey: string }>
  readonly send: (params: {
    readonly from: string
    readonly to: string
    readonly value: string
  }) => Promise<unknown>
}

const OkxSendResult = Schema.Struct({ txhash: Schema.String })

export const makeOkxConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly api: OkxBitcoinApi
  /** The dApp's active network; OKX serves only Mainnet. */
  readonly activeNetwork?: (() => BitcoinNetwork | undefined) | undefined
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector> => {
  const { api, timeout } = options
  const activeNetwork = options.activeNetwork ?? (() => "Mainnet" as const)
  return makeExtensionConnector({
    wallet: options.wallet,
    kind: "okx",
    api,
    network: "Mainnet",
    timeout,
    requestAccounts: Effect.map(
      walletCall("connect", () => api.connect(), timeout),
      (account) => (typeof account?.address === "string" ? [account.address] : []),
    ),
    sendOne: (to, satoshis) =>
      Effect.gen(function* () {
        const network = activeNetwork()
        if (network === undefined) return yield* new BitcoinError({ reason: "noActiveNetwork" })
        if (network !== "Mainnet") return yield* new BitcoinError({ reason: "networkUnsupportedByWallet" })
        const [from] = yield* walletCall("getAccounts", () => api.getAccounts(), timeout)
        if (typeof from !== "string" || from === "")
          return yield* new BitcoinError({ reason: "noAccountAvailable" })
        const value = Result.getOrThrow(formatUnits(BigInt(satoshis), 8))
        const result = yield* walletCall("send", () => api.send({ from, to, value }), timeout).pipe(
          Effect.flatMap(decodeResult("send", OkxSendResult)),
        )
        return result.txhash
      }),
    switchNetwork: (network) =>
      network === "Mainnet"
        ? Effect.void
        : Effect.fail(new BitcoinError({ reason: "networkSwitchUnsupported" })),
    // AppKit's OKX connector has no request API of its own: 'Wallet call is not supported'.
    request: () => Effect.fail(new BitcoinError({ reason: "walletCallNotSupported" })),
  })
}

/**
 * OKX on a test network (`okxwallet.bitcoinTestnet`, `okxwallet.bitcoinSignet`): connect, signMessage and
 * signPsbt only. No account list, no transfers and no broadcast.
 */
export interface OkxTestNetworkApi {
  readonly connect: () => Promise<{ readonly address: string; readonly publicKey: string }>
  readonly signMessage: ExtensionBitcoinApi["signMessage"]
  readonly signPsbt: ExtensionBitcoinApi["signPsbt"]
  readonly on?: ExtensionBitcoinApi["on"]
  readonly removeListener?: ExtensionBitcoinApi["removeListener"]
}

const isFunctionAt = (value: unknown, key: string) =>
  typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[key] === "function"

export const isOkxTestNetworkApi = (value: unknown): value is OkxTestNetworkApi =>
  ["connect", "signMessage", "signPsbt"].every((method) => isFunctionAt(value, method))

/**
 * The connector for OKX on Testnet or Signet, fixed to that network. The account is the one `connect`
 * answered (that provider has no getAccounts); sendTransfer says to use signPSBT, and a PSBT is signed
 * but never broadcast ('broadcast the signed transaction manually').
 */
export const makeOkxTestNetworkConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly api: OkxTestNetworkApi
  readonly network: "Testnet" | "Signet"
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector> => {
  const { api, network, timeout } = options
  let account: { readonly address: string; readonly publicKey: string } | undefined
  const extensionApi: ExtensionBitcoinApi = {
    getAccounts: async () => (account === undefined ? [] : [account.address]),
    getPublicKey: async () => account?.publicKey ?? "",
    signMessage: (message, type) => api.signMessage(message, type),
    signPsbt: (psbtHex, signOptions) => api.signPsbt(psbtHex, signOptions),
    ...(api.on ? { on: api.on.bind(api) } : {}),
    ...(api.removeListener ? { removeListener: api.removeListener.bind(api) } : {}),
  }
  return makeExtensionConnector({
    wallet: options.wallet,
    kind: "okx",
    api: extensionApi,
    network,
    timeout,
    requestAccounts: Effect.map(
      walletCall("connect", () => api.connect(), timeout),
      (connected) => {
        account =
          typeof connected?.address === "string" && typeof connected.publicKey === "string"
            ? { address: connected.address, publicKey: connected.publicKey }
            : undefined
        return account === undefined ? [] : [account.address]
      },
    ),
    sendOne: () => Effect.fail(new BitcoinError({ reason: "sendTransferUnsupported" })),
    switchNetwork: (target) =>
      target === network
        ? Effect.void
        : Effect.fail(new BitcoinError({ reason: "networkSwitchUnsupported" })),
    request: () => Effect.fail(new BitcoinError({ reason: "walletCallNotSupported" })),
  })
}

/**
 * The OKX connector for the app's network, from the `okxwallet` object: `bitcoin` on Mainnet (the default),
 * `bitcoinTestnet` on Testnet, `bitcoinSignet` on Signet; any other network is not one OKX serves.
 */
export const makeOkxConnectorForNetwork = (options: {
  readonly wallet: RequestApiWallet
  readonly family: unknown
  readonly network?: BitcoinNetwork | undefined
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector, BitcoinError> => {
  const { wallet, timeout } = options
  const network = options.network ?? "Mainnet"
  if (network !== "Mainnet" && network !== "Testnet" && network !== "Signet")
    return Effect.fail(new BitcoinError({ reason: "networkUnsupportedByWallet" }))
  const api =
    typeof options.family === "object" && options.family !== null
      ? (options.family as Record<string, unknown>)[okxNetworkProviders[network]]
      : undefined
  const missing = Effect.fail(new BitcoinError({ reason: "noWalletProvider" }))
  if (network === "Mainnet")
    return isExtensionBitcoinApi(api)
      ? makeOkxConnector({ wallet, api: api as OkxBitcoinApi, activeNetwork: () => network, timeout })
      : missing
  return isOkxTestNetworkApi(api) ? makeOkxTestNetworkConnector({ wallet, api, network, timeout }) : missing
}
