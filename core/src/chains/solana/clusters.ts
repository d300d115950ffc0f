import type { IdentifierString } from "@wallet-standard/base"
import { Option } from "effect"
import { type CaipNetworkId, decodeCaipNetworkId } from "../../domain/caip"

/**
 * Solana clusters by CAIP-2 id (solana:<first 32 characters of the genesis hash>) and the names Wallet
 * Standard wallets use for them (solana:mainnet, …). A local validator's genesis hash is its own, so its
 * CAIP-2 id is given by the app (the dev stack prints it as solanaChainId).
 */
export const SolanaClusters = {
  mainnet: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  devnet: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  testnet: "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
} as const satisfies Record<string, string> as Readonly<
  Record<"mainnet" | "devnet" | "testnet", CaipNetworkId>
>

export interface SolanaChainMap {
  /** The CAIP-2 id of a wallet's chain name, or undefined for a chain this app does not know. */
  readonly toCaip: (walletChain: string) => CaipNetworkId | undefined
  /** The name a wallet uses for a CAIP-2 id (what `chain` inputs of signing calls carry). */
  readonly toWallet: (caipChainId: string) => IdentifierString | undefined
}

/**
 * The chain map for an app; `localnet` is the CAIP-2 id the app's local validator has, if any (one that is not
 * a CAIP-2 id names no chain).
 */
export const solanaChainMap = (localnet?: string): SolanaChainMap => {
  const local = localnet === undefined ? undefined : Option.getOrUndefined(decodeCaipNetworkId(localnet))
  const pairs: ReadonlyArray<readonly [IdentifierString, CaipNetworkId]> = [
    ["solana:mainnet", SolanaClusters.mainnet],
    ["solana:devnet", SolanaClusters.devnet],
    ["solana:testnet", SolanaClusters.testnet],
    ...(local === undefined ? [] : [["solana:localnet", local] as const]),
  ]
  return {
    // Some wallets list CAIP-2 ids themselves; those map to themselves.
    toCaip: (walletChain) => pairs.find(([name, caip]) => name === walletChain || caip === walletChain)?.[1],
    toWallet: (caipChainId) => pairs.find(([, caip]) => caip === caipChainId)?.[0],
  }
}
