import { isSwapNetwork } from "../api/blockchain/swapNetworks"
import { WALLET_FEATURE_ORDER } from "../config/constants"
import type { ChainNamespace } from "../domain/namespace"
import type { Features } from "./Options"
import { sendNamespaces } from "./Send"

export type WalletFeature = (typeof WALLET_FEATURE_ORDER)[number]

/** §1: which namespaces each feature serves; swaps only on the 12 swap networks. */
const servesNetwork: Readonly<
  Record<WalletFeature, (namespace: ChainNamespace, network: string) => boolean>
> = {
  onramp: (namespace) => namespace === "eip155" || namespace === "solana",
  swaps: (namespace, network) => namespace === "eip155" && isSwapNetwork(network),
  receive: () => true,
  send: (namespace) => sendNamespaces.includes(namespace),
}

/**
 * The wallet features the Account view offers, in the §9 order (onramp, swaps, receive, send): each on in the
 * dApp's options and serving the connected network. The project's remote config reaches this through the
 * options: start-up applies it to them (`featuresFromRemote`), so there is one place that reads its switches.
 */
export const walletFeatures = (params: {
  readonly features: Features
  readonly namespace: ChainNamespace
  readonly caipNetworkId: string
}): ReadonlyArray<WalletFeature> =>
  WALLET_FEATURE_ORDER.filter(
    (feature) => params.features[feature] && servesNetwork[feature](params.namespace, params.caipNetworkId),
  )
