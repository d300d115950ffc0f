import { Duration, Effect, Schema } from "effect"
import { AppKitError } from "../../../domain/appKitError"
import {
  HttpStatusError,
  HttpTimeoutError,
  HttpTransportError,
  ResponseDecodeError,
} from "../../../errors/http"
import { parseJsonExact } from "./exactJson"

/** A JSON-RPC error object a Solana node answered with; the message is the node's own. */
export class SolanaRpcError extends AppKitError(
  Schema.TaggedError<SolanaRpcError>()("SolanaRpcError", {
    method: Schema.String,
    code: Schema.Number,
    message: Schema.String,
    data: Schema.optional(Schema.Unknown),
  }),
  { topic: "Solana RPC error" },
) {}

export type SolanaRpcCallError =
  | SolanaRpcError
  | HttpStatusError
  | HttpTimeoutError
  | HttpTransportError
  | ResponseDecodeError

export interface SolanaRpcOptions {
  /** Bound on each call, answer included (default 10 s). */
  readonly timeout?: Duration.Input | undefined
  /** The transport (default `globalThis.fetch`). */
  readonly fetch?: typeof fetch | undefined
}

/** A Solana JSON-RPC endpoint: each call is bounded, its answer decoded with a schema, its failure typed. */
export interface SolanaRpc {
  readonly url: string
  readonly call: <S extends Schema.Top & { readonly DecodingServices: never }>(
    method: string,
    params: ReadonlyArray<unknown>,
    result: S,
  ) => Effect.Effect<S["Type"], SolanaRpcCallError>
}

export const defaultSolanaRpcTimeout = Duration.seconds(10)

const Envelope = Schema.Union([
  Schema.Struct({ result: Schema.Unknown }),
  Schema.Struct({
    error: Schema.Struct({
      code: Schema.Number,
      message: Schema.String,
      data: Schema.optional(Schema.Unknown),
    }),
  }),
])
const decodeEnvelope = Schema.decodeUnknownEffect(Envelope)

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const makeSolanaRpc = (url: string, options: SolanaRpcOptions = {}): SolanaRpc => {
  const timeout = Duration.fromInputUnsafe(options.timeout ?? defaultSolanaRpcTimeout)
  const transport = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  let nextId = 1
  return {
    url,
    call: (method, params, result) => {
      const decodeResult = Schema.decodeUnknownEffect(result)
      return Effect.gen(function* () {
        const body = JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params })
        // The signal aborts the HTTP request when the timeout below interrupts this effect.
        const response = yield* Effect.tryPromise({
          try: (signal) =>
            transport(url, { method: "POST", headers: { "content-type": "application/json" }, body, signal }),
          catch: (error) => new HttpTransportError({ url, reason: reasonOf(error) }),
        })
        const text = yield* Effect.tryPromise({
          try: () => response.text(),
          catch: (error) => new HttpTransportError({ url, reason: reasonOf(error) }),
        })
        if (!response.ok) return yield* new HttpStatusError({ status: response.status, url, body: text })
        const envelope = yield* Effect.try({
          try: () => parseJsonExact(text),
          catch: () => new ResponseDecodeError({ url, issue: `${method}: the answer is not JSON` }),
        }).pipe(
          Effect.flatMap(decodeEnvelope),
          Effect.mapError((error) =>
            Schema.isSchemaError(error)
              ? new ResponseDecodeError({ url, issue: `${method}: not a JSON-RPC answer: ${error.message}` })
              : error,
          ),
        )
        if ("error" in envelope) return yield* new SolanaRpcError({ method, ...envelope.error })
        return yield* decodeResult(envelope.result).pipe(
          Effect.mapError((error) => new ResponseDecodeError({ url, issue: `${method}: ${error.message}` })),
        )
      }).pipe(
        Effect.timeoutOrElse({
          duration: timeout,
          orElse: () => Effect.fail(new HttpTimeoutError({ url, timeoutMillis: Duration.toMillis(timeout) })),
        }),
      )
    },
  }
}
