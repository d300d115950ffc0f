import { Effect, Layer, Stream } from "effect"
import { TestClock } from "effect/testing"
import { ApiClient } from "../http/ApiClient"
import { ApiConfig } from "../http/ApiConfig"
import { type FetchStatus, QueryCache, type QueryKey } from "../http/QueryCache"

/** Base URL of unit tests; nock intercepts it, and with net connect disabled nothing leaves the process. */
export const testBaseUrl = "http://127.0.0.1:8799"
export const testProjectId = "test-project"
/** The SDK parameters every GET must carry (§7), with the §9 SDK version spelled out. */
export const testSdkQuery = { projectId: testProjectId, st: "appkit", sv: "2.17.2" } as const

/** ApiClient (fetch transport) + QueryCache on a TestClock, every API on `testBaseUrl`. */
export const apiTestLayer = Layer.mergeAll(
  ApiClient.layerFetch.pipe(Layer.provide(ApiConfig.fromBaseUrl(testBaseUrl, { projectId: testProjectId }))),
  QueryCache.layer,
  TestClock.layer(),
)

/** Runs a program needing the API base plus whatever `layer` (a client) adds on top of it. */
export const runWithApi = <A, E, S = never>(
  program: Effect.Effect<A, E, ApiClient | QueryCache | TestClock.TestClock | S>,
  layer?: Layer.Layer<S, never, ApiClient | QueryCache>,
): Promise<A> => {
  const client = (layer ?? Layer.empty) as Layer.Layer<S, never, ApiClient | QueryCache>
  return program.pipe(Effect.provide(Layer.provideMerge(client, apiTestLayer)), Effect.runPromise)
}

/**
 * Waits (on real I/O, not on time) until a key reaches a fetch status. Tests that move the TestClock past a
 * retry delay first wait for "paused", so the delay is scheduled before the clock moves.
 */
export const awaitFetchStatus = (key: QueryKey, status: FetchStatus) =>
  Effect.gen(function* () {
    const cache = yield* QueryCache
    const changes = yield* cache.changes(key)
    yield* Stream.runHead(Stream.filter(changes, (state) => state.fetchStatus === status))
  })
