import { type Duration, Effect, Fiber, Schema } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { HttpTransportError } from "../../errors/http"
import { waitForSolanaSignature } from "./confirm"
import type { SolanaRpc } from "./rpc/SolanaRpc"

const signature = "5".repeat(87)
type Status = { slot: number; err: unknown; confirmationStatus: string } | null | "unreachable"

/**
 * A node whose getSignatureStatuses answers from a script (the last entry repeats); counts those calls.
 * isBlockhashValid answers `blockhashValid`, and records that it was asked.
 */
const node = (script: ReadonlyArray<Status>, blockhashValid = true) => {
  let calls = 0
  const asked: Array<string> = []
  const rpc: SolanaRpc = {
    url: "http://127.0.0.1:1",
    // Lazy, as the real client's calls are: each run of the effect is one request.
    call: (method, _params, schema) =>
      Effect.suspend(() => {
        asked.push(method)
        if (method === "isBlockhashValid")
          return Schema.decodeUnknownEffect(schema)({ context: { slot: 1 }, value: blockhashValid }).pipe(
            Effect.orDie,
          )
        const status = script[Math.min(calls++, script.length - 1)]
        if (status === "unreachable")
          return Effect.fail(new HttpTransportError({ url: "x", reason: "refused" }))
        expect(method).toBe("getSignatureStatuses")
        return Schema.decodeUnknownEffect(schema)({ context: { slot: 1 }, value: [status] }).pipe(
          Effect.orDie,
        )
      }),
  }
  return { rpc, calls: () => calls, asked }
}

const confirmed = { slot: 9, err: null, confirmationStatus: "confirmed" }

const runWithClock = <A, E>(effect: Effect.Effect<A, E>, advance: ReadonlyArray<Duration.Input>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.result(effect))
      for (const step of advance) yield* TestClock.adjust(step)
      return yield* Fiber.join(fiber)
    }).pipe(Effect.provide(TestClock.layer())),
  )

describe("waitForSolanaSignature", () => {
  it("polls every 500 ms until the signature is confirmed, through unknown, processed and unreachable answers", async () => {
    const { rpc, calls } = node([
      null,
      "unreachable",
      { ...confirmed, confirmationStatus: "processed" },
      confirmed,
    ])
    const result = await runWithClock(waitForSolanaSignature(rpc, signature), [
      "500 millis",
      "500 millis",
      "500 millis",
    ])
    expect(result._tag).toBe("Success")
    expect(calls()).toBe(4)
  })

  it("fails with SolanaTransactionFailed when the confirmed transaction carries an error", async () => {
    const { rpc } = node([{ ...confirmed, err: { InstructionError: [2, { Custom: 1 }] } }])
    const result = await runWithClock(waitForSolanaSignature(rpc, signature), [])
    expect(result).toMatchObject({ _tag: "Failure", failure: { _tag: "SolanaTransactionFailed", signature } })
  })

  it("reports TransactionConfirmationTimeout after the §9 25 s, having asked once more at the deadline", async () => {
    const { rpc, calls } = node([null])
    const result = await runWithClock(waitForSolanaSignature(rpc, signature), ["24999 millis", "1 millis"])
    expect(result).toMatchObject({
      _tag: "Failure",
      failure: { _tag: "TransactionConfirmationTimeout", hash: signature, timeoutMs: 25_000 },
    })
    if (result._tag === "Failure")
      expect(result.failure.message).toBe(`Transaction ${signature} was not confirmed within 25 s`)
    // One poll per 500 ms from 0 to 24.5 s, then the last look at 25 s.
    expect(calls()).toBe(51)
  })

  it("takes a confirmation seen only by the last look at the deadline", async () => {
    const { rpc } = node([...Array.from({ length: 50 }, () => null), confirmed])
    const result = await runWithClock(waitForSolanaSignature(rpc, signature), ["25 seconds"])
    expect(result._tag).toBe("Success")
  })

  it("says a transaction not seen by the deadline, whose blockhash has expired, will not land", async () => {
    const blockhash = "4".repeat(43)
    const { rpc, asked } = node([null], false)
    const result = await runWithClock(waitForSolanaSignature(rpc, signature, { blockhash }), ["25 seconds"])
    expect(result).toMatchObject({
      _tag: "Failure",
      failure: { _tag: "SolanaTransactionExpired", signature },
    })
    if (result._tag === "Failure")
      expect(result.failure.message).toBe(
        `Transaction ${signature} was not taken before its blockhash expired: it will not land; send it again`,
      )
    // The blockhash is asked before the last status: one that lands in between is still seen.
    expect(asked.slice(-2)).toEqual(["isBlockhashValid", "getSignatureStatuses"])
  })

  it("with the blockhash still valid (or a status found at the deadline) it is the timeout, or the confirmation", async () => {
    const blockhash = "4".repeat(43)
    const valid = await runWithClock(
      waitForSolanaSignature(node([null], true).rpc, signature, { blockhash }),
      ["25 seconds"],
    )
    expect(valid).toMatchObject({ _tag: "Failure", failure: { _tag: "TransactionConfirmationTimeout" } })
    const late = node([...Array.from({ length: 50 }, () => null), confirmed], false)
    const landed = await runWithClock(waitForSolanaSignature(late.rpc, signature, { blockhash }), [
      "25 seconds",
    ])
    expect(landed._tag).toBe("Success")
  })
})
