import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { decodeProviderRpcError, isUserRejection, ProviderRpcError } from "./ProviderRpcError"

describe("decodeProviderRpcError", () => {
  it("keeps a flat EIP-1193 error as it is", () => {
    const error = decodeProviderRpcError({
      code: 4001,
      message: "User rejected the request.",
      data: { x: 1 },
    })
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({
      _tag: "ProviderRpcError",
      code: 4001,
      message: "User rejected the request.",
    })
    expect(error.data).toEqual({ x: 1 })
    expect(error.codeName).toBe("User Rejected Request")
  })

  it("finds the error inside a raw JSON-RPC response", () => {
    const error = decodeProviderRpcError({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "nope" } })
    expect(error).toMatchObject({ code: -32601, message: "nope" })
  })

  it("finds the error a library wrapped in cause", () => {
    const wrapped = Object.assign(new Error("Request failed"), {
      cause: { code: 4100, message: "Unauthorized" },
    })
    expect(decodeProviderRpcError(wrapped)).toMatchObject({ code: 4100, message: "Unauthorized" })
  })

  it("accepts a numeric string code (some wallets send them)", () => {
    expect(decodeProviderRpcError({ code: "4001", message: "no" }).code).toBe(4001)
  })

  it("names the code when the wallet gave no message", () => {
    expect(decodeProviderRpcError({ code: 4900 }).message).toBe("Disconnected")
  })

  it("turns an uncoded reply into an internal error that keeps the wallet's text", () => {
    expect(decodeProviderRpcError(new Error("boom"))).toMatchObject({ code: -32603, message: "boom" })
    expect(decodeProviderRpcError("plain text")).toMatchObject({ code: -32603, message: "plain text" })
    expect(decodeProviderRpcError(null)).toMatchObject({ code: -32603, message: "Internal error" })
  })

  it("does not loop on a cyclic reply", () => {
    const cyclic: Record<string, unknown> = { message: "cyclic" }
    cyclic.cause = cyclic
    cyclic.error = cyclic
    expect(decodeProviderRpcError(cyclic)).toMatchObject({ code: -32603, message: "cyclic" })
  })

  it("is yieldable as a typed failure", async () => {
    const failure = await Effect.runPromise(
      Effect.flip(
        Effect.gen(function* () {
          return yield* decodeProviderRpcError({ code: 4001, message: "x" })
        }),
      ),
    )
    expect(failure._tag).toBe("ProviderRpcError")
  })

  it("never throws and always yields an integer code and a non-empty message", () => {
    fc.assert(
      fc.property(fc.anything(), (reply) => {
        const error = decodeProviderRpcError(reply)
        expect(Number.isInteger(error.code)).toBe(true)
        expect(error.message.length).toBeGreaterThan(0)
      }),
    )
  })

  it("preserves code and message of any well-formed error, flat or wrapped", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99999, max: 99999 }),
        fc.string({ minLength: 1 }),
        fc.constantFrom("flat", "error", "cause"),
        (code, message, shape) => {
          const inner = { code, message }
          const reply = shape === "flat" ? inner : { [shape]: inner }
          expect(decodeProviderRpcError(reply)).toMatchObject({ code, message })
        },
      ),
    )
  })
})

describe("isUserRejection", () => {
  it("is true only for EIP-1193 4001", () => {
    expect(isUserRejection({ code: 4001, message: "User rejected" })).toBe(true)
    expect(isUserRejection({ error: { code: 4001 } })).toBe(true)
    expect(isUserRejection({ code: 4100, message: "Unauthorized" })).toBe(false)
    expect(isUserRejection(new Error("User rejected"))).toBe(false)
  })
})
