import { BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode, RpcErrorCode } from "../../../errors/rpcCodes"
import { readRpcError } from "../../../errors/rpcReply"
import { BitcoinTimeoutError } from "../errors"

/** How long a wallet may take to answer one call, in milliseconds: long enough for a person to read and approve it. */
export const defaultWalletTimeout = 5 * 60 * 1000

export type WalletCallError = BitcoinRpcError | BitcoinTimeoutError

/**
 * A thrown wallet error as the Bitcoin code table names it: EIP-1193's 4001 (what Unisat, OKX and most
 * extension APIs throw when the user declines) is the table's user rejection, -32000.
 */
export const toBitcoinRpcError = (thrown: unknown): BitcoinRpcError => {
  if (thrown instanceof BitcoinRpcError) return thrown
  const { code, message, data } = readRpcError(thrown)
  return new BitcoinRpcError({
    code: code === RpcErrorCode.userRejectedRequest ? BitcoinWalletErrorCode.userRejection : code,
    message,
    ...(data !== undefined ? { data } : {}),
  })
}

/**
 * Bounds a wallet interaction by `timeoutMillis`: past it, 'The wallet did not answer {method} within {n} s'.
 * The timer is cleared as soon as the interaction settles.
 */
export const withinWalletTimeout = <A>(
  method: string,
  promise: Promise<A>,
  timeoutMillis: number = defaultWalletTimeout,
): Promise<A> =>
  new Promise<A>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BitcoinTimeoutError({ method, timeoutMillis })), timeoutMillis)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })

/** One call into a wallet's own API, bounded by `timeout`; whatever it throws becomes a BitcoinRpcError. */
export const walletCall = <A>(method: string, call: () => Promise<A> | A, timeout?: number): Promise<A> =>
  withinWalletTimeout(
    method,
    (async () => call())().catch((thrown: unknown) => Promise.reject(toBitcoinRpcError(thrown))),
    timeout,
  )

/** The §8 'Wallet Error processing the request': a wallet that answered with nothing at all. */
export const nullResponse = () => new BitcoinError({ reason: "nullResponse" })
