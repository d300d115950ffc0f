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
import { CacheLedger, type Slot } from "./CacheLedger"

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
  // Own keys only: `in` would also find "toString", "constructor", ... on the object's prototype.
  Object.hasOwn(CacheLifetime, kind) ? CacheLifetime[kind as keyof typeof CacheLifetime] : CacheLifetime.query

/** The wait a failure's source asked for before a retry (an HttpStatusError's Retry-After), if any. */
const askedWait = (error: unknown): number => {
  const wait = (error as { readonly retryAfterMillis?: unknown } | undefined)?.retryAfterMillis
  return typeof wait === "number" ? wait : 0
}

/**
 * min(1000·2^n, 30000) ms before retry n (0-based; `forever` counts the recurrences from 0), or the longer wait
 * the failure's server asked for: the query retries' pause, and the embedded wallet's while its site is down.
 */
export const backoffSchedule = Schedule.forever.pipe(
  Schedule.modifyDelay((metadata) =>
    Effect.succeed(
      Duration.max(QueryRetry.backoff(metadata.output), Duration.millis(askedWait(metadata.input))),
    ),
  ),
)

export const serializeKey = (key: QueryKey): string => JSON.stringify(key)

/**
 * How many keys of each kind the cache holds before it forgets some: an app reading balances, names and
 * wallet pages of many addresses must not grow without bound. The cap is per kind (see `CacheLedger` for
 * why); past it a kind's keys without usable data go first, then its oldest answer if expired, then its
 * least recently read key. A key being fetched or under an error lock counts against the cap and is kept;
 * when every counted key of a kind is in use, a read of a new key of that kind is answered (with the same
 * retries) but not kept, so a burst of distinct keys cannot make the cache outgrow its cap. Observed keys
 * are held for their observers outside the cap, bounded by the subscriptions the app keeps open.
 */
export const defaultMaxEntries = 1000

interface Entry extends Slot {
  readonly key: QueryKey
  readonly ref: SubscriptionRef.SubscriptionRef<QueryState>
  inFlight: Deferred.Deferred<unknown, unknown> | undefined
  /** Bumped by `invalidate`: a fetch started before it answers its own readers but no longer sets the state. */
  generation: number
  /** Set by `invalidate`: the data stays observable but the next read fetches again. */
  stale: boolean
  /** The lifetime of the last read, so that eviction knows when the data expired. */
  ttlMillis: number
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
    /** Keys of one kind held now: `counted` against the cap, `observed` held for their observers. */
    readonly size: (kind: string) => Effect.Effect<{ readonly counted: number; readonly observed: number }>
  }
