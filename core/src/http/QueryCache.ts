import {
  Clock,
  Context,
  Deferred,
  Duration,
  Effect,
  Exit,
  Layer,
  Option,
  Schedule,
  type Scope,
  Stream,
  SubscriptionRef,
} from "effect"
import { CacheLifetime, QueryRetry } from "../config/constants"

/**
 * The query cache shared by every API client (§9): per-kind lifetimes, 3 retries with backoff
 * min(1000·2^n, 30000) ms, in-flight de-duplication (concurrent reads of one key make one upstream call)
 * and an observable status per key, in the pending/success/error + fetching/paused/idle shape skins know.
 */

/** The first element names the kind of data (it picks the lifetime); the rest identify the request. */
export type QueryKey = readonly [kind: string, ...parts: ReadonlyArray<string | number | boolean | undefined>]

export type QueryStatus = "pending" | "success" | "error"
/** `paused`: the last attempt failed and the next retry is waiting out its backoff delay. */
export type FetchStatus = "fetching" | "paused" | "idle"

export interface QueryState<A = unknown, E = unknown> {
  readonly status: QueryStatus
  readonly fetchStatus: FetchStatus
  readonly data: Option.Option<A>
  readonly error: Option.Option<E>
  /** Clock millis of the last success (meaningful once `data` is set). */
  readonly dataUpdatedAt: number
  /** Failed attempts of the current (or last) fetch. */
  readonly failureCount: number
}

export const initialQueryState: QueryState<never, never> = {
  status: "pending",
  fetchStatus: "idle",
  data: Option.none(),
  error: Option.none(),
  dataUpdatedAt: 0,
  failureCount: 0,
}

export interface QueryOptions {
  /** Overrides the lifetime of the key's kind. */
  readonly ttl?: Duration.Input | undefined
  /** Retries after the first failure; 3 unless set (0 for calls whose failure is final, e.g. 4xx answers). */
  readonly retries?: number | undefined
  /** Which failures are worth retrying (all unless set; the API clients retry only transient ones). */
  readonly retryWhile?: ((error: unknown) => boolean) | undefined
  /**
   * After a failed fetch, further reads fail at once with that same error for this long, without calling
   * upstream (the 30 s balance retry lock of §8).
   */
  readonly errorCooldown?: Duration.Input | undefined
}

/** §9 lifetimes by kind (the first element of a key); any other kind lives for `CacheLifetime.query`. */
export const lifetimeOf = (kind: string): Duration.Duration =>
  kind in CacheLifetime && kind !== "query"
    ? CacheLifetime[kind as keyof typeof CacheLifetime]
    : CacheLifetime.query

// min(1000·2^n, 30000) ms before retry n (0-based; `forever` counts the recurrences from 0).
const backoffSchedule = Schedule.forever.pipe(
  Schedule.modifyDelay((metadata) => Effect.succeed(QueryRetry.backoff(metadata.output))),
)

export const serializeKey = (key: QueryKey): string => JSON.stringify(key)

/**
 * How many keys the cache holds before it forgets some: an app reading balances, names and wallet pages
 * of many addresses must not grow without bound. Past the cap, expired keys go first, then the least
 * recently read; a key being fetched, observed or under an error lock is kept.
 */
export const defaultMaxEntries = 1000

interface Entry {
  readonly key: QueryKey
  readonly ref: SubscriptionRef.SubscriptionRef<QueryState>
  inFlight: Deferred.Deferred<unknown, unknown> | undefined
  lockedUntil: number
  /** Set by `invalidate`: the data stays observable but the next read fetches again. */
  stale: boolean
  /** The lifetime of the last read, so that eviction knows when the data expired. */
  ttlMillis: number
  /** Running `changes` streams: an observed key is never evicted (its observers would go deaf). */
  observers: number
}

export class QueryCache extends Context.Service<
  QueryCache,
  {
    /** The cached value while fresh; otherwise joins the in-flight fetch of the key or starts one. */
    readonly fetch: <A, E>(
      key: QueryKey,
      fetch: Effect.Effect<A, E>,
      options?: QueryOptions,
    ) => Effect.Effect<A, E>
    readonly state: (key: QueryKey) => Effect.Effect<QueryState>
    /** The key's current state, then every change. */
    readonly changes: (key: QueryKey) => Effect.Effect<Stream.Stream<QueryState>>
    /** Marks every key starting with `prefix` stale (and lifts error locks); observers keep their data. */
    readonly invalidate: (prefix: QueryKey | readonly [string]) => Effect.Effect<void>
  }
>()("appkit/QueryCache") {
  /** The cache holding at most about `maxEntries` keys (more only while every one of them is in use). */
  static readonly layerWithCapacity = (maxEntries: number): Layer.Layer<QueryCache> =>
    Layer.effect(
      QueryCache,
      Effect.gen(function* () {
        const { service, releaseWaiting } = makeQueryCache(yield* Effect.scope, maxEntries)
        // Fetches run in this scope; when it closes they stop, and whoever still waits must be released.
        yield* Effect.addFinalizer(() => releaseWaiting)
        return service
      }),
    )

  static readonly layer: Layer.Layer<QueryCache> = QueryCache.layerWithCapacity(defaultMaxEntries)
}

