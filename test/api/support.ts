import { ApiConfig, type ApiServices, apiLayer } from "@appkit/core/effect"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { Effect, Exit } from "effect"
import { afterAll, afterEach, beforeAll } from "vitest"

export const projectId = "integration-test"

/** One fixture API per test file, faults cleared after every test. */
export const useFixtureApi = (): (() => FixtureApi) => {
  let api: FixtureApi | undefined
  beforeAll(async () => {
    api = await startFixtureApi()
  })
  afterEach(() => api?.faults.clear())
  afterAll(() => api?.close())
  return () => {
    if (!api) throw new Error("fixture API not started")
    return api
  }
}

/**
 * Runs a program against the fixture API with the real clients (fetch transport, fresh query cache),
 * every request bounded by `timeoutMs`; resolves to the Exit so tests can assert on typed failures.
 */
export const runAgainst = <A, E>(
  api: FixtureApi,
  program: Effect.Effect<A, E, ApiServices>,
  timeoutMs = 5_000,
): Promise<Exit.Exit<A, E>> =>
  program.pipe(
    Effect.provide(apiLayer(ApiConfig.fromBaseUrl(api.url, { projectId, timeout: timeoutMs }))),
    Effect.exit,
    Effect.runPromise,
  )

/** The value of a successful run; a failure fails the test with its message. */
export const succeed = async <A, E>(exit: Promise<Exit.Exit<A, E>>): Promise<A> => {
  const result = await exit
  if (Exit.isSuccess(result)) return result.value
  throw new Error(`expected success, got ${String(result.cause)}`)
}

/** The typed error of a failed run (never a defect: a defect fails the test). */
export const failure = async <A, E>(exit: Promise<Exit.Exit<A, E>>): Promise<E> => {
  const result = await exit
  if (Exit.isSuccess(result)) throw new Error("expected a failure, got success")
  const error = Exit.findErrorOption(result)
  if (error._tag === "None") throw new Error(`expected a typed failure, got ${String(result.cause)}`)
  return error.value
}
