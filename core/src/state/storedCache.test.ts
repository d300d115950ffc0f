import { Duration, Effect } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { StorageKeys } from "../domain/storageKeys"
import { fromMap } from "../storage/Storage"
import { cachedRead, forgetCached } from "./storedCache"

const ACCOUNT = "eip155:1:0x00000000000000000000000000000000000000a1"
const lifetime = Duration.seconds(30)

/** Reads the native balance of ACCOUNT through the cache over `map`, the node answering `fresh`. */
const read = (map: Map<string, string>, fresh: string) => {
  let fetched = 0
  const value = cachedRead(
    StorageKeys.nativeBalanceCache,
    fromMap(map),
    ACCOUNT,
    lifetime,
    Effect.sync(() => {
      fetched += 1
      return { balance: fresh, symbol: "ETH" }
    }),
  )
  return Effect.map(value, (answer) => ({ balance: answer.balance, fetched }))
}

const stored = (timestamp: number) =>
  new Map([
    [
      StorageKeys.nativeBalanceCache.key,
      JSON.stringify({ [ACCOUNT]: { timestamp, value: { balance: "1.5", symbol: "ETH" } } }),
    ],
  ])

const runTest = <A>(program: Effect.Effect<A>) =>
  Effect.runPromise(program.pipe(Effect.provide(TestClock.layer())))

describe("the stored caches (cachedRead)", () => {
  it("answers from an entry within its lifetime, to the millisecond, and fetches once it has expired", async () => {
    const result = await runTest(
      Effect.gen(function* () {
        yield* TestClock.setTime(1_000_000)
        const within = yield* read(stored(1_000_000 - 29_999), "2")
        const expired = yield* read(stored(1_000_000 - 30_000), "2")
        return { within, expired }
      }),
    )
    expect(result).toEqual({ within: { balance: "1.5", fetched: 0 }, expired: { balance: "2", fetched: 1 } })
  })

  it("does not trust an entry stamped in the future (a clock set back since): it fetches again", async () => {
    const result = await runTest(
      Effect.gen(function* () {
        yield* TestClock.setTime(1_000_000)
        return yield* read(stored(1_000_000 + 24 * 3600_000), "2")
      }),
    )
    expect(result).toEqual({ balance: "2", fetched: 1 })
  })
})

describe("concurrent cache writes", () => {
  it("loses no entry when two reads of different accounts write the cache at once", async () => {
    const OTHER = "eip155:1:0x00000000000000000000000000000000000000b2"
    const map = new Map<string, string>()
    // A store that answers on a later turn (a file, IndexedDB): a read and a write do not run back to back.
    const memory = fromMap(map)
    const storage = {
      ...memory,
      get: (key: string) => Effect.andThen(Effect.yieldNow, memory.get(key)),
      set: (key: string, value: string) => Effect.andThen(Effect.yieldNow, memory.set(key, value)),
    }
    const readOf = (id: string, balance: string) =>
      cachedRead(
        StorageKeys.nativeBalanceCache,
        storage,
        id,
        lifetime,
        Effect.as(Effect.yieldNow, { balance, symbol: "ETH" }),
      )
    await runTest(
      Effect.gen(function* () {
        yield* TestClock.setTime(1_000_000)
        yield* Effect.all(
          [
            readOf(ACCOUNT, "1"),
            readOf(OTHER, "2"),
            forgetCached(StorageKeys.nativeBalanceCache, storage, "x"),
          ],
          {
            concurrency: "unbounded",
          },
        )
      }),
    )
    const entries = JSON.parse(map.get(StorageKeys.nativeBalanceCache.key) ?? "{}")
    expect(Object.keys(entries).sort()).toEqual([ACCOUNT, OTHER].sort())
  })
})

describe("forgetCached", () => {
  it("drops one entry, so the next read asks again while the others still answer", async () => {
    const OTHER = "eip155:1:0x00000000000000000000000000000000000000b2"
    const map = stored(1_000_000)
    const entries = JSON.parse(map.get(StorageKeys.nativeBalanceCache.key) ?? "{}")
    map.set(StorageKeys.nativeBalanceCache.key, JSON.stringify({ ...entries, [OTHER]: entries[ACCOUNT] }))
    const result = await runTest(
      Effect.gen(function* () {
        yield* TestClock.setTime(1_000_000)
        yield* forgetCached(StorageKeys.nativeBalanceCache, fromMap(map), ACCOUNT)
        const left = Object.keys(JSON.parse(map.get(StorageKeys.nativeBalanceCache.key) ?? "{}"))
        return { left, read: yield* read(map, "2") }
      }),
    )
    expect(result).toEqual({ left: [OTHER], read: { balance: "2", fetched: 1 } })
  })
})
