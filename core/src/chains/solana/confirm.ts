import { Duration, Effect, Option } from "effect"
import { Timings } from "../../config/constants"
import { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { SolanaTransactionFailed } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { type SignatureStatus, SignatureStatusesResult } from "./rpc/schemas"

export interface ConfirmOptions {
  /** How long to wait for the cluster to confirm (default: the §9 transaction confirmation timeout, 25 s). */
  readonly timeout?: Duration.Input | undefined
  /** How often to ask (default 500 ms, about one Solana slot). */
  readonly pollInterval?: Duration.Input | undefined
}

const landed = (status: SignatureStatus | null | undefined): status is SignatureStatus =>
  status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized"

const statusOf = (rpc: SolanaRpc, signature: string) =>
  rpc
    .call("getSignatureStatuses", [[signature], { searchTransactionHistory: true }], SignatureStatusesResult)
    .pipe(Effect.map((result) => result.value[0]))

const verdict = (signature: string, status: SignatureStatus) =>
  status.err === null
    ? Effect.succeed(status)
    : Effect.fail(new SolanaTransactionFailed({ signature, err: status.err }))

/**
 * Waits until a signature is confirmed, polling getSignatureStatuses; a failed status is a
 * SolanaTransactionFailed. A poll that errs is retried (the node may be briefly busy). When the time is up
 * the status is asked once more, so a confirmation that arrived at the last moment is not reported as lost.
 */
export const waitForSolanaSignature = (
  rpc: SolanaRpc,
  signature: string,
  options: ConfirmOptions = {},
): Effect.Effect<
  SignatureStatus,
  SolanaTransactionFailed | TransactionConfirmationTimeout | SolanaRpcCallError
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
        statusOf(rpc, signature).pipe(
          Effect.flatMap((status) =>
            landed(status)
              ? Effect.succeed(status)
              : Effect.fail(
                  new TransactionConfirmationTimeout({
                    hash: signature,
                    timeoutMs: Duration.toMillis(timeout),
                  }),
                ),
          ),
        ),
    }),
    Effect.flatMap((status) => verdict(signature, status)),
  )
}
