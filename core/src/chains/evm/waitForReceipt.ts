import { Duration, Effect } from "effect"
import { type Hash, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem"
import { getTransactionReceipt } from "viem/actions"
import type { EvmClient } from "./client"
import { confirmationTimeoutMs, type EvmError, evmCall, TransactionConfirmationTimeout } from "./errors"

/** The receipt, or undefined while the transaction is not mined yet (viem reports that as an error). */
const fetchReceipt = (client: EvmClient, hash: Hash) =>
  evmCall(() =>
    getTransactionReceipt(client, { hash }).catch((error: unknown) =>
      error instanceof TransactionReceiptNotFoundError ? undefined : Promise.reject(error),
    ),
  )

/**
 * Polls eth_getTransactionReceipt until the transaction is mined, giving up after the §9 confirmation timeout
 * (25 s). Time is Effect's Clock, so the timeout is exact under TestClock; any node error ends the wait at once.
 */
export const waitForReceipt = (
  client: EvmClient,
  hash: Hash,
  options: { readonly pollIntervalMs?: number; readonly timeoutMs?: number } = {},
): Effect.Effect<TransactionReceipt, EvmError | TransactionConfirmationTimeout> => {
  const timeoutMs = options.timeoutMs ?? confirmationTimeoutMs
  const pollInterval = Duration.millis(options.pollIntervalMs ?? 250)
  const pollUntilMined = Effect.gen(function* () {
    while (true) {
      const receipt = yield* fetchReceipt(client, hash)
      if (receipt !== undefined) return receipt
      yield* Effect.sleep(pollInterval)
    }
  })
  return pollUntilMined.pipe(
    Effect.timeoutOrElse({
      duration: Duration.millis(timeoutMs),
      orElse: () => Effect.fail(new TransactionConfirmationTimeout({ hash, timeoutMs })),
    }),
  )
}
