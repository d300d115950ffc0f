import { ed25519 } from "@noble/curves/ed25519.js"
import { base58, base64 } from "@scure/base"
import { getTransactionDecoder } from "@solana/kit"
import { Duration, Effect, Option } from "effect"
import { Timings } from "../../config/constants"
import { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { SolanaTransactionExpired, SolanaTransactionFailed } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { BlockhashValidResult, type SignatureStatus, SignatureStatusesResult } from "./rpc/schemas"
import type { PreparedTransfer } from "./transfer"

export interface ConfirmOptions {
  /** How long to wait for the cluster to confirm (default: the §9 transaction confirmation timeout, 25 s). */
  readonly timeout?: Duration.Input | undefined
  /** How often to ask (default 500 ms, about one Solana slot). */
  readonly pollInterval?: Duration.Input | undefined
  /**
   * The prepared transfer the signature is for. Sent unchanged (the signature is its fee payer's over its
   * very message), its blockhash bounds the transaction's life: expired, a transaction not seen yet never will be.
   */
  readonly prepared?: Pick<PreparedTransfer, "transaction" | "blockhash"> | undefined
}

const transactionDecoder = getTransactionDecoder()

/**
 * The prepared transaction's blockhash when `signature` is its fee payer's over exactly its message. A wallet
 * that changed it before sending (a newer blockhash, an added fee) signed another message, whose blockhash
 * is not known here.
 */
const sentBlockhash = (
  prepared: Pick<PreparedTransfer, "transaction" | "blockhash">,
  signature: string,
): string | undefined => {
  try {
    const { messageBytes, signatures } = transactionDecoder.decode(base64.decode(prepared.transaction))
    const [feePayer] = Object.keys(signatures)
    return feePayer !== undefined &&
      ed25519.verify(base58.decode(signature), new Uint8Array(messageBytes), base58.decode(feePayer))
      ? prepared.blockhash
      : undefined
  } catch {
    return undefined
  }
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
 * not found then, with the blockhash it was sent with expired, it is a SolanaTransactionExpired (it will
 * not land).
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
          const blockhash =
            options.prepared === undefined ? undefined : sentBlockhash(options.prepared, signature)
          const expired = blockhash !== undefined && !(yield* blockhashValid(rpc, blockhash))
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
