import { QueryCache } from "@appkit/core"
import { Deferred, Effect, Fiber } from "effect"

// The query cache at 10,000 keys with its default capacity, driven directly (upstream answers at once or
// after a short sleep), so the figures are the cache's own: time per new key, keys and heap held during a
// burst of concurrent first reads, and hits when re-reading the newest 1,000 balances the way
// BlockchainApi.balance reads them (the supported-chains list first, then the balance).

const keyCount = 10_000
const rereadCount = 1_000
const chainId = "eip155:1"
const addressOf = (i: number) => `0x${i.toString(16).padStart(40, "0")}`
const balanceKey = (i: number) => ["balance", chainId, addressOf(i)] as const

const heapMiB = () => {
  globalThis.gc?.()
  return process.memoryUsage().heapUsed / 2 ** 20
}

/** How many of the 10,000 balance keys the cache holds right now (reading a state creates no key). */
const heldBalances = (cache: QueryCache["Service"], status?: "fetching") =>
  Effect.gen(function* () {
    let held = 0
    for (let i = 0; i < keyCount; i++) {
      const state = yield* cache.state(balanceKey(i))
      if (status ? state.fetchStatus === status : state.status !== "pending") held++
    }
    return held
  })

/** Microseconds per new key over the first 1,000 keys (room to spare) and over the last 1,000 (full). */
const sequentialInserts = Effect.gen(function* () {
  const cache = yield* QueryCache
  let firstMs = 0
  let start = performance.now()
  for (let i = 0; i < keyCount; i++) {
    if (i === rereadCount) firstMs = performance.now() - start
    if (i === keyCount - rereadCount) start = performance.now()
    yield* cache.fetch(balanceKey(i), Effect.succeed(i))
  }
  const lastMs = performance.now() - start
  return { firstMicros: firstMs, lastMicros: lastMs, held: yield* heldBalances(cache) }
})

const concurrentBurst = Effect.gen(function* () {
  const cache = yield* QueryCache
  const heapBefore = heapMiB()
  // Every upstream call waits at this gate, so all reads are in flight together when they are counted.
  const gate = yield* Deferred.make<void>()
  let started = 0
  const upstream = (i: number) =>
    Effect.andThen(
      Effect.sync(() => started++),
      Deferred.await(gate).pipe(Effect.as(i)),
    )
  const start = performance.now()
  const reads = yield* Effect.forkChild(
    Effect.all(
      Array.from({ length: keyCount }, (_, i) => cache.fetch(balanceKey(i), upstream(i))),
      { concurrency: "unbounded", discard: true },
    ),
  )
  while (started < keyCount) yield* Effect.sleep("1 millis")
  const startMs = performance.now() - start
  const inFlight = yield* heldBalances(cache, "fetching")
  const heapInFlight = heapMiB() - heapBefore
  yield* Deferred.succeed(gate, undefined)
  yield* Fiber.join(reads)
  return { startMs, inFlight, heapInFlight, heldAfter: yield* heldBalances(cache) }
})

const rereadNewest = Effect.gen(function* () {
  const cache = yield* QueryCache
  let balanceCalls = 0
  const read = (i: number) =>
    Effect.andThen(
      cache.fetch(["supportedChains"], Effect.succeed({ http: [chainId] })),
      cache.fetch(
        balanceKey(i),
        Effect.sync(() => {
          balanceCalls++
          return i
        }),
      ),
    )
  for (let i = 0; i < keyCount; i++) yield* read(i)
  balanceCalls = 0
  for (let i = keyCount - rereadCount; i < keyCount; i++) yield* read(i)
  return { hitRate: 1 - balanceCalls / rereadCount }
})

const fresh = <A>(program: Effect.Effect<A, never, QueryCache>) =>
  Effect.runPromise(Effect.provide(program, QueryCache.layer))

const thousands = (n: number) => n.toLocaleString("en-US")

export const cacheAtScale = async () => {
  await fresh(sequentialInserts) // warm-up: the JIT has seen every path before anything is timed
  const inserts = await fresh(sequentialInserts)
  console.log(
    `${thousands(keyCount)} new keys one after another: ${inserts.firstMicros.toFixed(1)} µs per key for the first ${thousands(rereadCount)}, ${inserts.lastMicros.toFixed(1)} µs for the last ${thousands(rereadCount)} (cache full); ${thousands(inserts.held)} held after`,
  )
  const burst = await fresh(concurrentBurst)
  console.log(
    `${thousands(keyCount)} concurrent first reads: all started in ${burst.startMs.toFixed(0)} ms; ${thousands(burst.inFlight)} keys held while fetching (heap +${burst.heapInFlight.toFixed(1)} MiB with the readers' fibers), ${thousands(burst.heldAfter)} held after`,
  )
  const reread = await fresh(rereadNewest)
  console.log(
    `re-reading the newest ${thousands(rereadCount)} of ${thousands(keyCount)} balances (supported chains read before each): ${(reread.hitRate * 100).toFixed(1)} % hits`,
  )
}
