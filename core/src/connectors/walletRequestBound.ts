import { Duration, Effect } from "effect"
import { WalletRequestTimeout } from "../errors/wallet"

/**
 * Every request to a wallet waits for a person, but never forever. Five minutes is what sign-client itself
 * gives a WalletConnect request before it expires, and long enough to read and approve anything.
 */
export const defaultWalletRequestTimeout: Duration.Duration = Duration.minutes(5)

/** Bounds one wallet request; on expiry it fails with WalletRequestTimeout naming the wallet and the method. */
export const boundWalletRequest =
  (request: { readonly walletName: string; readonly method: string; readonly timeout: Duration.Input }) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | WalletRequestTimeout, R> => {
    const timeout = Duration.fromInputUnsafe(request.timeout)
    return Effect.timeoutOrElse(effect, {
      duration: timeout,
      orElse: () =>
        Effect.fail(
          new WalletRequestTimeout({
            walletName: request.walletName,
            method: request.method,
            timeoutMs: Duration.toMillis(timeout),
          }),
        ),
    })
  }
