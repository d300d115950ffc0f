import { QueryCache } from "@appkit/core/effect"
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

/** This process's CPU time in ms: the machine is shared, and waiting for a core is not the cache's cost. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

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

/**
 * CPU microseconds per new key over the last 1,000 of 10,000 read one after another: where a full cache
 * makes room for every one, next to a cache large enough never to evict (the cost of a key without eviction).
 */
const sequentialInserts = Effect.gen(function* () {
  const cache = yield* QueryCache
  globalThis.gc?.() // the garbage of earlier runs is not this run's cost
  let start = 0
  for (let i = 0; i < keyCount; i++) {
    if (i === keyCount - rereadCount) start = cpuMs()
    yield* cache.fetch(balanceKey(i), Effect.succeed(i))
  }
  // ms per 1,000 keys is µs per key
  return { micros: cpuMs() - start, held: yield* heldBalances(cache) }
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
  const start = cpuMs()
  const reads = yield* Effect.forkChild(
    Effect.all(
      Array.from({ length: keyCount }, (_, i) => cache.fetch(balanceKey(i), upstream(i))),
      { concurrency: "unbounded", discard: true },
    ),
  )
  while (started < keyCount) yield* Effect.sleep("1 millis")
  const startMs = cpuMs() - start
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

const fresh = <A>(program: Effect.Effect<A, never, QueryCache>, cache = QueryCache.layer) =>
  Effect.runPromise(Effect.provide(program, cache))

const thousands = (n: number) => n.toLocaleString("en-US")

export const cacheAtScale = async () => {
  await fresh(sequentialInserts) // warm-up: the JIT has seen every path before anything is timed
  const full = await fresh(sequentialInserts)
  const roomy = await fresh(sequentialInserts, QueryCache.layerWithCapacity(2 * keyCount))
  console.log(
    `${thousands(keyCount)} new keys one after another, last ${thousands(rereadCount)}: ${full.micros.toFixed(1)} µs of CPU per key evicting one each (${thousands(full.held)} held after), ${roomy.micros.toFixed(1)} µs in a cache with room to spare`,
  )
  const burst = await fresh(concurrentBurst)
  console.log(
    `${thousands(keyCount)} concurrent first reads: all started in ${burst.startMs.toFixed(0)} ms of CPU; ${thousands(burst.inFlight)} keys held while fetching (heap +${burst.heapInFlight.toFixed(1)} MiB with the readers' fibers), ${thousands(burst.heldAfter)} held after`,
  )
  const reread = await fresh(rereadNewest)
  console.log(
    `re-reading the newest ${thousands(rereadCount)} of ${thousands(keyCount)} balances (supported chains read before each): ${(reread.hitRate * 100).toFixed(1)} % hits`,
  )
}
