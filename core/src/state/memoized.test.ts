import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { memoized } from "./memoized"

const runTest = <A, E>(program: Effect.Effect<A, E>) =>
  Effect.runPromise(program.pipe(Effect.provide(TestClock.layer())))

/** A load that takes `seconds` of clock time and counts its runs. */
const slowLoad = (seconds: number) => {
  let runs = 0
  const load = Effect.andThen(
    Effect.sync(() => {
      runs += 1
    }),
    Effect.as(Effect.sleep(`${seconds} seconds`), "loaded"),
  )
  return {
    load,
    get runs() {
      return runs
    },
  }
}

describe("memoized", () => {
  it("runs once for concurrent callers and keeps the success", async () => {
    const counted = slowLoad(1)
    const result = await runTest(
      Effect.gen(function* () {
        const load = memoized(counted.load)
        const first = yield* Effect.forkChild(load)
        const second = yield* Effect.forkChild(load)
        yield* TestClock.adjust("1 second")
        return [yield* Fiber.join(first), yield* Fiber.join(second), yield* load]
      }),
    )
    expect(result).toEqual(["loaded", "loaded", "loaded"])
    expect(counted.runs).toBe(1)
  })

  it("does not keep a failure: the next run tries again", async () => {
    let attempts = 0
    const result = await runTest(
      Effect.gen(function* () {
        const load = memoized(
          Effect.suspend(() => (++attempts === 1 ? Effect.fail("down") : Effect.succeed("loaded"))),
        )
        return [yield* Effect.flip(load), yield* load]
      }),
    )
    expect(result).toEqual(["down", "loaded"])
  })

  it("a sole caller that gives up (a timeout) stops the run: the next call starts afresh, never a wait without end", async () => {
    const counted = slowLoad(15)
    let stopped = 0
    const result = await runTest(
      Effect.gen(function* () {
        const load = memoized(Effect.onInterrupt(counted.load, () => Effect.sync(() => void stopped++)))
        // Reconnect's bound on a stored connection runs out while the load is still under way...
        const gaveUp = yield* Effect.forkChild(Effect.flip(Effect.timeout(load, "10 seconds")))
        yield* TestClock.adjust("10 seconds")
        const timedOut = (yield* Fiber.join(gaveUp))._tag
        // ...and the user's own attempt then loads again, and gets its outcome.
        const later = yield* Effect.forkChild(load)
        yield* TestClock.adjust("14 seconds")
        const early = later.pollUnsafe()
        yield* TestClock.adjust("1 second")
        yield* Effect.yieldNow
        // (polled, not joined: a wait without end fails the test rather than hanging it)
        return { timedOut, early, later: later.pollUnsafe() }
      }),
    )
    expect(result).toEqual({ timedOut: "TimeoutError", early: undefined, later: Exit.succeed("loaded") })
    expect(counted.runs).toBe(2)
    expect(stopped).toBe(1)
  })

  it("a caller that gives up while another waits leaves the run going for the other", async () => {
    const counted = slowLoad(15)
    const result = await runTest(
      Effect.gen(function* () {
        const load = memoized(counted.load)
        const gaveUp = yield* Effect.forkChild(Effect.flip(Effect.timeout(load, "10 seconds")))
        const waiting = yield* Effect.forkChild(load)
        yield* TestClock.adjust("10 seconds")
        const timedOut = (yield* Fiber.join(gaveUp))._tag
        yield* TestClock.adjust("5 seconds")
        yield* Effect.yieldNow
        return { timedOut, waiting: waiting.pollUnsafe() }
      }),
    )
    expect(result).toEqual({ timedOut: "TimeoutError", waiting: Exit.succeed("loaded") })
    expect(counted.runs).toBe(1)
  })
})