>()("appkit/QueryCache") {
  /** The cache holding at most `maxEntries` keys of each kind, plus the keys being observed. */
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

/** Runs `attempt` under the §9 retry policy; each attempt is told how many failed before it. */
const withRetries = <A, E>(
  attempt: (failures: number) => Effect.Effect<A, E>,
  options?: QueryOptions,
): Effect.Effect<A, E> =>
  Effect.suspend(() => {
    let failures = 0
    return Effect.suspend(() => attempt(failures)).pipe(
      Effect.tapError(() => Effect.sync(() => failures++)),
      Effect.retry({
        schedule: backoffSchedule,
        times: options?.retries ?? QueryRetry.retries,
        while: options?.retryWhile ?? (() => true),
      }),
    )
  })

const makeQueryCache = (scope: Scope.Scope, maxEntries: number) => {
  const isUsable = (entry: Entry) => {
    const state = SubscriptionRef.getUnsafe(entry.ref)
    return state.status === "success" && !entry.stale
  }
  const ledger = new CacheLedger<Entry>(maxEntries, {
    usable: isUsable,
    expired: (entry, now) => now - SubscriptionRef.getUnsafe(entry.ref).dataUpdatedAt >= entry.ttlMillis,
  })

  /** A new entry, pinned for the fetch or the observer that creates it. */
  const addEntry = (key: QueryKey, id: string, observed: boolean): Entry => {
    const entry: Entry = {
      id,
      kind: key[0],
      key,
      // SubscriptionRef.make needs no services and cannot fail; running it here keeps creation atomic.
      ref: Effect.runSync(SubscriptionRef.make<QueryState>(initialQueryState)),
      inFlight: undefined,
      generation: 0,
      lockedUntil: 0,
      stale: false,
      ttlMillis: Duration.toMillis(lifetimeOf(key[0])),
      pins: 0,
      observers: 0,
      gone: false,
    }
    ledger.add(entry, observed)
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
    const generation = entry.generation
    // A fetch superseded by `invalidate` leaves the key's status to the fetch that replaced it.
    const report = (change: Partial<QueryState>) =>
      generation === entry.generation ? patch(entry, change) : Effect.void
    return withRetries(
      (failures) =>
        report({ fetchStatus: "fetching" }).pipe(
          Effect.andThen(fetch),
          Effect.tapError(() => report({ fetchStatus: "paused", failureCount: failures + 1 })),
        ),
      options,
    ).pipe(
      Effect.exit,
      Effect.flatMap((exit) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          if (generation !== entry.generation) {
            // Invalidated meanwhile: the answer may predate what made the data stale.
          } else if (Exit.isSuccess(exit)) {
            entry.stale = false
            ledger.unlock(entry)
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
            if (options?.errorCooldown === undefined) ledger.unlock(entry)
            else {
              entry.lockedUntil = now + Duration.toMillis(options.errorCooldown)
              ledger.lock(entry)
            }
            yield* patch(entry, { status: "error", fetchStatus: "idle", error: Option.fromNullishOr(error) })
          }
          if (entry.inFlight === deferred) entry.inFlight = undefined
          ledger.unpin(entry)
          yield* Deferred.done(deferred, exit)
        }),
      ),
      // The cache shutting down stops this fetch: its readers are released (an invalidated one's too).
      Effect.onInterrupt(() => Deferred.interrupt(deferred)),
    )
  }

  const isFresh = (entry: Entry, state: QueryState, now: number, options?: QueryOptions) => {
    const ttl = options?.ttl === undefined ? lifetimeOf(entry.key[0]) : Duration.fromInputUnsafe(options.ttl)
    entry.ttlMillis = Duration.toMillis(ttl)
    return Option.isSome(state.data) && !entry.stale && now - state.dataUpdatedAt < entry.ttlMillis
  }

  /** Starts a fetch of a held entry in the cache's scope, so a caller giving up does not cancel it for the others. */
  const startFetch = <A, E>(entry: Entry, fetch: Effect.Effect<A, E>, options?: QueryOptions) => {
    const deferred = Deferred.makeUnsafe<A, E>()
    entry.inFlight = deferred as Deferred.Deferred<unknown, unknown>
    return run(entry, deferred, fetch, options).pipe(
      Effect.forkIn(scope, { startImmediately: true }),
      Effect.andThen(Deferred.await(deferred)),
    )
  }

  const releaseWaiting = Effect.suspend(() =>
    Effect.forEach(
      [...ledger.slots()],
      (entry) => (entry.inFlight === undefined ? Effect.void : Deferred.interrupt(entry.inFlight)),
      { discard: true },
    ),
  )

  const service: QueryCache["Service"] = {
    fetch: <A, E>(key: QueryKey, fetch: Effect.Effect<A, E>, options?: QueryOptions) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const id = serializeKey(key)
        const held = ledger.get(id)
        if (held === undefined) {
          // Everything below happens without a yield, so concurrent first reads of a key share one entry.
          if (!ledger.admit(key[0], now)) return withRetries(() => fetch, options)
          const entry = addEntry(key, id, false)
          return startFetch(entry, fetch, options)
        }
        ledger.touch(held)
        const state = SubscriptionRef.getUnsafe(held.ref)
        if (isFresh(held, state, now, options)) return Effect.succeed(Option.getOrThrow(state.data) as A)
        if (held.lockedUntil > now && Option.isSome(state.error)) return Effect.fail(state.error.value as E)
        // Check-and-set without a yield in between: this is what makes concurrent reads share one fetch.
        if (held.inFlight !== undefined) return Deferred.await(held.inFlight as Deferred.Deferred<A, E>)
        ledger.pin(held)
        return startFetch(held, fetch, options)
      }),
    // Reading a state does not create (or refresh) its key: only fetches and observers keep keys alive.
    state: (key) =>
      Effect.sync(() => {
        const entry = ledger.get(serializeKey(key))
        return entry === undefined ? initialQueryState : SubscriptionRef.getUnsafe(entry.ref)
      }),
    changes: (key) =>
      Effect.succeed(
        Stream.unwrap(
          Effect.acquireRelease(
            Effect.sync(() => {
              const id = serializeKey(key)
              const held = ledger.get(id)
              if (held === undefined) return addEntry(key, id, true)
              ledger.observe(held)
              return held
            }),
            (entry) =>
              Effect.flatMap(Clock.currentTimeMillis, (now) =>
                Effect.sync(() => ledger.unobserve(entry, now)),
              ),
          ).pipe(Effect.map((entry) => SubscriptionRef.changes(entry.ref))),
        ),
      ),
    invalidate: (prefix) =>
      Effect.sync(() => {
        for (const entry of ledger.slots()) {
          if (prefix.every((part, index) => entry.key[index] === part)) {
            ledger.unlock(entry)
            entry.stale = true
            entry.generation++
            entry.inFlight = undefined
            ledger.spoil(entry)
          }
        }
      }),
    size: (kind) => Effect.sync(() => ledger.size(kind)),
  }
  return { service, releaseWaiting }
}
