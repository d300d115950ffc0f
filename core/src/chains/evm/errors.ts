import { Duration, Effect, Schema } from "effect"
import { BaseError } from "viem"
import { Timings } from "../../config/constants"
import { AppKitError } from "../../domain/appKitError"
import { type NodeError, nodeErrorFromUnknown } from "../../errors/nodeErrors"
import { decodeProviderRpcError, isUserRejection, type ProviderRpcError } from "../../errors/ProviderRpcError"

/** The §9 confirmation timeout: a sent transaction without a receipt after this long is reported, not awaited. */
export const confirmationTimeoutMs = Duration.toMillis(Timings.transactionConfirmationTimeout)

export class TransactionConfirmationTimeout extends AppKitError(
  Schema.TaggedError<TransactionConfirmationTimeout>()("TransactionConfirmationTimeout", {
    hash: Schema.String,
    timeoutMs: Schema.Number,
  }),
  { topic: "Transaction was not confirmed", details: (error) => error.hash },
) {
  override get message(): string {
    return `Transaction ${this.hash} was not confirmed within ${this.timeoutMs / 1000} s`
  }
}

export type EvmError = ProviderRpcError

/**
 * viem's messages span several lines (request body, docs link, version); the wallet's or node's own words
 * sit in the innermost error that carries a code, as `details`. Lift them out so errors read as one line.
 */
const unwrapViemError = (error: unknown): unknown => {
  if (!(error instanceof BaseError)) return error
  const coded = error.walk((inner) => typeof (inner as { code?: unknown }).code === "number") as
    | (BaseError & { code: number; data?: unknown })
    | null
  const source = coded ?? error
  return {
    code: coded?.code,
    message: source.details || source.shortMessage,
    ...(coded?.data !== undefined ? { data: coded.data } : {}),
  }
}

/** Runs one viem call; whatever it rejects with (wallet error, transport failure) becomes a ProviderRpcError. */
export const evmCall = <A>(call: () => Promise<A>): Effect.Effect<A, EvmError> =>
  Effect.tryPromise({ try: call, catch: (error) => decodeProviderRpcError(unwrapViemError(error)) })

/**
 * Like evmCall for calls that build or submit a transaction: the node's refusal becomes a typed NodeError
 * (§8: fee, nonce, gas, insufficient funds, else unknown); a user refusing in the wallet stays a
 * ProviderRpcError with code 4001, since that is not the node's verdict.
 */
export const evmTransactionCall = <A>(call: () => Promise<A>): Effect.Effect<A, EvmError | NodeError> =>
  evmCall(call).pipe(
    Effect.mapError((error) => (isUserRejection(error) ? error : nodeErrorFromUnknown(error))),
  )
