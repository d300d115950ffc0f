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

describe("decodeProviderRpcError on the edges", () => {
  it("returns a ProviderRpcError it is given as it is", () => {
    const error = new ProviderRpcError({ code: 4100, message: "Unauthorized" })
    expect(decodeProviderRpcError(error)).toBe(error)
  })

  it("reads the text from message, then shortMessage, details and reason, skipping empty ones", () => {
    expect(
      decodeProviderRpcError({ code: 1, message: "", shortMessage: "short", details: "d" }).message,
    ).toBe("short")
    expect(decodeProviderRpcError({ code: 1, details: "details", reason: "r" }).message).toBe("details")
    expect(decodeProviderRpcError({ code: 1, reason: "reason" }).message).toBe("reason")
    expect(decodeProviderRpcError({ shortMessage: "no code" })).toMatchObject({
      code: -32603,
      message: "no code",
    })
  })

  it("looks for the coded error under error, cause, data and originalError, in that order", () => {
    expect(decodeProviderRpcError({ data: { code: 4900, message: "in data" } })).toMatchObject({
      code: 4900,
      message: "in data",
    })
    expect(decodeProviderRpcError({ originalError: { code: 4901, message: "original" } }).code).toBe(4901)
    const both = { cause: { code: 2, message: "cause" }, error: { code: 1, message: "error" } }
    expect(decodeProviderRpcError(both).code).toBe(1)
    expect(decodeProviderRpcError({ other: { code: 4001, message: "x" } }).code).toBe(-32603)
  })

  it("follows wrappings five levels deep, not six", () => {
    const wrap = (depth: number): unknown =>
      depth === 0 ? { code: 4001, message: "deep" } : { error: wrap(depth - 1) }
    expect(decodeProviderRpcError(wrap(5)).code).toBe(4001)
    expect(decodeProviderRpcError(wrap(6)).code).toBe(-32603)
  })

  it("takes integer codes and decimal strings of up to nine digits only", () => {
    expect(decodeProviderRpcError({ code: "-32000", message: "m" }).code).toBe(-32000)
    expect(decodeProviderRpcError({ code: "123456789", message: "m" }).code).toBe(123456789)
    for (const code of [4001.5, "1234567890", "4001x", " 4001", "", null, true])
      expect(decodeProviderRpcError({ code, message: "m" }).code, String(code)).toBe(-32603)
  })

  it("keeps data only when the wallet sent some", () => {
    expect("data" in decodeProviderRpcError({ code: 4001, message: "m", data: undefined })).toBe(false)
    expect(decodeProviderRpcError({ code: 4001, message: "m", data: 0 }).data).toBe(0)
  })

  it("finds a wallet's text under error or cause when nothing is coded, and names a known code without text", () => {
    expect(decodeProviderRpcError({ error: { cause: "deep text" } }).message).toBe("deep text")
    expect(decodeProviderRpcError({ cause: { message: "cause text" } }).message).toBe("cause text")
    expect(decodeProviderRpcError({ code: -32602 }).message).toBe("Invalid params")
    expect(decodeProviderRpcError({ code: 777 }).message).toBe("Internal error")
    expect(decodeProviderRpcError("").message).toBe("Internal error")
  })

  it("takes no code from an array or a bigint, even one that prints as digits", () => {
    for (const code of [[4001], ["4001"], 4001n])
      expect(decodeProviderRpcError({ code, message: "m" }).code, String(code)).toBe(-32603)
  })

  it("finds an uncoded text five levels deep under error or cause, not six", () => {
    for (const key of ["error", "cause"]) {
      const wrap = (depth: number): unknown =>
        depth === 0 ? { message: "deep text" } : { [key]: wrap(depth - 1) }
      expect(decodeProviderRpcError(wrap(5)).message, key).toBe("deep text")
      expect(decodeProviderRpcError(wrap(6)).message, key).toBe("Internal error")
    }
  })

  it("ends on a reply that wraps itself without any text, under error or cause", () => {
    for (const key of ["error", "cause"]) {
      const cyclic: Record<string, unknown> = {}
      cyclic[key] = cyclic
      expect(decodeProviderRpcError(cyclic), key).toMatchObject({ code: -32603, message: "Internal error" })
    }
  })
})

describe("ProviderRpcError.codeName", () => {
  it("is undefined for a code no EIP names", () => {
    expect(new ProviderRpcError({ code: 777, message: "m" }).codeName).toBeUndefined()
    expect(decodeProviderRpcError({ code: -31999, message: "m" }).codeName).toBeUndefined()
  })
})
