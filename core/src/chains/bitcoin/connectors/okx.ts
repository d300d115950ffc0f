import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { unitsToDecimal } from "../../../validation/units"
import { Txid } from "../request/methods"
import { decodeResult, struct } from "../request/replyShape"
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

const OkxSendResult = struct({ txhash: Txid })

export const makeOkxConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly api: OkxBitcoinApi
  /** The dApp's active network; OKX serves only Mainnet. */
  readonly activeNetwork?: (() => BitcoinNetwork | undefined) | undefined
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
  const { api, timeout } = options
  const activeNetwork = options.activeNetwork ?? (() => "Mainnet" as const)
  return makeExtensionConnector({
    wallet: options.wallet,
    kind: "okx",
    api,
    network: "Mainnet",
    timeout,
    requestAccounts: async () => {
      const account = await walletCall("connect", () => api.connect(), timeout)
      return typeof account?.address === "string" ? [account.address] : []
    },
    sendOne: async (to, satoshis) => {
      const network = activeNetwork()
      if (network === undefined) throw new BitcoinError({ reason: "noActiveNetwork" })
      if (network !== "Mainnet") throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
      const [from] = await walletCall("getAccounts", () => api.getAccounts(), timeout)
      if (typeof from !== "string" || from === "") throw new BitcoinError({ reason: "noAccountAvailable" })
      const value = unitsToDecimal(BigInt(satoshis), 8)
      const reply = await walletCall("send", () => api.send({ from, to, value }), timeout)
      return decodeResult("send", OkxSendResult)(reply).txhash
    },
    switchNetwork: async (network) => {
      if (network !== "Mainnet") throw new BitcoinError({ reason: "networkSwitchUnsupported" })
    },
    // AppKit's OKX connector has no request API of its own: 'Wallet call is not supported'.
    request: async () => {
      throw new BitcoinError({ reason: "walletCallNotSupported" })
    },
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
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
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
    requestAccounts: async () => {
      const connected = await walletCall("connect", () => api.connect(), timeout)
      account =
        typeof connected?.address === "string" && typeof connected.publicKey === "string"
          ? { address: connected.address, publicKey: connected.publicKey }
          : undefined
      return account === undefined ? [] : [account.address]
    },
    sendOne: async () => {
      throw new BitcoinError({ reason: "sendTransferUnsupported" })
    },
    switchNetwork: async (target) => {
      if (target !== network) throw new BitcoinError({ reason: "networkSwitchUnsupported" })
    },
    request: async () => {
      throw new BitcoinError({ reason: "walletCallNotSupported" })
    },
  })
}

/**
 * The OKX connector for the app's network, from the `okxwallet` object: `bitcoin` on Mainnet (the default),
 * `bitcoinTestnet` on Testnet, `bitcoinSignet` on Signet; any other network is not one OKX serves (thrown,
 * as is 'no wallet provider was found' for a family without that provider).
 */
export const makeOkxConnectorForNetwork = (options: {
  readonly wallet: RequestApiWallet
  readonly family: unknown
  readonly network?: BitcoinNetwork | undefined
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
  const { wallet, timeout } = options
  const network = options.network ?? "Mainnet"
  if (network !== "Mainnet" && network !== "Testnet" && network !== "Signet")
    throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
  const api =
    typeof options.family === "object" && options.family !== null
      ? (options.family as Record<string, unknown>)[okxNetworkProviders[network]]
      : undefined
  if (network === "Mainnet" && isExtensionBitcoinApi(api))
    return makeOkxConnector({ wallet, api: api as OkxBitcoinApi, activeNetwork: () => network, timeout })
  if (network !== "Mainnet" && isOkxTestNetworkApi(api))
    return makeOkxTestNetworkConnector({ wallet, api, network, timeout })
  throw new BitcoinError({ reason: "noWalletProvider" })
}
