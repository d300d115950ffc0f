import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { Txid } from "../request/methods"
import { decodeResult } from "../request/replyShape"
import { walletCall } from "../request/walletCall"
import { type BitcoinConnector, requestThroughConnector } from "./BitcoinConnector"
import { type ExtensionBitcoinApi, makeExtensionConnector } from "./extensionApi"
import type { RequestApiWallet } from "./xverse"

/**
 * Unisat (`window.unisat`): one recipient per transfer ('Only one recipient is supported by this wallet
 * provider'), amounts in satoshis as Unisat's `sendBitcoin` takes them (never converted to BTC).
 */
export interface UnisatApi extends ExtensionBitcoinApi {
  readonly requestAccounts: () => Promise<ReadonlyArray<string>>
  readonly sendBitcoin: (
    address: string,
    satoshis: number,
    options?: { readonly feeRate?: number },
  ) => Promise<string>
  readonly switchChain?: (chain: string) => Promise<unknown>
}

const unisatChains: Readonly<Partial<Record<BitcoinNetwork, string>>> = {
  Mainnet: "BITCOIN_MAINNET",
  Testnet: "BITCOIN_TESTNET",
  Testnet4: "BITCOIN_TESTNET4",
  Signet: "BITCOIN_SIGNET",
}

const unisatNetworkNames: Readonly<Record<string, BitcoinNetwork>> = {
  livenet: "Mainnet",
  testnet: "Testnet",
  BITCOIN_MAINNET: "Mainnet",
  BITCOIN_TESTNET: "Testnet",
  BITCOIN_TESTNET4: "Testnet4",
  BITCOIN_SIGNET: "Signet",
}

export const makeUnisatConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly api: UnisatApi
  readonly network?: BitcoinNetwork | undefined
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
  const { api, timeout } = options
  return makeExtensionConnector({
    wallet: options.wallet,
    kind: "unisat",
    api,
    network: options.network ?? "Mainnet",
    timeout,
    requestAccounts: () => walletCall("requestAccounts", () => api.requestAccounts(), timeout),
    sendOne: async (address, satoshis) =>
      decodeResult(
        "sendBitcoin",
        Txid,
      )(await walletCall("sendBitcoin", () => api.sendBitcoin(address, satoshis), timeout)),
    switchNetwork: async (network) => {
      const chain = unisatChains[network]
      if (chain === undefined || typeof api.switchChain !== "function")
        throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
      await walletCall("switchChain", () => api.switchChain?.(chain), timeout)
    },
    request: requestThroughConnector,
    networkOfEvent: (value) => (typeof value === "string" ? unisatNetworkNames[value] : undefined),
  })
}
