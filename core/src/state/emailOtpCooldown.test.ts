import { Deferred, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { runState } from "../testing/testkit"
import { Connection } from "./Connection"
import { requestEmailOtp } from "./emailOtpCooldown"

describe("requestEmailOtp", () => {
  it("allows an email code only once per 30 s ('Please try again after {n} seconds')", async () => {
    const outcome = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const sent: Array<string> = []
        const send = (email: string) =>
          requestEmailOtp(
            connection.state,
            Effect.sync(() => sent.push(email)),
          )
        yield* send("a@example.com")
        yield* TestClock.adjust("10 seconds")
        const early = yield* Effect.flip(send("a@example.com"))
        yield* TestClock.adjust("19500 millis")
        const almost = yield* Effect.flip(send("a@example.com"))
        yield* TestClock.adjust("500 millis")
        yield* send("a@example.com")
        return { early: early.message, almost: almost.message, sent: sent.length }
      }),
    )
    expect(outcome).toEqual({
      early: "Please try again after 20 seconds",
      almost: "Please try again after 1 seconds",
      sent: 2,
    })
  })

  it("counts the 30 s from when the site answered, which is never before it counted from itself", async () => {
    const outcome = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const answered = yield* Deferred.make<void>()
        // The site takes the request some time after the click (it counts its own 30 s from then), and
        // answers once the mail is out: here 3 s in all.
        const first = yield* Effect.forkChild(requestEmailOtp(connection.state, Deferred.await(answered)), {
          startImmediately: true,
        })
        yield* TestClock.adjust("3 seconds")
        yield* Deferred.succeed(answered, undefined)
        yield* Fiber.join(first)
        yield* TestClock.adjust("27 seconds")
        const thirtyAfterClick = yield* Effect.flip(requestEmailOtp(connection.state, Effect.void))
        yield* TestClock.adjust("2999 millis")
        const justBefore = yield* Effect.flip(requestEmailOtp(connection.state, Effect.void))
        yield* TestClock.adjust("1 millis")
        yield* requestEmailOtp(connection.state, Effect.void)
        return { thirtyAfterClick: thirtyAfterClick.message, justBefore: justBefore.message }
      }),
    )
    expect(outcome).toEqual({
      thirtyAfterClick: "Please try again after 3 seconds",
      justBefore: "Please try again after 1 seconds",
    })
  })

  it("refuses a second email code while the first is still being sent, and frees the slot when sending fails", async () => {
    const outcome = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const delivered = yield* Deferred.make<void>()
        const first = yield* Effect.forkChild(requestEmailOtp(connection.state, Deferred.await(delivered)), {
          startImmediately: true,
        })
        const second = yield* Effect.flip(requestEmailOtp(connection.state, Effect.void))
        yield* Deferred.succeed(delivered, undefined)
        yield* Fiber.join(first)
        yield* TestClock.adjust("30 seconds")
        const failed = yield* Effect.flip(requestEmailOtp(connection.state, Effect.fail("relay down")))
        yield* requestEmailOtp(connection.state, Effect.void)
        return { second: second.message, failed }
      }),
    )
    expect(outcome).toEqual({ second: "Please try again after 30 seconds", failed: "relay down" })
  })
})
