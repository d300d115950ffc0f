import type { Wallet, WindowAppReadyEventAPI } from "@wallet-standard/base"
import { Effect, Queue, Stream } from "effect"

/**
 * Wallet Standard discovery from the app's side, on a window (or any EventTarget): listen for
 * `wallet-standard:register-wallet` (wallets that load after the app) and dispatch
 * `wallet-standard:app-ready` (answered by wallets that loaded before it). Any page script can register
 * anything, so only objects shaped like a Solana wallet are kept; the same object registers once, and a
 * wallet that unregisters leaves the list.
 */

const isDataUri = (value: unknown) =>
  typeof value === "string" && /^data:image\/[a-z0-9.+-]+[;,]/i.test(value)
const isIdentifierList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === "string" && /^[^:]+:./.test(item))

/** A Wallet Standard wallet that can connect and knows at least one Solana chain. */
export const isSolanaWallet = (value: unknown): value is Wallet => {
  if (typeof value !== "object" || value === null) return false
  const wallet = value as Partial<Wallet>
  return (
    wallet.version === "1.0.0" &&
    typeof wallet.name === "string" &&
    wallet.name.length > 0 &&
    isDataUri(wallet.icon) &&
    isIdentifierList(wallet.chains) &&
    (wallet.chains as ReadonlyArray<string>).some((chain) => chain.startsWith("solana:")) &&
    typeof wallet.features === "object" &&
    wallet.features !== null &&
    typeof (wallet.features as Record<string, { connect?: unknown }>)["standard:connect"]?.connect ===
      "function" &&
    Array.isArray(wallet.accounts)
  )
}

const registerEvent = "wallet-standard:register-wallet"
const appReadyEvent = "wallet-standard:app-ready"

const collectWallets = (
  target: EventTarget,
  onChange: (wallets: ReadonlyArray<Wallet>) => void,
): { readonly current: () => ReadonlyArray<Wallet>; readonly stop: () => void } => {
  let wallets: ReadonlyArray<Wallet> = []
  const api: WindowAppReadyEventAPI = {
    register: (wallet) => {
      if (!isSolanaWallet(wallet) || wallets.includes(wallet)) return () => {}
      wallets = [...wallets, wallet]
      onChange(wallets)
      return () => {
        if (!wallets.includes(wallet)) return
        wallets = wallets.filter((known) => known !== wallet)
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
      // A broken wallet script must not stop discovery of the others.
    }
  }
  target.addEventListener(registerEvent, onRegister)
  target.dispatchEvent(new CustomEvent(appReadyEvent, { detail: api }))
  return { current: () => wallets, stop: () => target.removeEventListener(registerEvent, onRegister) }
}

/** The Solana wallets registered on `target`: the list now, then the list again whenever it grows or shrinks. */
export const watchWalletStandardWallets = (target: EventTarget): Stream.Stream<ReadonlyArray<Wallet>> =>
  Stream.callback<ReadonlyArray<Wallet>>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        // Wallets already present answer app-ready during the first dispatch: report them as one list.
        let started = false
        const collecting = collectWallets(target, (wallets) => {
          if (started) Queue.offerUnsafe(queue, wallets)
        })
        started = true
        Queue.offerUnsafe(queue, collecting.current())
        return collecting
      }),
      (collecting) => Effect.sync(collecting.stop),
    ),
  )

/** The Solana wallets present now: wallets answer app-ready synchronously, so one dispatch finds them. */
export const discoverWalletStandardWallets = (target: EventTarget): Effect.Effect<ReadonlyArray<Wallet>> =>
  Effect.sync(() => {
    const collecting = collectWallets(target, () => {})
    collecting.stop()
    return collecting.current()
  })
