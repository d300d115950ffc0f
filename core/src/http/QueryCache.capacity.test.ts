import { Clock, Duration, Effect, Fiber, Layer, Stream } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { lifetimeOf, QueryCache, type QueryState } from "./QueryCache"

const run = <A, E>(program: Effect.Effect<A, E, QueryCache | TestClock.TestClock>, capacity: number) =>
  program.pipe(
    Effect.provide(Layer.merge(QueryCache.layerWithCapacity(capacity), TestClock.layer())),
    Effect.runPromise,
  )

/** Reads `[kind, id]` through an upstream that counts its calls per key and answers with the id. */
const counting = () => {
  const calls = new Map<string, number>()
  const read = (cache: QueryCache["Service"], kind: string, id: string) =>
    cache.fetch(
      [kind, id],
      Effect.sync(() => {
        calls.set(`${kind}/${id}`, (calls.get(`${kind}/${id}`) ?? 0) + 1)
        return id
      }),
    )
  return { read, calls: (kind: string, id: string) => calls.get(`${kind}/${id}`) ?? 0 }
}

describe("QueryCache capacity", () => {
  it("forgets the least recently read key of a kind past its capacity", async () => {
    const upstream = counting()
    await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        yield* upstream.read(cache, "name", "a")
        yield* upstream.read(cache, "name", "b")
        yield* upstream.read(cache, "name", "a") // a is now the most recent
        yield* upstream.read(cache, "name", "c") // makes room by dropping b
        yield* upstream.read(cache, "name", "a")
        yield* upstream.read(cache, "name", "b")
      }),
      2,
    )
    expect(["a", "b", "c"].map((id) => upstream.calls("name", id))).toEqual([1, 2, 1])
  })

  it("judges an answer's age from when it came, however late the clock is", async () => {
    const upstream = counting()
    await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        yield* TestClock.setTime(Date.parse("2030-01-01T00:00:00Z"))
        yield* upstream.read(cache, "name", "a")
        yield* upstream.read(cache, "name", "b")
        yield* upstream.read(cache, "name", "a") // both fresh: the least recently read (b) makes room
        yield* upstream.read(cache, "name", "c")
        yield* upstream.read(cache, "name", "a")
      }),
      2,
    )
    expect(["a", "b", "c"].map((id) => upstream.calls("name", id))).toEqual([1, 1, 1])
  })

  it("drops an expired answer before a fresh one, even a more recently read one", async () => {
    const upstream = counting()
    await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        yield* upstream.read(cache, "name", "old")
        yield* TestClock.adjust("4 minutes")
        yield* upstream.read(cache, "name", "recent")
        yield* upstream.read(cache, "name", "old") // a hit: old is now the most recently read…
        yield* TestClock.adjust("1 minute") // …but its answer expires (5 min), recent's does not
        yield* upstream.read(cache, "name", "new") // old goes, not the least recently read (recent)
        yield* upstream.read(cache, "name", "recent")
      }),
      2,
    )
    expect(upstream.calls("name", "recent")).toBe(1)
  })

  it("drops a key without a usable answer (failed, or invalidated) before any other", async () => {
    const upstream = counting()
    await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        yield* upstream.read(cache, "name", "a")
        yield* Effect.flip(cache.fetch(["name", "failed"], Effect.fail("down"), { retries: 0 }))
        yield* upstream.read(cache, "name", "b")
        yield* upstream.read(cache, "name", "c") // the failed key goes, though a is older
        yield* cache.invalidate(["name", "b"])
        yield* upstream.read(cache, "name", "d") // the invalidated b goes, though a is older
        yield* upstream.read(cache, "name", "a")
        yield* upstream.read(cache, "name", "c")
      }),
      3,
    )
    expect(["a", "b", "c", "d"].map((id) => upstream.calls("name", id))).toEqual([1, 1, 1, 1])
  })

  it("gives each kind its own capacity: a sweep of balances leaves the shared keys of other kinds", async () => {
    const upstream = counting()
    const sizes = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        for (let i = 0; i < 50; i++) {
          yield* upstream.read(cache, "supportedChains", "all")
          yield* upstream.read(cache, "balance", `0x${i}`)
        }
        return { balance: yield* cache.size("balance"), chains: yield* cache.size("supportedChains") }
      }),
      10,
    )
    expect(upstream.calls("supportedChains", "all")).toBe(1)
    expect(sizes).toEqual({ balance: { counted: 10, observed: 0 }, chains: { counted: 1, observed: 0 } })
  })

  it("re-reading the newest `capacity` keys after a sweep, a shared key read before each, hits every one", async () => {
    const upstream = counting()
    await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const read = (i: number) =>
          Effect.andThen(
            upstream.read(cache, "supportedChains", "all"),
            upstream.read(cache, "balance", `${i}`),
          )
        for (let i = 0; i < 1000; i++) yield* read(i)
        for (let i = 900; i < 1000; i++) yield* read(i)
      }),
      100,
    )
    const rereadCalls = Array.from({ length: 100 }, (_, i) => upstream.calls("balance", `${900 + i}`))
    expect(new Set(rereadCalls)).toEqual(new Set([1]))
  })

  it("holds its cap through a burst of concurrent first reads: the rest are answered, not kept", async () => {
    let calls = 0
    const outcome = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const slow = (i: number) =>
          Effect.sync(() => ++calls).pipe(Effect.andThen(Effect.succeed(i)), Effect.delay("1 second"))
        const reads = yield* Effect.forkChild(
          Effect.all(
            Array.from({ length: 1000 }, (_, i) => cache.fetch(["balance", `${i}`], slow(i))),
            { concurrency: "unbounded" },
          ),
        )
        yield* TestClock.adjust("0 millis")
        const whileFetching = yield* cache.size("balance")
        yield* TestClock.adjust("1 second")
        const answers = yield* Fiber.join(reads)
        return { whileFetching, answers, after: yield* cache.size("balance") }
      }),
      100,
    )
    expect(outcome.whileFetching).toEqual({ counted: 100, observed: 0 })
    expect(outcome.answers).toEqual(Array.from({ length: 1000 }, (_, i) => i))
    expect(calls).toBe(1000)
    expect(outcome.after).toEqual({ counted: 100, observed: 0 })
  })

  it("keeps keys being fetched, observed or locked; a new key finding no room is answered, not kept", async () => {
    const upstream = counting()
    const outcome = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const seen: Array<QueryState> = []
        const observed = yield* cache.changes(["name", "observed"])
        yield* Effect.forkChild(Stream.runForEach(observed, (state) => Effect.sync(() => seen.push(state))))
        yield* Effect.yieldNow
        yield* upstream.read(cache, "name", "observed")
        const slow = yield* Effect.forkChild(
          cache.fetch(["name", "slow"], Effect.succeed("slow").pipe(Effect.delay("1 second"))),
        )
        yield* Effect.yieldNow
        let lockedCalls = 0
        const down = Effect.suspend(() => Effect.fail(`down ${++lockedCalls}`))
        const locked = cache.fetch(["name", "locked"], down, { retries: 0, errorCooldown: "30 seconds" })
        yield* Effect.flip(locked)
        const filler = yield* upstream.read(cache, "name", "filler") // no room: slow and locked are pinned
        const fillerState = (yield* cache.state(["name", "filler"])).status
        yield* upstream.read(cache, "name", "filler")
        yield* TestClock.adjust("1 second")
        yield* Fiber.join(slow)
        return {
          filler,
          fillerState,
          observedCached: (yield* cache.state(["name", "observed"])).status,
          lockedError: yield* Effect.flip(locked),
          slowState: (yield* cache.state(["name", "slow"])).status,
          lastSeen: seen.at(-1)?.status,
          size: yield* cache.size("name"),
        }
      }),
      2,
    )
    expect(upstream.calls("name", "observed")).toBe(1)
    expect(upstream.calls("name", "filler")).toBe(2)
    expect(outcome).toEqual({
      filler: "filler",
      fillerState: "pending",
      observedCached: "success",
      lockedError: "down 1",
      slowState: "success",
      lastSeen: "success",
      size: { counted: 2, observed: 1 },
    })
  })

  it("a lock that has run out frees its key for eviction; an observer leaving makes its key count again", async () => {
    const upstream = counting()
    const outcome = await run(
      Effect.gen(function* () {
        const cache = yield* QueryCache
        const held = (...ids: Array<string>) =>
          Effect.forEach(ids, (id) =>
            Effect.map(cache.state(["name", id]), (state) => state.status !== "pending"),
          )
        yield* Effect.flip(
          cache.fetch(["name", "locked"], Effect.fail("down"), { retries: 0, errorCooldown: "30 seconds" }),
        )
        yield* upstream.read(cache, "name", "a")
        const watcher = yield* Effect.forkChild(Stream.runDrain(yield* cache.changes(["name", "watched"])))
        yield* Effect.yieldNow
        yield* upstream.read(cache, "name", "watched")
        yield* TestClock.adjust("30 seconds")
        yield* upstream.read(cache, "name", "b") // the lock is over: "locked" goes, not "a"
        const beforeLeaving = {
          size: yield* cache.size("name"),
          held: yield* held("locked", "a", "b", "watched"),
        }
        yield* Fiber.interrupt(watcher) // "watched" counts again: the least recently read key ("a") goes
        const afterLeaving = { size: yield* cache.size("name"), held: yield* held("a", "b", "watched") }
        return { beforeLeaving, afterLeaving }
      }),
      2,
    )
    expect(outcome).toEqual({
      beforeLeaving: { size: { counted: 2, observed: 1 }, held: [false, true, true, true] },
      afterLeaving: { size: { counted: 2, observed: 0 }, held: [false, true, true] },
    })
  })
})

