import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { giveUpAfter } from "./giveUp"
import { CliError } from "./output"

const run = <A, E>(program: Effect.Effect<A, E>) =>
  program.pipe(Effect.provide(TestClock.layer()), Effect.runPromise)

/** A wait that the user ends after `ms` (the approval arriving), raced against a --timeout of `limitMs`. */
const race = (approvedAfterMs: number, limitMs: number | undefined, clockMs: number) =>
  run(
    Effect.gen(function* () {
      const wait = Effect.succeed("approved").pipe(Effect.delay(`${approvedAfterMs} millis`))
      const fiber = yield* Effect.forkChild(Effect.exit(giveUpAfter(limitMs, "No approval")(wait)))
      yield* TestClock.adjust(`${clockMs} millis`)
      return yield* Fiber.join(fiber)
    }),
  )

describe("giveUpAfter (--timeout on a wait for the user)", () => {
  it("lets an approval that arrives on the last millisecond through", async () => {
    expect(await race(3000, 3000, 3000)).toEqual(Exit.succeed("approved"))
  })

  it("ends the wait at the limit with Timeout, naming the limit as the user gave it", async () => {
    const exit = await race(3001, 3000, 3000)
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    const failure = error !== undefined && "error" in error ? error.error : undefined
    expect(failure).toBeInstanceOf(CliError)
    expect(failure).toMatchObject({ code: "Timeout", message: "No approval within 3 s", exitCode: 2 })
  })

  it("names a sub-second limit in milliseconds", async () => {
    const exit = await race(1000, 500, 500)
    const reason = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    expect(reason !== undefined && "error" in reason ? reason.error : undefined).toMatchObject({
      message: "No approval within 500 ms",
    })
  })

  it("without a limit leaves the wait to its own bound", async () => {
    expect(await race(600_000, undefined, 600_000)).toEqual(Exit.succeed("approved"))
  })
})
