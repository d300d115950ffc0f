import { Effect, Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { reasonOf } from "../errors/catalogue"
import { RpcErrorCode } from "../errors/rpcCodes"
import { type RpcPolicyNamespace, rpcMethodPolicy } from "./methodPolicy"

/**
 * Where the two §5 texts apply: the error a caller receives (thrown at the Promise facade, returned to the
 * embedded frame, logged) says 'Requested RPC call is not allowed'; what a user sees in a toast or alert for
 * any policy rejection is 'Action not allowed' (`uiMessage`), since the user cannot fix a dApp's request.
 */
export const rpcPolicyMessages = {
  invalidRequest: "The request must be an object with a non-empty method name",
  methodNotAllowed: "Requested RPC call is not allowed",
  providerNotConnected: "This request needs a connected provider",
  sendCallsInvalidTo: "wallet_sendCalls needs a 0x-prefixed 'to' in every call",
} as const

const rpcPolicyCodes: Record<keyof typeof rpcPolicyMessages, number> = {
  invalidRequest: RpcErrorCode.invalidRequest,
  methodNotAllowed: RpcErrorCode.unsupportedMethod,
  providerNotConnected: RpcErrorCode.disconnected,
  sendCallsInvalidTo: RpcErrorCode.invalidParams,
}

export class RpcPolicyError extends AppKitError(
  Schema.TaggedError<RpcPolicyError>()("RpcPolicyError", {
    reason: reasonOf(rpcPolicyMessages),
    /** The method asked for ("" when the request had none). */
    method: Schema.String,
  }),
) {
  override get message(): string {
    return rpcPolicyMessages[this.reason]
  }

  /** The EIP-1193/1474 code a wallet would have answered with. */
  get code(): number {
    return rpcPolicyCodes[this.reason]
  }

  get uiMessage(): string {
    return "Action not allowed"
  }
}

const RpcRequestShape = Schema.Struct({
  method: Schema.String.check(Schema.isNonEmpty()),
  params: Schema.optional(Schema.Unknown),
})

export type CheckedRpcRequest = typeof RpcRequestShape.Type

// EIP-5792: params is [{ calls: [{ to, data?, value? }, ...], ... }]. Only `to` is policed here; the
// wallet validates the rest.
const SendCallsParams = Schema.TupleWithRest(
  Schema.Tuple([
    Schema.Struct({
      calls: Schema.Array(Schema.Struct({ to: Schema.String.check(Schema.isPattern(/^0x/)) })).check(
        Schema.isMinLength(1),
      ),
    }),
  ]),
  [Schema.Unknown],
)
const isSendCallsParams = Schema.is(SendCallsParams)

// A request is a dApp's object: a getter or proxy trap of it may throw while it is read, and the gate
// must answer that with a typed rejection too (the schema decoder lets such a throw escape).
const decodeRequest = (request: unknown): Result.Result<CheckedRpcRequest, unknown> => {
  try {
    return Schema.decodeUnknownResult(RpcRequestShape)(request)
  } catch (error) {
    return Result.fail(error)
  }
}

/** The method a rejected request names, if it can be read as a string; "" otherwise. */
const methodNameOf = (request: unknown): string => {
  try {
    return typeof request === "object" &&
      request !== null &&
      "method" in request &&
      typeof request.method === "string"
      ? request.method
      : ""
  } catch {
    return ""
  }
}

export interface RpcCheckContext {
  /** Whether the provider the request goes to is connected (§6: some wallet_* methods need it). */
  readonly providerConnected: boolean
  /** Which namespace's allowlist applies; the §5 list (eip155 + solana) when absent. */
  readonly namespace?: RpcPolicyNamespace | undefined
}

/**
 * The one gate every connector passes a request through before any wallet sees it. Pure and synchronous;
 * `checkRpcRequest` is the Effect form connectors `yield*`.
 */
export const checkRpcRequestResult = (
  request: unknown,
  context: RpcCheckContext,
): Result.Result<CheckedRpcRequest, RpcPolicyError> => {
  const decoded = decodeRequest(request)
  if (Result.isFailure(decoded)) {
    return Result.fail(new RpcPolicyError({ reason: "invalidRequest", method: methodNameOf(request) }))
  }
  const checked = decoded.success
  const { method } = checked
  const policy = rpcMethodPolicy(method, context.namespace)
  if (!policy.allowed) return Result.fail(new RpcPolicyError({ reason: "methodNotAllowed", method }))
  if (policy.needsConnectedProvider && !context.providerConnected) {
    return Result.fail(new RpcPolicyError({ reason: "providerNotConnected", method }))
  }
  if (method === "wallet_sendCalls" && !isSendCallsParams(checked.params)) {
    return Result.fail(new RpcPolicyError({ reason: "sendCallsInvalidTo", method }))
  }
  return Result.succeed(checked)
}

export const checkRpcRequest = (
  request: unknown,
  context: RpcCheckContext,
): Effect.Effect<CheckedRpcRequest, RpcPolicyError> =>
  Effect.fromResult(checkRpcRequestResult(request, context))
