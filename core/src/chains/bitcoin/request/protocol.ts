import type { BitcoinError } from "../../../errors/bitcoin"
import { BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import { isRecord } from "./replyShape"
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

/**
 * The result of a wallet's reply, or the error it carries (thrown: a BitcoinRpcError, or 'Wallet Error
 * processing the request' for a missing reply).
 */
export const decodeReply = (reply: unknown): unknown => {
  if (reply === null || reply === undefined) throw nullResponse()
  if (isRecord(reply)) {
    if (reply.status === "error" || ("error" in reply && reply.error !== undefined && reply.error !== null))
      throw toBitcoinRpcError(reply.error)
    if (reply.status === "success" || "result" in reply) return reply.result
  }
  throw new BitcoinRpcError({
    code: BitcoinWalletErrorCode.internalError,
    message: "Received an unknown response from the wallet",
    data: reply,
  })
}

/** One request to a request-API wallet: bounded, its reply decoded into the result or a typed error. */
export const callRequestApi = (
  provider: RequestApiProvider,
  method: string,
  params: unknown,
  timeout?: number,
): Promise<unknown> => walletCall(method, () => provider.request(method, params), timeout).then(decodeReply)
