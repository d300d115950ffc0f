import { Effect, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { runState } from "../testing/testkit"
import { isPairingExpired, Pairing } from "./Pairing"

describe("Pairing", () => {
  it("expires 4 minutes after the URI was created, counting the last 10 s as expired", async () => {
    const checks = await runState(
      Effect.gen(function* () {
        const pairing = yield* Pairing
        const before = yield* pairing.isExpired
        yield* pairing.setUri("wc:abc@2?relay-protocol=irn&symKey=00")
        const fresh = yield* pairing.isExpired
        yield* TestClock.adjust("3 minutes")
        yield* TestClock.adjust("49 seconds")
        const justBefore = yield* pairing.isExpired
        yield* TestClock.adjust("1 second")
        const withinMargin = yield* pairing.isExpired
        return { before, fresh, justBefore, withinMargin }
      }),
    )
    expect(checks).toEqual({ before: true, fresh: false, justBefore: false, withinMargin: true })
  })

  it("is reset (on disconnect) to no URI and no connections", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const pairing = yield* Pairing
        yield* pairing.setUri("wc:abc@2?relay-protocol=irn&symKey=00")
        yield* pairing.update({ wcError: true, buffering: true, status: "connecting" })
        yield* pairing.reset
        return yield* SubscriptionRef.get(pairing.state)
      }),
    )
    expect(state).toEqual({ connections: {}, wcError: false, buffering: false, status: "disconnected" })
  })

  it("treats a time as expired exactly when it is within 10 s of the expiry or later", () => {
    fc.assert(
      fc.property(fc.nat(1e12), fc.integer({ min: -1e6, max: 1e6 }), (expiry, offset) => {
        expect(isPairingExpired(expiry, expiry + offset)).toBe(offset >= -10_000)
      }),
    )
  })
})
