import { Schema } from "effect"
import { type CaipAccountId, type CaipNetworkId, namespaceOf } from "./caip"

/** The CAIP-2 namespaces AppKit connects on (§1). */
export const ChainNamespace = Schema.Literals(["eip155", "solana", "polkadot", "bip122", "cosmos"])
export type ChainNamespace = typeof ChainNamespace.Type

export const chainNamespaces: ReadonlyArray<ChainNamespace> = ChainNamespace.literals

export const isChainNamespace = (value: string): value is ChainNamespace =>
  (chainNamespaces as ReadonlyArray<string>).includes(value)

/** The namespace of a CAIP id when it is one AppKit connects on; undefined otherwise (e.g. `tron:…`). */
export const chainNamespaceOf = (id: CaipNetworkId | CaipAccountId): ChainNamespace | undefined => {
  const namespace = namespaceOf(id)
  return isChainNamespace(namespace) ? namespace : undefined
}
