import { Clock, Context, Duration, Effect, Exit, Fiber, Layer, Option, Scope, Stream } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { CacheLifetime } from "../config/constants"
import { initialQueryState, lifetimeOf, QueryCache, type QueryState } from "./QueryCache"

const run = <A, E>(program: Effect.Effect<A, E, QueryCache>, cache = QueryCache.layer) =>
  program.pipe(Effect.provide(Layer.merge(cache, TestClock.layer())), Effect.runPromise)

/** An upstream call that counts its invocations and answers from a script (one entry per call). */
const upstream = <A>(answers: ReadonlyArray<Effect.Effect<A, string>>) => {
  let calls = 0
  const fetch = Effect.suspend(
    () => answers[Math.min(calls++, answers.length - 1)] as Effect.Effect<A, string>,
  )
  return { fetch, calls: () => calls }
}

describe("QueryCache", () => {
  it("serves 1,000 concurrent identical reads with exactly one upstream call", async () => {
    const source = upstream([Effect.succeed("1.5").pipe(Effect.delay("100 millis"))])
    const results = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const reads = yield* Effect.forkChild(
          Effect.all(
            Array.from({ length: 1000 }, () => cache.fetch(["balance", "eip155:1", "0xabc"], source.fetch)),
            { concurrency: "unbounded" },
          ),
        )
        yield* TestClock.adjust("100 millis")
        return yield* Fiber.join(reads)
      }),
    )
    expect(results).toHaveLength(1000)
    expect(new Set(results)).toEqual(new Set(["1.5"]))
    expect(source.calls()).toBe(1)
  })

  it("keeps a balance for 30 s and a name for 5 min, then fetches again", async () => {
    const balance = upstream([Effect.succeed(1), Effect.succeed(2)])
    const name = upstream([Effect.succeed("a.reown.id"), Effect.succeed("b.reown.id")])
    const seen = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const readBoth = Effect.all([
          cache.fetch(["balance", "x"], balance.fetch),
          cache.fetch(["name", "x"], name.fetch),
        ])
        const first = yield* readBoth
        yield* TestClock.adjust("29999 millis")
        const stillFresh = yield* readBoth
        yield* TestClock.adjust("1 millis")
        const balanceStale = yield* readBoth
        yield* TestClock.adjust(Duration.sum(Duration.minutes(4), Duration.seconds(30)))
        const nameStale = yield* readBoth
        return [first, stillFresh, balanceStale, nameStale]
      }),
    )
    expect(seen).toEqual([
      [1, "a.reown.id"],
      [1, "a.reown.id"],
      [2, "a.reown.id"],
      [2, "b.reown.id"],
    ])
  })

  it("retries 3 times with backoff 1 s, 2 s, 4 s and reports paused between attempts", async () => {
    const source = upstream([
      Effect.fail("down"),
      Effect.fail("down"),
      Effect.fail("down"),
      Effect.succeed("up"),
    ])
    const trace = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const key = ["identity", "0x1"] as const
        const states: Array<QueryState> = []
        const changes = yield* cache.changes(key)
        yield* Effect.forkChild(Stream.runForEach(changes, (state) => Effect.sync(() => states.push(state))))
        const read = yield* Effect.forkChild(cache.fetch(key, source.fetch))
        yield* TestClock.adjust("0 millis")
        const callsAt = [source.calls()]
        for (const delay of [1000, 2000, 4000]) {
          yield* TestClock.adjust(delay - 1)
          callsAt.push(source.calls())
          yield* TestClock.adjust("1 millis")
          callsAt.push(source.calls())
        }
        const value = yield* Fiber.join(read)
        return { value, callsAt, states }
      }),
    )
    expect(trace.value).toBe("up")
    expect(trace.callsAt).toEqual([1, 1, 2, 2, 3, 3, 4])
    expect(trace.states.map((s) => s.fetchStatus)).toContain("paused")
    expect(trace.states.at(-1)).toMatchObject({ status: "success", fetchStatus: "idle", failureCount: 0 })
    expect(trace.states.at(-1)?.data).toEqual(Option.some("up"))
  })

  it("caps the backoff at 30 s: min(1000·2^n, 30000)", async () => {
    const source = upstream<string>([Effect.fail("down")])
    const callTimes = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const times: Array<number> = []
        const fetch = Effect.flatMap(Clock.currentTimeMillis, (now) =>
          Effect.andThen(
            Effect.sync(() => times.push(now)),
            source.fetch,
          ),
        )
        const read = yield* Effect.forkChild(Effect.flip(cache.fetch(["x"], fetch, { retries: 6 })))
        yield* TestClock.adjust("1 minute")
        yield* TestClock.adjust("1 minute")
        yield* Fiber.join(read)
        return times
      }),
    )
    expect(callTimes).toEqual([0, 1000, 3000, 7000, 15000, 31000, 61000])
  })

  it("fails after the last retry with the upstream error and error status", async () => {
    const source = upstream<string>([Effect.fail("down")])
    const outcome = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const read = yield* Effect.forkChild(Effect.flip(cache.fetch(["portfolio", "a"], source.fetch)))
        yield* TestClock.adjust("7 seconds")
        const error = yield* Fiber.join(read)
        return { error, state: yield* cache.state(["portfolio", "a"]) }
      }),
    )
    expect(outcome.error).toBe("down")
    expect(source.calls()).toBe(4)
    expect(outcome.state).toMatchObject({ status: "error", fetchStatus: "idle", failureCount: 4 })
  })

  it("locks a failed key for its cooldown without calling upstream, then tries again", async () => {
    const source = upstream<number>([Effect.fail("unavailable"), Effect.succeed(7)])
    const outcome = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const read = cache.fetch(["balance", "b"], source.fetch, { retries: 0, errorCooldown: "30 seconds" })
        const first = yield* Effect.flip(read)
        yield* TestClock.adjust("29999 millis")
        const locked = yield* Effect.flip(read)
        const callsWhileLocked = source.calls()
        yield* TestClock.adjust("1 millis")
        const after = yield* read
        return { first, locked, callsWhileLocked, after }
      }),
    )
    expect(outcome).toEqual({ first: "unavailable", locked: "unavailable", callsWhileLocked: 1, after: 7 })
  })

  it("honours a per-read lifetime over its kind's", async () => {
    const source = upstream([Effect.succeed(1), Effect.succeed(2)])
    const seen = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const read = cache.fetch(["name", "short"], source.fetch, { ttl: "1 second" })
        const first = yield* read
        yield* TestClock.adjust("999 millis")
        const fresh = yield* read
        yield* TestClock.adjust("1 millis")
        return [first, fresh, yield* read]
      }),
    )
    expect(seen).toEqual([1, 1, 2])
  })

  it("reports a key it never read as pending and idle, without holding it", async () => {
    const seen = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        return { state: yield* cache.state(["name", "unread"]), size: yield* cache.size("name") }
      }),
    )
    expect(seen.state).toEqual(initialQueryState)
    expect(seen.state).toMatchObject({ status: "pending", fetchStatus: "idle", failureCount: 0 })
    expect(seen.size).toEqual({ counted: 0, observed: 0 })
  })

  it.each(["toString", "constructor", "hasOwnProperty", "__proto__"])(
    "gives a kind named like an Object method (%s) the default lifetime, not the method",
    async (kind) => {
      expect(lifetimeOf(kind)).toEqual(CacheLifetime.query)
      const source = upstream([Effect.succeed(1), Effect.succeed(2)])
      const seen = await run(
        Effect.gen(function* () {
          const cache = yield* QueryCache
          const first = yield* cache.fetch([kind, "x"], source.fetch)
          yield* TestClock.adjust("4 minutes")
          return [first, yield* cache.fetch([kind, "x"], source.fetch)]
        }),
      )
      expect(seen).toEqual([1, 1])
    },
  )

  it("invalidate makes a prefix of keys stale", async () => {
    const source = upstream([Effect.succeed(1), Effect.succeed(2)])
    const values = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const read = cache.fetch(["balance", "eip155:1", "0xabc"], source.fetch)
        const first = yield* read
        yield* cache.invalidate(["balanceX"])
        const untouched = yield* read
        yield* cache.invalidate(["balance"])
        return [first, untouched, yield* read]
      }),
    )
    expect(values).toEqual([1, 1, 2])
  })

  it("a read after invalidate does not take the answer of a fetch started before it", async () => {
    // The first call answers late with what was true before (say, the balance before a transaction).
    const source = upstream([
      Effect.succeed("before").pipe(Effect.delay("1 second")),
      Effect.succeed("after"),
    ])
    const values = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const read = cache.fetch(["balance", "eip155:1", "0xabc"], source.fetch)
        const early = yield* Effect.forkChild(read)
        yield* Effect.yieldNow
        yield* cache.invalidate(["balance"])
        const late = yield* Effect.forkChild(read)
        yield* TestClock.adjust("1 second")
        const answers = [yield* Fiber.join(early), yield* Fiber.join(late)]
        // And the older answer is not what the cache keeps as fresh.
        return [...answers, yield* read]
      }),
    )
    expect(values).toEqual(["before", "after", "after"])
    expect(source.calls()).toBe(2)
  })

  it("keeps a fetch going for the other readers when one reader gives up", async () => {
    const source = upstream([Effect.succeed("done").pipe(Effect.delay("1 second"))])
    const value = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const quitter = yield* Effect.forkChild(cache.fetch(["k"], source.fetch))
        const stayer = yield* Effect.forkChild(cache.fetch(["k"], source.fetch))
        yield* TestClock.adjust("0 millis")
        yield* Fiber.interrupt(quitter)
        yield* TestClock.adjust("1 second")
        return yield* Fiber.join(stayer)
      }),
    )
    expect(value).toBe("done")
    expect(source.calls()).toBe(1)
  })

  it("releases waiting readers when the cache itself shuts down", async () => {
    const exit = await Effect.gen(function* () {
      const scope = yield* Scope.make()
      const cache = yield* Layer.buildWithScope(QueryCache.layer, scope)
      const reader = yield* Effect.forkChild(Context.get(cache, QueryCache).fetch(["k"], Effect.never))
      yield* Effect.yieldNow
      yield* Scope.close(scope, Exit.void)
      return yield* Fiber.await(reader)
    }).pipe(Effect.runPromise)
    expect(Exit.hasInterrupts(exit)).toBe(true)
  })

  it("releases the readers of a fetch that invalidate detached when the cache shuts down", async () => {
    const exit = await Effect.gen(function* () {
      const scope = yield* Scope.make()
      const cache = Context.get(yield* Layer.buildWithScope(QueryCache.layer, scope), QueryCache)
      const reader = yield* Effect.forkChild(cache.fetch(["k"], Effect.never))
      yield* Effect.yieldNow
      yield* cache.invalidate(["k"])
      yield* Scope.close(scope, Exit.void)
      return yield* Fiber.await(reader)
    }).pipe(Effect.runPromise)
    expect(Exit.hasInterrupts(exit)).toBe(true)
  })
})
