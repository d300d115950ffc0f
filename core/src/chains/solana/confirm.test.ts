import { ed25519 } from "@noble/curves/ed25519.js"
import { base58, base64 } from "@scure/base"
import {
  type Address,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit"
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

  /** A transfer as prepareSolTransfer leaves it (no instruction needed here), and its fee payer's key. */
  const payerSeed = new Uint8Array(32).fill(3)
  const unsigned = (blockhash: string) => {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(base58.encode(ed25519.getPublicKey(payerSeed)) as Address, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
    )
    return {
      transaction: base64.encode(new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))),
      blockhash,
    }
  }
  const signatureOf = (transaction: string) =>
    base58.encode(ed25519.sign(base64.decode(transaction).subarray(65), payerSeed))
  const prepared = unsigned(base58.encode(new Uint8Array(32).fill(9)))
  const sentAsPrepared = signatureOf(prepared.transaction)

  it("says a transaction not seen by the deadline, whose blockhash has expired, will not land", async () => {
    const { rpc, asked } = node([null], false)
    const result = await runWithClock(waitForSolanaSignature(rpc, sentAsPrepared, { prepared }), [
      "25 seconds",
    ])
    expect(result).toMatchObject({
      _tag: "Failure",
      failure: { _tag: "SolanaTransactionExpired", signature: sentAsPrepared },
    })
    if (result._tag === "Failure")
      expect(result.failure.message).toBe(
        `Transaction ${sentAsPrepared} was not taken before its blockhash expired: it will not land; send it again`,
      )
    // The blockhash is asked before the last status: one that lands in between is still seen.
    expect(asked.slice(-2)).toEqual(["isBlockhashValid", "getSignatureStatuses"])
  })

  it("with the blockhash still valid (or a status found at the deadline) it is the timeout, or the confirmation", async () => {
    const valid = await runWithClock(
      waitForSolanaSignature(node([null], true).rpc, sentAsPrepared, { prepared }),
      ["25 seconds"],
    )
    expect(valid).toMatchObject({ _tag: "Failure", failure: { _tag: "TransactionConfirmationTimeout" } })
    const late = node([...Array.from({ length: 50 }, () => null), confirmed], false)
    const landed = await runWithClock(waitForSolanaSignature(late.rpc, sentAsPrepared, { prepared }), [
      "25 seconds",
    ])
    expect(landed._tag).toBe("Success")
  })

  it("judges no expiry for a transaction the wallet changed before sending (another blockhash): it may still land", async () => {
    // The wallet sent the same transfer with a newer blockhash: its signature is not over the prepared message.
    const resent = signatureOf(unsigned(base58.encode(new Uint8Array(32).fill(10))).transaction)
    const { rpc, asked } = node([null], false)
    const result = await runWithClock(waitForSolanaSignature(rpc, resent, { prepared }), ["25 seconds"])
    expect(result).toMatchObject({ _tag: "Failure", failure: { _tag: "TransactionConfirmationTimeout" } })
    expect(asked).not.toContain("isBlockhashValid")
  })
})
