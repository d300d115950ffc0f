import { Schema } from "effect"

/** The CAIP-2 namespaces AppKit connects on (§1). */
export const ChainNamespace = Schema.Literals(["eip155", "solana", "polkadot", "bip122", "cosmos"])
export type ChainNamespace = typeof ChainNamespace.Type

export const chainNamespaces: ReadonlyArray<ChainNamespace> = ChainNamespace.literals

export const isChainNamespace = (value: string): value is ChainNamespace =>
  (chainNamespaces as ReadonlyArray<string>).includes(value)
