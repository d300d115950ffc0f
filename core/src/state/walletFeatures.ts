import { isSwapNetwork } from "../api/blockchain/swapNetworks"
import type { RemoteFeature } from "../api/wallet/schemas"
import { WALLET_FEATURE_ORDER } from "../config/constants"
import type { ChainNamespace } from "../domain/namespace"
import type { Features } from "./Options"
import { sendNamespaces } from "./Send"

export type WalletFeature = (typeof WALLET_FEATURE_ORDER)[number]

/** The remote config's ids for the wallet features (GET /appkit/v1/config names swaps "swap"). */
const remoteIds: Readonly<Record<WalletFeature, string>> = {
  onramp: "onramp",
  swaps: "swap",
  receive: "receive",
  send: "send",
}

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
 * dApp's options, not switched off by the project's remote config (a switch the dashboard does not list leaves
 * the option as it is), and serving the connected network.
 */
export const walletFeatures = (params: {
  readonly features: Features
  readonly remote?: ReadonlyArray<RemoteFeature> | undefined
  readonly namespace: ChainNamespace
  readonly caipNetworkId: string
}): ReadonlyArray<WalletFeature> =>
  WALLET_FEATURE_ORDER.filter((feature) => {
    const remote = params.remote?.find((entry) => entry.id === remoteIds[feature])
    return (
      params.features[feature] &&
      remote?.isEnabled !== false &&
      servesNetwork[feature](params.namespace, params.caipNetworkId)
    )
  })
