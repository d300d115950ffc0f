/**
 * The §3 Bitcoin value lists as plain constants, for code that must not load Effect (the Bitcoin connect
 * path); `domain/bitcoin.ts` builds its Schemas from these same lists.
 */
export const addressPurposes = ["payment", "ordinals", "stacks"] as const
export const bitcoinAddressTypes = ["p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr", "stacks"] as const
export const bitcoinWalletTypes = ["software", "ledger", "keystone"] as const
/** Bitcoin networks (§3). The selector offers only mainnet and testnet; regtest has no ordinals service. */
export const bitcoinNetworks = ["Mainnet", "Testnet", "Testnet4", "Signet", "Regtest"] as const
export const messageSigningProtocols = ["ecdsa", "bip322"] as const
