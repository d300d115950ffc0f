import { Clock, Duration, Effect, Semaphore } from "effect"
import type { StorageKey } from "../domain/storageKeys"
import { type Codec, persisted } from "../storage/keys"
import type { Storage } from "../storage/Storage"

interface Entry<V> {
  readonly timestamp: number
  readonly value: V
}

/** One lock per store (so it lives and dies with the instance's Storage), taken by every cache change. */
const locks = new WeakMap<Storage["Service"], Semaphore.Semaphore>()

/**
 * Changes a cache's entries one change at a time: cache writes run at once (balances of two accounts), and
 * a read-modify-write over entries read earlier would put back what the other just replaced.
 */
const updateCache = <S extends Codec>(
  key: StorageKey<S>,
  storage: Storage["Service"],
  change: (entries: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>> | undefined,
) => {
  const lock = locks.get(storage) ?? Semaphore.makeUnsafe(1)
  locks.set(storage, lock)
  const cache = persisted(key, storage)
  return lock.withPermits(1)(
    Effect.gen(function* () {
      const next = change(((yield* cache.read) ?? {}) as Readonly<Record<string, unknown>>)
      if (next !== undefined) yield* cache.write(next as S["Type"])
    }),
  )
}

/**
 * A read through one of the §3 storage caches (portfolio, native balance, name, identity): entries are
 * keyed by address (or name) and stamped with the Clock; a fresh entry answers without calling `fetch`,
 * so a reload within the §9 lifetime asks no server. Expired entries are dropped on the next write.
 */
export const cachedRead = <S extends Codec, V, E, R>(
  key: StorageKey<S>,
  storage: Storage["Service"],
  id: string,
  lifetime: Duration.Duration,
  fetch: Effect.Effect<V, E, R>,
  /** Fetch even when the entry is fresh: the data is known to have changed (a transaction of this account). */
  refresh = false,
): Effect.Effect<V, E, R> =>
  Effect.gen(function* () {
    const cache = persisted(key, storage)
    const now = yield* Clock.currentTimeMillis
    // An entry stamped in the future (the clock was set back since) is not trusted to be fresh.
    const fresh = (entry: Entry<V>) =>
      entry.timestamp <= now && now - entry.timestamp < Duration.toMillis(lifetime)
    const entries = ((yield* cache.read) ?? {}) as Readonly<Record<string, Entry<V>>>
    const hit = entries[id]
    if (!refresh && hit && fresh(hit)) return hit.value
    const value = yield* fetch
    yield* updateCache(key, storage, (latest) => ({
      ...Object.fromEntries(
        Object.entries(latest as Record<string, Entry<V>>).filter(([, entry]) => fresh(entry)),
      ),
      [id]: { timestamp: now, value },
    }))
    return value
  })

/** Drops one entry of a storage cache: what it holds is known to be stale (a name just registered). */
export const forgetCached = <S extends Codec>(key: StorageKey<S>, storage: Storage["Service"], id: string) =>
  updateCache(key, storage, (entries) => {
    if (!(id in entries)) return undefined
    const { [id]: _stale, ...kept } = entries
    return kept
  })
