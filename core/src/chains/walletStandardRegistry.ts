/**
 * The app side of the Wallet Standard registration protocol, without its package, for every namespace that
 * discovers wallets through it (Solana, Bitcoin): wallets dispatch `wallet-standard:register-wallet` with a
 * callback that registers them, and answer the app's `wallet-standard:app-ready` the same way. Any page script
 * can register anything, so only what `isWanted` accepts is kept; the same object registers once, and a wallet
 * that unregisters leaves the list.
 */

const registerEvent = "wallet-standard:register-wallet"
const appReadyEvent = "wallet-standard:app-ready"

export interface WalletRegistry<W> {
  /** The wallets registered so far, in the order they came. */
  readonly current: () => ReadonlyArray<W>
  /** Stops listening for wallets that register later. */
  readonly stop: () => void
}

/**
 * Collects the wallets registered on `target` (the window), now and later; `onChange` runs with the whole
 * list whenever it grows or shrinks.
 */
export const watchRegisteredWallets = <W>(
  target: EventTarget,
  isWanted: (value: unknown) => value is W,
  onChange: (wallets: ReadonlyArray<W>) => void,
): WalletRegistry<W> => {
  let wallets: ReadonlyArray<W> = []
  const api = {
    register: (...registered: ReadonlyArray<unknown>) => {
      const added: Array<W> = []
      for (const wallet of registered)
        if (isWanted(wallet) && !wallets.includes(wallet) && !added.includes(wallet)) added.push(wallet)
      if (added.length > 0) {
        wallets = [...wallets, ...added]
        onChange(wallets)
      }
      return () => {
        const remaining = wallets.filter((wallet) => !added.includes(wallet))
        if (remaining.length === wallets.length) return
        wallets = remaining
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
