import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { isRequestApiProvider } from "../request/protocol"
import type { DiscoveredBitcoinWallet } from "../wallets/discovery"
import { isBitcoinStandardWallet } from "../wallets/walletStandard"
import type { BitcoinConnector } from "./BitcoinConnector"
import { isExtensionBitcoinApi } from "./extensionApi"
import { makeLeatherConnector } from "./leather"
import { makeOkxConnectorForNetwork } from "./okx"
import { makeUnisatConnector, type UnisatApi } from "./unisat"
import { makeWalletStandardConnector } from "./walletStandard"
import { makeRequestApiConnector } from "./xverse"

export interface ConnectorOptions {
  readonly network?: BitcoinNetwork | undefined
  /** How long one wallet call may take, in milliseconds (default: `defaultWalletTimeout`). */
  readonly timeout?: number | undefined
}

/**
 * The connector for a discovered wallet; one that is not installed throws 'no wallet provider was found'
 * (a BitcoinError).
 */
export const connectorForWallet = (
  wallet: DiscoveredBitcoinWallet,
  options: ConnectorOptions = {},
): BitcoinConnector => {
  const { provider } = wallet
  const missing = () => {
    throw new BitcoinError({ reason: "noWalletProvider" })
  }
  if (!wallet.isInstalled || provider === undefined) return missing()
  const info = { id: wallet.id, name: wallet.name, icon: wallet.icon }
  switch (wallet.source) {
    case "requestApi":
      return isRequestApiProvider(provider)
        ? makeRequestApiConnector({ wallet: info, provider, ...options })
        : missing()
    case "leather":
      return isRequestApiProvider(provider)
        ? makeLeatherConnector({ wallet: info, provider, ...options })
        : missing()
    case "unisat":
      return isExtensionBitcoinApi(provider)
        ? makeUnisatConnector({ wallet: info, api: provider as UnisatApi, ...options })
        : missing()
    case "okx":
      return makeOkxConnectorForNetwork({ wallet: info, family: provider, ...options })
    case "walletStandard":
      return isBitcoinStandardWallet(provider)
        ? makeWalletStandardConnector({ wallet: provider, ...options })
        : missing()
  }
}
