import { Effect, Schema } from "effect"
import { decodeProviderRpcError, type ProviderRpcError } from "../../errors/ProviderRpcError"

/** The §9 confirmation timeout: a sent transaction without a receipt after this long is reported, not awaited. */
export const confirmationTimeoutMs = 25_000

export class TransactionConfirmationTimeout extends Schema.TaggedError<TransactionConfirmationTimeout>()(
  "TransactionConfirmationTimeout",
  { hash: Schema.String, timeoutMs: Schema.Number },
) {
  override get message(): string {
    return `Transaction ${this.hash} was not confirmed within ${this.timeoutMs / 1000} s`
  }
}

export type EvmError = ProviderRpcError

/** Runs one viem call; whatever it rejects with (node error, wallet error, transport failure) becomes a typed error. */
export const evmCall = <A>(call: () => Promise<A>): Effect.Effect<A, EvmError> =>
  Effect.tryPromise({ try: call, catch: decodeProviderRpcError })
