/**
 * Bitcoin wallets of the Wallet Standard, found through the registration protocol's app side
 * (walletStandardRegistry.ts): only wallets with the `bitcoin:connect` feature are kept.
 */
import { type WalletRegistry, watchRegisteredWallets } from "../../walletStandardRegistry"

export interface StandardWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: ReadonlyArray<string>
  readonly features: ReadonlyArray<string>
  /** Bitcoin wallets name what the account is for (payment or ordinals); optional in the standard. */
  readonly purpose?: string | undefined
}

export interface StandardWallet {
  readonly version: string
  readonly name: string
  readonly icon: string
  readonly chains: ReadonlyArray<string>
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: ReadonlyArray<StandardWalletAccount>
}

export const BITCOIN_CONNECT = "bitcoin:connect"

export const isBitcoinStandardWallet = (value: unknown): value is StandardWallet => {
  if (typeof value !== "object" || value === null) return false
  const wallet = value as Partial<StandardWallet>
  return (
    typeof wallet.name === "string" &&
    wallet.name !== "" &&
    typeof wallet.icon === "string" &&
    typeof wallet.features === "object" &&
    wallet.features !== null &&
    BITCOIN_CONNECT in wallet.features &&
    Array.isArray(wallet.accounts) &&
    Array.isArray(wallet.chains)
  )
}

/**
 * Collects the Bitcoin Wallet Standard wallets registered on `target` (the window), now and later;
 * `onChange` runs with the whole list whenever it changes. Returns how to stop listening.
 */
export const watchStandardWallets = (
  target: EventTarget,
  onChange: (wallets: ReadonlyArray<StandardWallet>) => void,
): WalletRegistry<StandardWallet> => watchRegisteredWallets(target, isBitcoinStandardWallet, onChange)
