import { Effect, Fiber, Schema } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { makeSolanaRpc } from "./SolanaRpc"
import { BalanceResult } from "./schemas"

const url = "http://127.0.0.1:1/"
type Answer = { readonly status?: number; readonly body: string } | "hang" | Error

/** A transport that answers from a script and records each request body and whether it was aborted. */
const scripted = (answer: Answer) => {
  const calls: Array<{ body: unknown; aborted: () => boolean }> = []
  const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal as AbortSignal
    calls.push({ body: JSON.parse(String(init?.body)), aborted: () => signal.aborted })
    if (answer === "hang") return new Promise<Response>(() => {})
    if (answer instanceof Error) return Promise.reject(answer)
    return Promise.resolve(new Response(answer.body, { status: answer.status ?? 200 }))
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

const balanceCall = (answer: Answer) => {
  const transport = scripted(answer)
  const rpc = makeSolanaRpc(url, { fetch: transport.fetch })
  return { transport, effect: rpc.call("getBalance", ["addr"], BalanceResult) }
}

const failureOf = (answer: Answer) => Effect.runPromise(Effect.flip(balanceCall(answer).effect))

describe("the Solana JSON-RPC client", () => {
  it("sends a JSON-RPC 2.0 request and decodes the result, u64 beyond 2^53 exact", async () => {
    const { transport, effect } = balanceCall({
      body: '{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":3},"value":18446744073709551615}}',
    })
    const result = await Effect.runPromise(effect)
    expect(result.value).toBe(18446744073709551615n)
    expect(transport.calls[0]?.body).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "getBalance",
      params: ["addr"],
    })
  })

  it("fails with the node's own error object as SolanaRpcError", async () => {
    const { effect } = balanceCall({
      body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid param: WrongSize"}}',
    })
    const error = await Effect.runPromise(Effect.flip(effect))
    expect(error._tag).toBe("SolanaRpcError")
    expect(error.message).toBe("Invalid param: WrongSize")
    expect(error).toMatchObject({ method: "getBalance", code: -32602 })
  })

  it("types every other failure: status, transport, not JSON, not JSON-RPC, wrong result shape", async () => {
    expect(await failureOf({ status: 503, body: "busy" })).toMatchObject({
      _tag: "HttpStatusError",
      status: 503,
    })
    expect(await failureOf(new TypeError("fetch failed"))).toMatchObject({
      _tag: "HttpTransportError",
      reason: "fetch failed",
    })
    expect(await failureOf({ body: "<html>" })).toMatchObject({ _tag: "ResponseDecodeError" })
    expect(await failureOf({ body: '{"jsonrpc":"2.0","id":1}' })).toMatchObject({
      _tag: "ResponseDecodeError",
    })
    const wrong = await failureOf({ body: '{"result":{"context":{"slot":1},"value":-5}}' })
    expect(wrong._tag).toBe("ResponseDecodeError")
    expect(wrong.message).toMatch(/^Unexpected response from http:\/\/127\.0\.0\.1:1\/: getBalance: /)
    expect(
      await failureOf({ body: '{"result":{"context":{"slot":1},"value":18446744073709551616}}' }),
    ).toMatchObject({
      _tag: "ResponseDecodeError",
    })
  })

  it("gives up after its timeout (10 s by default) and aborts the request", async () => {
    const { transport, effect } = balanceCall("hang")
    const error = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Effect.flip(effect))
        yield* TestClock.adjust("9999 millis")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("1 millis")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(error).toMatchObject({ _tag: "HttpTimeoutError", url, timeoutMillis: 10_000 })
    expect(error.message).toBe(`Request timed out after 10000 ms: ${url}`)
    expect(transport.calls[0]?.aborted()).toBe(true)
  })

  it("decodes with the caller's schema, so a result it does not expect is refused", async () => {
    const transport = scripted({ body: '{"result":"ok"}' })
    const rpc = makeSolanaRpc(url, { fetch: transport.fetch })
    expect(await Effect.runPromise(rpc.call("getHealth", [], Schema.Literal("ok")))).toBe("ok")
    const refused = await Effect.runPromise(Effect.flip(rpc.call("getHealth", [], Schema.Literal("fine"))))
    expect(refused._tag).toBe("ResponseDecodeError")
  })
})
