/**
 * The app side of the Wallet Standard registration protocol, without its package: wallets dispatch
 * `wallet-standard:register-wallet` with a callback that registers them, and answer the app's
 * `wallet-standard:app-ready` the same way. Only wallets with the `bitcoin:connect` feature are kept.
 */
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

const registerEvent = "wallet-standard:register-wallet"
const appReadyEvent = "wallet-standard:app-ready"

/**
 * Collects the Bitcoin Wallet Standard wallets registered on `target` (the window), now and later;
 * `onChange` runs with the whole list whenever a wallet registers. Returns how to stop listening.
 */
export const watchStandardWallets = (
  target: EventTarget,
  onChange: (wallets: ReadonlyArray<StandardWallet>) => void,
): { readonly current: () => ReadonlyArray<StandardWallet>; readonly stop: () => void } => {
  let wallets: ReadonlyArray<StandardWallet> = []
  const api = {
    register: (...registered: ReadonlyArray<unknown>) => {
      const added = registered.filter(
        (wallet): wallet is StandardWallet => isBitcoinStandardWallet(wallet) && !wallets.includes(wallet),
      )
      if (added.length > 0) {
        wallets = [...wallets, ...added]
        onChange(wallets)
      }
      return () => {
        wallets = wallets.filter((wallet) => !added.includes(wallet))
        onChange(wallets)
      }
    },
  }
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail
    if (typeof callback !== "function") return
    try {
      callback(api)
    } catch {
      // A wallet's broken registration must not break discovery of the others.
    }
  }
  target.addEventListener(registerEvent, onRegister)
  try {
    target.dispatchEvent(new CustomEvent(appReadyEvent, { detail: api }))
  } catch {
    // No CustomEvent (an old runtime): wallets that register later are still heard.
  }
  return { current: () => wallets, stop: () => target.removeEventListener(registerEvent, onRegister) }
}
