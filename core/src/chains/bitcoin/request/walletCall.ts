import { Duration, Effect } from "effect"
import { BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { decodeProviderRpcError } from "../../../errors/ProviderRpcError"
import { BitcoinWalletErrorCode, RpcErrorCode } from "../../../errors/rpcCodes"
import { BitcoinTimeoutError } from "../errors"

/** How long a wallet may take to answer one call: long enough for a person to read and approve it. */
export const defaultWalletTimeout = Duration.minutes(5)

export type WalletCallError = BitcoinRpcError | BitcoinTimeoutError

/**
 * A thrown wallet error as the Bitcoin code table names it: EIP-1193's 4001 (what Unisat, OKX and most
 * extension APIs throw when the user declines) is the table's user rejection, -32000.
 */
export const toBitcoinRpcError = (thrown: unknown): BitcoinRpcError => {
  if (thrown instanceof BitcoinRpcError) return thrown
  const { code, message, data } = decodeProviderRpcError(thrown)
  return new BitcoinRpcError({
    code: code === RpcErrorCode.userRejectedRequest ? BitcoinWalletErrorCode.userRejection : code,
    message,
    ...(data !== undefined ? { data } : {}),
  })
}

/** Bounds a wallet interaction by `timeout`: past it, 'The wallet did not answer {method} within {n} s'. */
export const withinWalletTimeout = <A, E, R>(
  method: string,
  effect: Effect.Effect<A, E, R>,
  timeout: Duration.Input = defaultWalletTimeout,
): Effect.Effect<A, E | BitcoinTimeoutError, R> =>
  Effect.timeoutOrElse(effect, {
    duration: timeout,
    orElse: () =>
      Effect.fail(
        new BitcoinTimeoutError({
          method,
          timeoutMillis: Duration.toMillis(Duration.fromInputUnsafe(timeout)),
        }),
      ),
  })

/** One call into a wallet's own API, bounded by `timeout`; whatever it throws becomes a BitcoinRpcError. */
export const walletCall = <A>(
  method: string,
  call: () => Promise<A> | A,
  timeout?: Duration.Input,
): Effect.Effect<A, WalletCallError> =>
  withinWalletTimeout(
    method,
    Effect.tryPromise({ try: async () => call(), catch: toBitcoinRpcError }),
    timeout,
  )

/** The §8 'Wallet Error processing the request': a wallet that answered with nothing at all. */
export const nullResponse = () => new BitcoinError({ reason: "nullResponse" })
