import { Clock, Duration, Effect } from "effect"
import type { StorageKey } from "../domain/storageKeys"
import { type Codec, persisted } from "../storage/keys"
import type { Storage } from "../storage/Storage"

interface Entry<V> {
  readonly timestamp: number
  readonly value: V
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
    const kept = Object.fromEntries(Object.entries(entries).filter(([, entry]) => fresh(entry)))
    yield* cache.write({ ...kept, [id]: { timestamp: now, value } } as S["Type"])
    return value
  })

/** Drops one entry of a storage cache: what it holds is known to be stale (a name just registered). */
export const forgetCached = <S extends Codec>(key: StorageKey<S>, storage: Storage["Service"], id: string) =>
  Effect.gen(function* () {
    const cache = persisted(key, storage)
    const entries = ((yield* cache.read) ?? {}) as Readonly<Record<string, unknown>>
    if (!(id in entries)) return
    const { [id]: _stale, ...kept } = entries
    yield* cache.write(kept as S["Type"])
  })
