import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { checkRpcRequest, checkRpcRequestResult, RpcPolicyError } from "./checkRpcRequest"

const connected = { providerConnected: true }
const to = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

const rejection = (request: unknown, context = connected) => {
  const result = checkRpcRequestResult(request, context)
  if (Result.isSuccess(result)) throw new Error(`expected a rejection for ${JSON.stringify(request)}`)
  return result.failure
}

describe("checkRpcRequest", () => {
  it("lets an allowed request through unchanged", () => {
    const request = { method: "eth_getBalance", params: [to, "latest"] }
    expect(checkRpcRequestResult(request, connected)).toEqual(Result.succeed(request))
  })

  it("refuses a method outside the allowlist with the exact texts and EIP-1193 4200", () => {
    const error = rejection({ method: "debug_traceTransaction", params: [] })
    expect(error).toBeInstanceOf(RpcPolicyError)
    expect(error).toMatchObject({ reason: "methodNotAllowed", method: "debug_traceTransaction", code: 4200 })
    expect(error.message).toBe("Requested RPC call is not allowed")
    expect(error.uiMessage).toBe("Action not allowed")
  })

  it("refuses the connected-provider methods while disconnected, and allows them once connected", () => {
    for (const method of [
      "wallet_getCapabilities",
      "wallet_grantPermissions",
      "wallet_revokePermissions",
      "wallet_getAssets",
    ]) {
      expect(rejection({ method, params: [] }, { providerConnected: false })).toMatchObject({
        reason: "providerNotConnected",
        code: 4900,
      })
      expect(Result.isSuccess(checkRpcRequestResult({ method, params: [] }, connected))).toBe(true)
    }
    expect(
      Result.isSuccess(checkRpcRequestResult({ method: "eth_chainId" }, { providerConnected: false })),
    ).toBe(true)
  })

  it("accepts wallet_sendCalls only when every call has a 0x-prefixed 'to'", () => {
    const sendCalls = (calls: unknown) => ({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x1", from: to, atomicRequired: false, calls }],
    })
    expect(
      Result.isSuccess(
        checkRpcRequestResult(
          sendCalls([
            { to, value: "0x1" },
            { to, data: "0x" },
          ]),
          connected,
        ),
      ),
    ).toBe(true)
    for (const calls of [
      [{ to: to.slice(2) }],
      [{ to: `x${to}` }],
      [{ to: "ens0x.eth" }],
      [{ to }, { to: "vitalik.eth" }],
      [{ value: "0x1" }],
      [],
      "calls",
    ]) {
      const error = rejection(sendCalls(calls))
      expect(error).toMatchObject({ reason: "sendCallsInvalidTo", code: -32602 })
      expect(error.message).toBe("wallet_sendCalls needs a 0x-prefixed 'to' in every call")
    }
    expect(rejection({ method: "wallet_sendCalls" })).toMatchObject({ reason: "sendCallsInvalidTo" })
  })

  it("polices only the calls' 'to' in wallet_sendCalls: further params go to the wallet as sent", () => {
    const request = { method: "wallet_sendCalls", params: [{ calls: [{ to }] }, { extension: true }] }
    expect(checkRpcRequestResult(request, connected)).toEqual(Result.succeed(request))
  })

  it("rejects malformed requests as invalid requests (-32600)", () => {
    for (const request of [null, "eth_call", 42, {}, { method: "" }, { method: 7 }, []]) {
      expect(rejection(request)).toMatchObject({ reason: "invalidRequest", code: -32600, method: "" })
    }
    // A function is no request, whatever properties it carries: the rejection names no method either.
    const callable = Object.assign(() => {}, { method: "eth_chainId" })
    expect(rejection(callable)).toMatchObject({ reason: "invalidRequest", code: -32600, method: "" })
  })

  it("rejects a request whose fields throw when read, naming its method when that can be read", () => {
    const throwing = () => {
      throw new Error("hostile getter")
    }
    const badParams = Object.defineProperty({ method: "eth_call" }, "params", {
      get: throwing,
      enumerable: true,
    })
    expect(rejection(badParams)).toMatchObject({ reason: "invalidRequest", method: "eth_call" })
    const badMethod = Object.defineProperty({}, "method", { get: throwing, enumerable: true })
    expect(rejection(badMethod)).toMatchObject({ reason: "invalidRequest", method: "" })
    const badProxy = new Proxy({}, { has: throwing, get: throwing, ownKeys: throwing })
    expect(rejection(badProxy)).toMatchObject({ reason: "invalidRequest", method: "" })
  })

  it("checks against one namespace's list when given", () => {
    const bitcoin = { providerConnected: true, namespace: "bip122" } as const
    expect(Result.isSuccess(checkRpcRequestResult({ method: "signPsbt", params: {} }, bitcoin))).toBe(true)
    expect(rejection({ method: "eth_call" }, bitcoin)).toMatchObject({ reason: "methodNotAllowed" })
  })

  it("fails the Effect form with the typed error", async () => {
    const error = await Effect.runPromise(Effect.flip(checkRpcRequest({ method: "admin_peers" }, connected)))
    expect(error._tag).toBe("RpcPolicyError")
    expect(error.reason).toBe("methodNotAllowed")
  })

  it("never throws, whatever the request, even one with a field that throws when read", () => {
    const withThrowingField = fc
      .tuple(fc.constantFrom("method", "params", "other"), fc.anything())
      .map(([key, params]) =>
        Object.defineProperty({ method: "eth_call", params }, key, {
          get: () => {
            throw new Error("hostile getter")
          },
          enumerable: true,
        }),
      )
    fc.assert(
      fc.property(fc.oneof(fc.anything(), withThrowingField), fc.boolean(), (request, providerConnected) => {
        const result = checkRpcRequestResult(request, { providerConnected })
        if (Result.isFailure(result)) expect(result.failure).toBeInstanceOf(RpcPolicyError)
      }),
    )
  })

  it("never lets a disallowed method through, whatever its params", () => {
    fc.assert(
      fc.property(
        fc
          .string({ maxLength: 30 })
          .filter((m) => m.length > 0 && !/^(?:eth|wallet|personal|solana)_/.test(m)),
        fc.anything(),
        (method, params) => {
          expect(rejection({ method, params })).toMatchObject({ reason: "methodNotAllowed", method })
        },
      ),
    )
  })
})
