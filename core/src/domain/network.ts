import { Schema } from "effect"
import { CaipNetworkId } from "./caip"
import { ChainNamespace } from "./namespace"
import { perNamespace } from "./perNamespace"

export const NetworkAssets = Schema.Struct({
  imageId: Schema.optionalKey(Schema.String),
  imageUrl: Schema.optionalKey(Schema.String),
})

/** The chain's own coin, as viem's `Chain.nativeCurrency` gives it: balances are shown in it. */
export const NativeCurrency = Schema.Struct({
  name: Schema.NonEmptyString,
  symbol: Schema.NonEmptyString,
  decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 255 })),
})
export type NativeCurrency = typeof NativeCurrency.Type

/**
 * A URL of `scheme` with a host, as written (`scheme://host…`) and as the URL parser reads it: a space in the
 * host or the port 65536 is no URL, and is refused here rather than by every request later.
 */
const urlOf = (written: RegExp, expected: string) =>
  Schema.String.check(Schema.makeFilter((url) => written.test(url) && URL.canParse(url), { expected }))

/** An API's or a service's base URL. */
export const HttpUrl = urlOf(/^https?:\/\/[^\s/]/, "an http(s) URL")

/** WalletConnect's relay: a WebSocket endpoint. */
export const RelayUrl = urlOf(/^wss?:\/\/[^\s/]/, "a ws(s) URL")

/** A node's JSON-RPC endpoint: reads (balances, receipts) go there rather than through the wallet. */
export const RpcUrl = HttpUrl

/**
 * §3 Network. `id` is the chain reference in its native form: a number for eip155 (1, 8453), a string
 * elsewhere (Solana's genesis hash prefix, a bip122 block hash prefix). `caipNetworkId` is exactly
 * `chainNamespace:id`: the three name one chain, and a network whose parts disagree is refused rather than
 * leaving callers to guess which one is meant.
 */
export const Network = Schema.Struct({
  id: Schema.Union([
    Schema.Int.check(Schema.isGreaterThan(0, { expected: "a positive integer" })),
    Schema.NonEmptyString,
  ]),
  chainNamespace: ChainNamespace,
  caipNetworkId: CaipNetworkId,
  name: Schema.NonEmptyString,
  assets: Schema.optionalKey(NetworkAssets),
  /** Beyond §3, for reads: the coin balances are counted in and where to read them. */
  nativeCurrency: Schema.optionalKey(NativeCurrency),
  rpcUrl: Schema.optionalKey(RpcUrl),
}).check(
  Schema.makeFilter((network) =>
    network.caipNetworkId === `${network.chainNamespace}:${network.id}`
      ? undefined
      : { path: ["caipNetworkId"], issue: `must be ${network.chainNamespace}:${network.id}` },
  ),
)
export type Network = typeof Network.Type

/**
 * §3 Network state, plus the active namespace, the network last active in each namespace, and whether the
 * wallet sits on a chain the dApp did not request (`caipNetwork` is then that chain, "Unknown Network").
 */
export const NetworkState = Schema.Struct({
  activeNamespace: ChainNamespace,
  caipNetwork: Network,
  activeNetworkIds: perNamespace(CaipNetworkId),
  requestedCaipNetworks: Schema.Array(Network),
  approvedCaipNetworkIds: Schema.Array(CaipNetworkId),
  supportsAllNetworks: Schema.Boolean,
  /** Networks on which the embedded wallet can use a smart account. */
  smartAccountEnabledNetworks: Schema.Array(CaipNetworkId),
  unsupportedChain: Schema.Boolean,
})
export type NetworkState = typeof NetworkState.Type

/**
 * Whether the connected wallet serves `caipNetworkId`: a wallet that approved only some networks of a
 * namespace (a WalletConnect session's chains, `approvedCaipNetworkIds`) serves no other network of it; the
 * networks of any other namespace stay the wallet's to switch to.
 */
export const isNetworkApproved = (
  approvedCaipNetworkIds: ReadonlyArray<string>,
  caipNetworkId: string,
): boolean => {
  const namespaceOf = (id: string) => id.slice(0, id.indexOf(":"))
  const namespace = namespaceOf(caipNetworkId)
  return (
    approvedCaipNetworkIds.includes(caipNetworkId) ||
    !approvedCaipNetworkIds.some((id) => namespaceOf(id) === namespace)
  )
}
