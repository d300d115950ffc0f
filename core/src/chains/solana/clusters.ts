import type { IdentifierString } from "@wallet-standard/base"

/**
 * Solana clusters by CAIP-2 id (solana:<first 32 characters of the genesis hash>) and the names Wallet
 * Standard wallets use for them (solana:mainnet, …). A local validator's genesis hash is its own, so its
 * CAIP-2 id is given by the app (the dev stack prints it as solanaChainId).
 */
export const SolanaClusters = {
  mainnet: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  devnet: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  testnet: "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
} as const

export interface SolanaChainMap {
  /** The CAIP-2 id of a wallet's chain name, or undefined for a chain this app does not know. */
  readonly toCaip: (walletChain: string) => string | undefined
  /** The name a wallet uses for a CAIP-2 id (what `chain` inputs of signing calls carry). */
  readonly toWallet: (caipChainId: string) => IdentifierString | undefined
}

/** The chain map for an app; `localnet` is the CAIP-2 id the app's local validator has, if any. */
export const solanaChainMap = (localnet?: string): SolanaChainMap => {
  const pairs: ReadonlyArray<readonly [IdentifierString, string]> = [
    ["solana:mainnet", SolanaClusters.mainnet],
    ["solana:devnet", SolanaClusters.devnet],
    ["solana:testnet", SolanaClusters.testnet],
    ...(localnet === undefined ? [] : [["solana:localnet", localnet] as const]),
  ]
  return {
    // Some wallets list CAIP-2 ids themselves; those map to themselves.
    toCaip: (walletChain) => pairs.find(([name, caip]) => name === walletChain || caip === walletChain)?.[1],
    toWallet: (caipChainId) => pairs.find(([, caip]) => caip === caipChainId)?.[0],
  }
}