describe("QueryCache capacity: properties", () => {
  type Kind = "balance" | "name"
  type Op =
    | {
        readonly op: "read"
        readonly kind: Kind
        readonly id: number
        readonly fails: boolean
        readonly slow: boolean
      }
    | { readonly op: "advance"; readonly millis: number }
    | { readonly op: "invalidate"; readonly kind: Kind }
    | { readonly op: "observe"; readonly kind: Kind; readonly id: number }
    | { readonly op: "unobserve" }
  const kind = fc.constantFrom<Kind>("balance", "name")
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant("read" as const),
        kind,
        id: fc.nat(9),
        fails: fc.boolean(),
        slow: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant("advance" as const),
        millis: fc.constantFrom(0, 1000, 29_999, 30_000, 60_000, 300_000),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("invalidate" as const), kind }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("observe" as const), kind, id: fc.nat(9) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("unobserve" as const) }) },
  )
  const capacity = 3
  // Across all runs, so the property is known not to hold vacuously: reads were answered from the cache,
  // and kinds were full.
  let hits = 0
  let full = 0

  it("never holds more than its capacity of a kind, and never answers with an expired value", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), async (ops) => {
        const violations = await run(
          Effect.gen(function* () {
            const cache = yield* QueryCache
            const found: Array<string> = []
            const readers: Array<Fiber.Fiber<unknown, unknown>> = []
            const observers: Array<Fiber.Fiber<void, unknown>> = []
            let upstreamCalls = 0
            const checkSizes = Effect.gen(function* () {
              for (const k of ["balance", "name"] as const) {
                const { counted } = yield* cache.size(k)
                if (counted > capacity) found.push(`${k}: ${counted} keys counted`)
                if (counted === capacity) full++
              }
            })
            for (const step of ops) {
              if (step.op === "read") {
                // The answer is the clock when upstream answered, so its age is plain to see.
                const upstream = Effect.sync(() => upstreamCalls++).pipe(
                  Effect.andThen(Clock.currentTimeMillis),
                  Effect.delay(step.slow ? "2 seconds" : "0 millis"),
                  Effect.flatMap((at) => (step.fails ? Effect.fail("down") : Effect.succeed(at))),
                )
                const callsBefore = upstreamCalls
                const lifetime = Duration.toMillis(lifetimeOf(step.kind))
                const read = cache
                  .fetch([step.kind, `${step.id}`], upstream, {
                    retries: 0,
                    errorCooldown: step.kind === "balance" ? "30 seconds" : undefined,
                  })
                  .pipe(
                    Effect.tap((answeredAt) =>
                      Effect.flatMap(Clock.currentTimeMillis, (now) =>
                        Effect.sync(() => {
                          if (now - answeredAt >= lifetime)
                            found.push(`${step.kind}/${step.id}: ${now - answeredAt} ms old`)
                          if (upstreamCalls === callsBefore) hits++
                        }),
                      ),
                    ),
                    Effect.ignore,
                  )
                readers.push(yield* Effect.forkChild(read))
              } else if (step.op === "advance") yield* TestClock.adjust(step.millis)
              else if (step.op === "invalidate") yield* cache.invalidate([step.kind])
              else if (step.op === "observe")
                observers.push(
                  yield* Effect.forkChild(Stream.runDrain(yield* cache.changes([step.kind, `${step.id}`]))),
                )
              else {
                const leaving = observers.shift()
                if (leaving) yield* Fiber.interrupt(leaving)
              }
              yield* TestClock.adjust("0 millis") // lets the forked readers and observers run
              yield* checkSizes
            }
            for (const observer of observers) yield* Fiber.interrupt(observer)
            yield* TestClock.adjust("1 hour")
            for (const reader of readers) yield* Fiber.join(reader)
            yield* checkSizes
            return found
          }),
          capacity,
        )
        expect(violations).toEqual([])
      }),
      { numRuns: 150 },
    )
    expect(hits).toBeGreaterThan(0)
    expect(full).toBeGreaterThan(0)
  })
})
