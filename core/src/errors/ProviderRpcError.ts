import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { describeEvmRpcErrorCode, RpcErrorCode } from "./rpcCodes"
import { readRpcError } from "./rpcReply"

/**
 * An error a wallet answered with (EIP-1193 `ProviderRpcError`): a numeric code, a message and optional data.
 * Every wallet reply that failed is decoded into this shape at the connector boundary.
 */
export class ProviderRpcError extends AppKitError(
  Schema.TaggedError<ProviderRpcError>()("ProviderRpcError", {
    code: Schema.Number,
    message: Schema.String,
    data: Schema.optional(Schema.Unknown),
  }),
  { topic: (error) => (error.code === 4001 ? "Signature declined" : "Wallet JSON-RPC codes") },
) {
  /** The EIP name of the code when it has one ("User Rejected Request", "Internal error", ...). */
  get codeName(): string | undefined {
    return describeEvmRpcErrorCode(this.code)?.name
  }
}

/**
 * Turns whatever a wallet threw or replied with into a ProviderRpcError. Anything without a usable code
 * becomes an internal error (-32603) that keeps the wallet's text, so no reply is ever lost or crashes.
 */
export const decodeProviderRpcError = (reply: unknown): ProviderRpcError => {
  if (reply instanceof ProviderRpcError) return reply
  const { code, message, data } = readRpcError(reply)
  return new ProviderRpcError({ code, message, ...(data !== undefined ? { data } : {}) })
}

/** EIP-1193 4001: the user said no in the wallet. */
export const isUserRejection = (error: unknown): boolean =>
  decodeProviderRpcError(error).code === RpcErrorCode.userRejectedRequest
