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
  type Stream,
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

// min(1000·2^n, 30000) ms before retry n: exponential from 1 s, each delay capped.
const backoffSchedule = Schedule.exponential(Duration.seconds(1), 2).pipe(
  Schedule.modifyDelay((metadata) => Effect.succeed(Duration.min(metadata.output, QueryRetry.maxBackoff))),
)

export const serializeKey = (key: QueryKey): string => JSON.stringify(key)

interface Entry {
  readonly key: QueryKey
  readonly ref: SubscriptionRef.SubscriptionRef<QueryState>
  inFlight: Deferred.Deferred<unknown, unknown> | undefined
  lockedUntil: number
  /** Set by `invalidate`: the data stays observable but the next read fetches again. */
  stale: boolean
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
  static readonly layer: Layer.Layer<QueryCache> = Layer.effect(
    QueryCache,
    Effect.gen(function* () {
      const scope = yield* Effect.scope
      const { service, releaseWaiting } = makeQueryCache(scope)
      // Fetches run in this scope; when it closes they stop, and whoever still waits must be released.
      yield* Effect.addFinalizer(() => releaseWaiting)
      return service
    }),
  )
}

const makeQueryCache = (scope: Scope.Scope) => {
  const entries = new Map<string, Entry>()

  // Entries are created synchronously so two fibers reading a new key at once share one entry.
  const entryFor = (key: QueryKey): Entry => {
    const id = serializeKey(key)
    let entry = entries.get(id)
    if (entry === undefined) {
      // SubscriptionRef.make needs no services and cannot fail; running it here keeps entry creation atomic.
      entry = {
        key,
        ref: Effect.runSync(SubscriptionRef.make<QueryState>(initialQueryState)),
        inFlight: undefined,
        lockedUntil: 0,
        stale: false,
      }
      entries.set(id, entry)
    }
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
    return Option.isSome(state.data) && !entry.stale && now - state.dataUpdatedAt < Duration.toMillis(ttl)
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
        const entry = entryFor(key)
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
    state: (key) => SubscriptionRef.get(entryFor(key).ref),
    changes: (key) => Effect.sync(() => SubscriptionRef.changes(entryFor(key).ref)),
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
