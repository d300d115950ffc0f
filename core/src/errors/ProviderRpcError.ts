import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { describeEvmRpcErrorCode, RpcErrorCode } from "./rpcCodes"

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

// Wallets disagree on where the error sits: flat {code, message}, wrapped in {error: ...} (raw JSON-RPC
// responses), or nested in {cause: ...} / {data: {originalError}} (libraries re-wrapping it). The search
// is depth-limited so a cyclic object cannot hang it.
const maxDepth = 5

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null

const asCode = (value: unknown): number | undefined => {
  if (typeof value === "number" && Number.isInteger(value)) return value
  if (typeof value === "string" && /^-?\d{1,9}$/.test(value)) return Number(value)
  return undefined
}

const messageOf = (value: Record<string, unknown>): string | undefined => {
  for (const key of ["message", "shortMessage", "details", "reason"]) {
    const text = value[key]
    if (typeof text === "string" && text.length > 0) return text
  }
  return undefined
}

const findCoded = (
  value: unknown,
  depth: number,
): { code: number; message?: string; data?: unknown } | undefined => {
  if (!isRecord(value) || depth > maxDepth) return undefined
  const code = asCode(value.code)
  if (code !== undefined) {
    const message = messageOf(value)
    return {
      code,
      ...(message !== undefined ? { message } : {}),
      ...("data" in value && value.data !== undefined ? { data: value.data } : {}),
    }
  }
  for (const key of ["error", "cause", "data", "originalError"]) {
    const found = findCoded(value[key], depth + 1)
    if (found) return found
  }
  return undefined
}

const findMessage = (value: unknown, depth: number): string | undefined => {
  if (typeof value === "string") return value.length > 0 ? value : undefined
  if (!isRecord(value) || depth > maxDepth) return undefined
  return messageOf(value) ?? findMessage(value.error, depth + 1) ?? findMessage(value.cause, depth + 1)
}

/**
 * Turns whatever a wallet threw or replied with into a ProviderRpcError. Anything without a usable code
 * becomes an internal error (-32603) that keeps the wallet's text, so no reply is ever lost or crashes.
 */
export const decodeProviderRpcError = (reply: unknown): ProviderRpcError => {
  if (reply instanceof ProviderRpcError) return reply
  const coded = findCoded(reply, 0)
  const code = coded?.code ?? RpcErrorCode.internalError
  const message =
    coded?.message ?? findMessage(reply, 0) ?? describeEvmRpcErrorCode(code)?.name ?? "Internal error"
  return new ProviderRpcError({ code, message, ...(coded?.data !== undefined ? { data: coded.data } : {}) })
}

/** EIP-1193 4001: the user said no in the wallet. */
export const isUserRejection = (error: unknown): boolean =>
  decodeProviderRpcError(error).code === RpcErrorCode.userRejectedRequest
