import { Duration, Effect, Option } from "effect"
import { Timings } from "../../config/constants"
import { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { SolanaTransactionExpired, SolanaTransactionFailed } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { BlockhashValidResult, type SignatureStatus, SignatureStatusesResult } from "./rpc/schemas"

export interface ConfirmOptions {
  /** How long to wait for the cluster to confirm (default: the §9 transaction confirmation timeout, 25 s). */
  readonly timeout?: Duration.Input | undefined
  /** How often to ask (default 500 ms, about one Solana slot). */
  readonly pollInterval?: Duration.Input | undefined
  /** The transaction's blockhash: once it has expired, a transaction not seen yet never will be. */
  readonly blockhash?: string | undefined
}

const landed = (status: SignatureStatus | null | undefined): status is SignatureStatus =>
  status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized"

const statusOf = (rpc: SolanaRpc, signature: string) =>
  rpc
    .call("getSignatureStatuses", [[signature], { searchTransactionHistory: true }], SignatureStatusesResult)
    .pipe(Effect.map((result) => result.value[0]))

/** Whether the blockhash may still carry a transaction (when the node cannot say: it may). */
const blockhashValid = (rpc: SolanaRpc, blockhash: string) =>
  rpc.call("isBlockhashValid", [blockhash, { commitment: "confirmed" }], BlockhashValidResult).pipe(
    Effect.map((result) => result.value),
    Effect.orElseSucceed(() => true),
  )

const verdict = (signature: string, status: SignatureStatus) =>
  status.err === null
    ? Effect.succeed(status)
    : Effect.fail(new SolanaTransactionFailed({ signature, err: status.err }))

/**
 * Waits until a signature is confirmed, polling getSignatureStatuses; a failed status is a
 * SolanaTransactionFailed. A poll that errs is retried (the node may be briefly busy). When the time is up
 * the status is asked once more, so a confirmation that arrived at the last moment is not reported as lost;
 * not found then, with its `blockhash` expired, it is a SolanaTransactionExpired (it will not land).
 */
export const waitForSolanaSignature = (
  rpc: SolanaRpc,
  signature: string,
  options: ConfirmOptions = {},
): Effect.Effect<
  SignatureStatus,
  SolanaTransactionFailed | SolanaTransactionExpired | TransactionConfirmationTimeout | SolanaRpcCallError
> => {
  const timeout = Duration.fromInputUnsafe(options.timeout ?? Timings.transactionConfirmationTimeout)
  const interval = Duration.fromInputUnsafe(options.pollInterval ?? Duration.millis(500))
  const poll: Effect.Effect<SignatureStatus> = statusOf(rpc, signature).pipe(
    Effect.option,
    Effect.flatMap((status) => {
      const found = Option.getOrUndefined(status)
      return landed(found) ? Effect.succeed(found) : Effect.andThen(Effect.sleep(interval), poll)
    }),
  )
  return poll.pipe(
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () =>
        Effect.gen(function* () {
          // The blockhash first: a transaction that lands before the status is asked is still seen.
          const expired = options.blockhash !== undefined && !(yield* blockhashValid(rpc, options.blockhash))
          const status = yield* statusOf(rpc, signature)
          if (landed(status)) return status
          if (expired && (status ?? null) === null) return yield* new SolanaTransactionExpired({ signature })
          return yield* new TransactionConfirmationTimeout({
            hash: signature,
            timeoutMs: Duration.toMillis(timeout),
          })
        }),
    }),
    Effect.flatMap((status) => verdict(signature, status)),
  )
}
