import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { giveUpAfter, giveUpWaiting, startBudget, timedOut, withinBudget } from "./giveUp"
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

describe("giveUpWaiting (--timeout on a promise: a pasted line, a polled mail sink)", () => {
  /** A wait nothing ever answers, except that it notes when its signal aborts. */
  const unanswered = () => {
    const seen = { aborted: false }
    const wait = (signal: AbortSignal) =>
      new Promise<string>(() => signal.addEventListener("abort", () => (seen.aborted = true)))
    return { seen, wait }
  }
  const after = <A>(program: Effect.Effect<A, unknown>, clockMs: number) =>
    run(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Effect.exit(program))
        yield* TestClock.adjust(`${clockMs} millis`)
        return yield* Fiber.join(fiber)
      }),
    )

  it("ends an unanswered wait at the limit and aborts its signal, so it stops reading", async () => {
    const { seen, wait } = unanswered()
    const exit = await after(giveUpWaiting(2000, "No code entered", wait), 2000)
    const reason = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    expect(reason !== undefined && "error" in reason ? reason.error : undefined).toMatchObject({
      code: "Timeout",
      message: "No code entered within 2 s",
      exitCode: 2,
    })
    expect(seen.aborted).toBe(true)
  })

  it("keeps waiting one millisecond short of the limit", async () => {
    const { seen, wait } = unanswered()
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(giveUpWaiting(2000, "No code entered", wait))
      yield* TestClock.adjust("1999 millis")
      const running = fiber.pollUnsafe() === undefined
      yield* Fiber.interrupt(fiber)
      return running
    })
    expect(await run(program)).toBe(true)
    expect(seen.aborted).toBe(true)
  })

  it("passes the wait's own answer and its own failure through unchanged", async () => {
    expect(
      await after(
        giveUpWaiting(2000, "No code", async () => "123456"),
        0,
      ),
    ).toEqual(Exit.succeed("123456"))
    const refused = new CliError("No code given", { code: "NoInput" })
    const exit = await after(
      giveUpWaiting(2000, "No code", () => Promise.reject(refused)),
      0,
    )
    expect(exit).toEqual(Exit.fail(refused))
  })
})

describe("startBudget and withinBudget (one --timeout over successive waits: the relay check, each request)", () => {
  /**
   * A 7 s budget over two waits: the first ends on its own after `firstMs` (the session check giving up on a
   * hung relay after its own 5 s), the second answers after `secondMs`; the clock is moved `clockMs` in all.
   */
  const twoWaits = (firstMs: number, secondMs: number, clockMs: number) =>
    run(
      Effect.gen(function* () {
        const budget = yield* startBudget(7000)
        const bounded = withinBudget(budget, (ms) => timedOut(ms, "The relay did not answer"))
        const waits = Effect.gen(function* () {
          yield* bounded(Effect.sleep(`${firstMs} millis`))
          return yield* bounded(Effect.succeed("answered").pipe(Effect.delay(`${secondMs} millis`)))
        })
        const fiber = yield* Effect.forkChild(Effect.exit(waits))
        yield* TestClock.adjust(`${clockMs} millis`)
        return yield* Fiber.join(fiber)
      }),
    )

  it("gives the second wait only what the first left, and names the whole budget when it ends it", async () => {
    const exit = await twoWaits(5000, 60_000, 7000)
    const reason = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    expect(reason !== undefined && "error" in reason ? reason.error : undefined).toMatchObject({
      code: "Timeout",
      message: "The relay did not answer within 7 s",
      exitCode: 2,
    })
  })

  it("lets an answer on the budget's last millisecond through", async () => {
    expect(await twoWaits(5000, 2000, 7000)).toEqual(Exit.succeed("answered"))
  })

  it("ends a first wait that outlasts the budget at the budget's end", async () => {
    const exit = await twoWaits(8000, 0, 7000)
    expect(Exit.isFailure(exit)).toBe(true)
  })

  it("without a --timeout is no budget: each wait keeps its own bound", async () => {
    const exit = await run(
      Effect.gen(function* () {
        const budget = yield* startBudget(undefined)
        const fiber = yield* Effect.forkChild(
          withinBudget(budget, () => "expired")(Effect.succeed("answered").pipe(Effect.delay("10 minutes"))),
        )
        yield* TestClock.adjust("10 minutes")
        return yield* Fiber.join(fiber)
      }),
    )
    expect(exit).toBe("answered")
  })
})
