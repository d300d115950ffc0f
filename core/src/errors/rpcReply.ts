import { describeEvmRpcErrorCode, RpcErrorCode } from "./rpcCodes"

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

export interface RpcErrorReply {
  readonly code: number
  readonly message: string
  readonly data?: unknown
}

/**
 * Reads whatever a wallet threw or replied with as a JSON-RPC error, without Effect (the Bitcoin connect
 * path uses it as is; `decodeProviderRpcError` wraps it). Anything without a usable code is an internal
 * error (-32603) that keeps the wallet's text, so no reply is ever lost or crashes.
 */
export const readRpcError = (reply: unknown): RpcErrorReply => {
  const coded = findCoded(reply, 0)
  const code = coded?.code ?? RpcErrorCode.internalError
  const message =
    coded?.message ?? findMessage(reply, 0) ?? describeEvmRpcErrorCode(code)?.name ?? "Internal error"
  return { code, message, ...(coded?.data !== undefined ? { data: coded.data } : {}) }
}
