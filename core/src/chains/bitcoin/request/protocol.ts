import { type Duration, Effect, Schema } from "effect"
import type { BitcoinError } from "../../../errors/bitcoin"
import { BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import { nullResponse, toBitcoinRpcError, type WalletCallError, walletCall } from "./walletCall"

/**
 * The request API of sats-connect style wallets (Xverse and every WBIP004 provider): `request(method,
 * params)` answering a JSON-RPC response, or the `{status, result | error}` shape the sats-connect
 * library itself returns.
 */
export interface RequestApiProvider {
  readonly request: (method: string, params?: unknown) => Promise<unknown>
}

export const isRequestApiProvider = (value: unknown): value is RequestApiProvider =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { request?: unknown }).request === "function"

export type RequestApiError = WalletCallError | BitcoinError

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null

/** The result of a wallet's reply, or the error it carries; a missing reply is 'Wallet Error processing the request'. */
export const decodeReply = (reply: unknown): Effect.Effect<unknown, BitcoinRpcError | BitcoinError> => {
  if (reply === null || reply === undefined) return Effect.fail(nullResponse())
  if (isRecord(reply)) {
    if (reply.status === "error" || ("error" in reply && reply.error !== undefined && reply.error !== null))
      return Effect.fail(toBitcoinRpcError(reply.error))
    if (reply.status === "success" || "result" in reply) return Effect.succeed(reply.result)
  }
  return Effect.fail(
    new BitcoinRpcError({
      code: BitcoinWalletErrorCode.internalError,
      message: "Received an unknown response from the wallet",
      data: reply,
    }),
  )
}

/** One request to a request-API wallet: bounded, its reply decoded into the result or a typed error. */
export const callRequestApi = (
  provider: RequestApiProvider,
  method: string,
  params: unknown,
  timeout?: Duration.Input,
): Effect.Effect<unknown, RequestApiError> =>
  walletCall(method, () => provider.request(method, params), timeout).pipe(Effect.flatMap(decodeReply))

/** Decodes a result with its Schema; a wallet answering in another shape is an internal error, never a crash. */
export const decodeResult =
  <S extends Schema.Top & { readonly DecodingServices: never }>(method: string, schema: S) =>
  (result: unknown): Effect.Effect<S["Type"], BitcoinRpcError> =>
    Schema.decodeUnknownEffect(schema)(result).pipe(
      Effect.mapError(
        (issue) =>
          new BitcoinRpcError({
            code: BitcoinWalletErrorCode.internalError,
            message: `The wallet's reply to ${method} is malformed: ${issue.message.split("\n")[0]}`,
          }),
      ),
    )