const makeQueryCache = (scope: Scope.Scope, maxEntries: number) => {
  // Insertion order is recency order: every read moves its key to the end (see `entryFor`).
  const entries = new Map<string, Entry>()

  const isEvictable = (entry: Entry, now: number) =>
    entry.inFlight === undefined && entry.observers === 0 && entry.lockedUntil <= now

  const isExpired = (entry: Entry, now: number) => {
    const state = SubscriptionRef.getUnsafe(entry.ref)
    return Option.isNone(state.data) || entry.stale || now - state.dataUpdatedAt >= entry.ttlMillis
  }

  /** Makes room for one more key: expired keys first, then the least recently read. */
  const evict = (now: number) => {
    if (entries.size < maxEntries) return
    for (const [id, entry] of entries)
      if (isEvictable(entry, now) && isExpired(entry, now)) entries.delete(id)
    for (const [id, entry] of entries) {
      if (entries.size < maxEntries) return
      if (isEvictable(entry, now)) entries.delete(id)
    }
  }

  // Entries are created synchronously so two fibers reading a new key at once share one entry.
  const entryFor = (key: QueryKey, now: number): Entry => {
    const id = serializeKey(key)
    let entry = entries.get(id)
    if (entry === undefined) {
      evict(now)
      // SubscriptionRef.make needs no services and cannot fail; running it here keeps entry creation atomic.
      entry = {
        key,
        ref: Effect.runSync(SubscriptionRef.make<QueryState>(initialQueryState)),
        inFlight: undefined,
        lockedUntil: 0,
        stale: false,
        ttlMillis: Duration.toMillis(lifetimeOf(key[0])),
        observers: 0,
      }
    } else entries.delete(id)
    entries.set(id, entry)
    return entry
  }

  const patch = (entry: Entry, change: Partial<QueryState>) =>
    SubscriptionRef.update(entry.ref, (state) => ({ ...state, ...change }))

  const run = <A, E>(
    entry: Entry,
    deferred: Deferred.Deferred<A, E>,
    fetch: Effect.Effect<A, E>,
    options?: QueryOptions,
  ) => {
    let failures = 0
    const attempt = patch(entry, { fetchStatus: "fetching" }).pipe(
      Effect.andThen(fetch),
      Effect.tapError(() => patch(entry, { fetchStatus: "paused", failureCount: ++failures })),
    )
    return attempt.pipe(
      Effect.retry({
        schedule: backoffSchedule,
        times: options?.retries ?? QueryRetry.retries,
        while: options?.retryWhile ?? (() => true),
      }),
      Effect.exit,
      Effect.flatMap((exit) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          if (Exit.isSuccess(exit)) {
            entry.stale = false
            yield* patch(entry, {
              status: "success",
              fetchStatus: "idle",
              data: Option.some(exit.value),
              error: Option.none(),
              dataUpdatedAt: now,
              failureCount: 0,
            })
          } else {
            const error = Option.getOrUndefined(Exit.findErrorOption(exit))
            entry.lockedUntil =
              options?.errorCooldown === undefined ? 0 : now + Duration.toMillis(options.errorCooldown)
            yield* patch(entry, { status: "error", fetchStatus: "idle", error: Option.fromNullishOr(error) })
          }
          entry.inFlight = undefined
          yield* Deferred.done(deferred, exit)
        }),
      ),
    )
  }

  const isFresh = (entry: Entry, state: QueryState, now: number, options?: QueryOptions) => {
    const ttl = options?.ttl === undefined ? lifetimeOf(entry.key[0]) : Duration.fromInputUnsafe(options.ttl)
    entry.ttlMillis = Duration.toMillis(ttl)
    return Option.isSome(state.data) && !entry.stale && now - state.dataUpdatedAt < entry.ttlMillis
  }

  const releaseWaiting = Effect.suspend(() =>
    Effect.forEach(
      [...entries.values()],
      (entry) => (entry.inFlight === undefined ? Effect.void : Deferred.interrupt(entry.inFlight)),
      { discard: true },
    ),
  )

  const service: QueryCache["Service"] = {
    fetch: <A, E>(key: QueryKey, fetch: Effect.Effect<A, E>, options?: QueryOptions) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const entry = entryFor(key, now)
        const state = SubscriptionRef.getUnsafe(entry.ref)
        if (isFresh(entry, state, now, options)) return Effect.succeed(Option.getOrThrow(state.data) as A)
        if (entry.lockedUntil > now && Option.isSome(state.error)) return Effect.fail(state.error.value as E)
        // Check-and-set without a yield in between: this is what makes concurrent reads share one fetch.
        if (entry.inFlight !== undefined) return Deferred.await(entry.inFlight as Deferred.Deferred<A, E>)
        const deferred = Deferred.makeUnsafe<A, E>()
        entry.inFlight = deferred as Deferred.Deferred<unknown, unknown>
        // The fetch runs in the cache's scope, so a caller giving up does not cancel it for the others.
        return run(entry, deferred, fetch, options).pipe(
          Effect.forkIn(scope),
          Effect.andThen(Deferred.await(deferred)),
        )
      }),
    // Reading a state does not create (or refresh) its key: only fetches and observers keep keys alive.
    state: (key) =>
      Effect.sync(() => {
        const entry = entries.get(serializeKey(key))
        return entry === undefined ? initialQueryState : SubscriptionRef.getUnsafe(entry.ref)
      }),
    changes: (key) =>
      Effect.succeed(
        Stream.unwrap(
          Effect.acquireRelease(
            Effect.flatMap(Clock.currentTimeMillis, (now) =>
              Effect.sync(() => {
                const entry = entryFor(key, now)
                entry.observers++
                return entry
              }),
            ),
            (entry) => Effect.sync(() => entry.observers--),
          ).pipe(Effect.map((entry) => SubscriptionRef.changes(entry.ref))),
        ),
      ),
    invalidate: (prefix) =>
      Effect.sync(() => {
        for (const entry of entries.values()) {
          if (prefix.every((part, index) => entry.key[index] === part)) {
            entry.lockedUntil = 0
            entry.stale = true
          }
        }
      }),
  }
  return { service, releaseWaiting }
}
