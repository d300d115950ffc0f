import type { Wallet } from "@wallet-standard/base"
import { Effect, Queue, Stream } from "effect"
import { watchRegisteredWallets } from "../../walletStandardRegistry"

/**
 * Wallet Standard discovery of Solana wallets, on a window (or any EventTarget), through the registration
 * protocol's app side (walletStandardRegistry.ts): only objects shaped like a Solana wallet are kept.
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

/** The Solana wallets registered on `target`: the list now, then the list again whenever it grows or shrinks. */
export const watchWalletStandardWallets = (target: EventTarget): Stream.Stream<ReadonlyArray<Wallet>> =>
  Stream.callback<ReadonlyArray<Wallet>>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        // Wallets already present answer app-ready during the first dispatch: report them as one list.
        let started = false
        const collecting = watchRegisteredWallets(target, isSolanaWallet, (wallets) => {
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
    const collecting = watchRegisteredWallets(target, isSolanaWallet, () => {})
    collecting.stop()
    return collecting.current()
  })
