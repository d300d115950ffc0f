import { Readable } from "node:stream"
import { type Duration, Effect, Fiber, Layer, Result, Schema } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { HttpStatusError, HttpTimeoutError, HttpTransportError, ResponseDecodeError } from "../errors/http"
import { awaitFetchStatus, runWithApi, testBaseUrl, testProjectId, testSdkQuery } from "../testing/http"
import { ApiClient, apiQueryOptions, isTransientApiError } from "./ApiClient"
import { ApiConfig } from "./ApiConfig"
import { QueryCache, type QueryKey } from "./QueryCache"

const Answer = Schema.Struct({ value: Schema.Number })

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

const json = <S extends Schema.Top & { readonly DecodingServices: never }>(
  request: Parameters<ApiClient["Service"]["json"]>[0],
  schema: S,
) => Effect.flatMap(ApiClient, (api) => api.json(request, schema))

describe("ApiClient", () => {
  it("adds projectId, st and sv to every GET and decodes the body", async () => {
    const scope = nock(testBaseUrl)
      .get("/v1/thing")
      .matchHeader("accept", "application/json")
      .query({ ...testSdkQuery, chainId: "eip155:1", list: "a,b" })
      .reply(200, { value: 3, extra: "ignored" })
    const answer = await runWithApi(
      json(
        {
          method: "GET",
          baseUrl: testBaseUrl,
          path: "/v1/thing",
          params: { chainId: "eip155:1", list: ["a", "b"], none: undefined },
        },
        Answer,
      ),
    )
    expect(answer).toEqual({ value: 3 })
    expect(scope.isDone()).toBe(true)
  })

  it("sends no trace headers, which a browser would have to preflight and APIs do not allow", async () => {
    let headers: Record<string, unknown> = {}
    nock(testBaseUrl)
      .get("/v1/thing")
      .query(true)
      .reply(function () {
        headers = this.req.headers
        return [200, { value: 1 }]
      })
    await runWithApi(json({ method: "GET", baseUrl: testBaseUrl, path: "/v1/thing" }, Answer))
    expect(Object.keys(headers)).not.toContain("traceparent")
    expect(Object.keys(headers)).not.toContain("b3")
  })

  it("sends JSON bodies with POST, PUT and DELETE", async () => {
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const scope = nock(testBaseUrl)
        .intercept("/v1/thing", method, { a: 1 })
        .matchHeader("content-type", /application\/json/)
        .reply(200, { value: 1 })
      await runWithApi(json({ method, baseUrl: testBaseUrl, path: "/v1/thing", body: { a: 1 } }, Answer))
      expect(scope.isDone()).toBe(true)
    }
  })

  it("adds the clientId to every method once known, but never tells a third-party service", async () => {
    const withClientId = ApiClient.layerFetch.pipe(
      Layer.provide(ApiConfig.fromBaseUrl(testBaseUrl, { projectId: testProjectId, clientId: "client-1" })),
    )
    const call = (request: Parameters<ApiClient["Service"]["json"]>[0]) =>
      json(request, Answer).pipe(Effect.provide(withClientId), Effect.runPromise)
    const get = nock(testBaseUrl)
      .get("/v1/thing")
      .query({ ...testSdkQuery, clientId: "client-1" })
      .reply(200, { value: 1 })
    await call({ method: "GET", baseUrl: testBaseUrl, path: "/v1/thing" })
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const scope = nock(testBaseUrl)
        .intercept("/v1/thing", method, { a: 1 })
        .query({ clientId: "client-1" })
        .reply(200, { value: 1 })
      await call({ method, baseUrl: testBaseUrl, path: "/v1/thing", body: { a: 1 } })
      expect(scope.isDone()).toBe(true)
    }
    const thirdParty = nock(testBaseUrl).get("/api/utxo").query({}).reply(200, { value: 1 })
    await call({ method: "GET", baseUrl: testBaseUrl, path: "/api/utxo", sdkParams: false })
    expect([get.isDone(), thirdParty.isDone()]).toEqual([true, true])
  })

  it("maps a non-OK answer to 'HTTP status code: {n}' carrying status and body", async () => {
    nock(testBaseUrl).get("/v1/thing").query(true).reply(503, "upstream down")
    const error = await runWithApi(
      Effect.flip(json({ method: "GET", baseUrl: testBaseUrl, path: "/v1/thing" }, Answer)),
    )
    expect(error).toMatchObject({ _tag: "HttpStatusError", status: 503, body: "upstream down" })
    expect(error.message).toBe("HTTP status code: 503")
  })

  it("turns malformed JSON and wrong shapes into a typed decode error", async () => {
    nock(testBaseUrl)
      .get("/bad")
      .query(true)
      .reply(200, "{not json")
      .get("/wrong")
      .query(true)
      .reply(200, { value: "3" })
    const errors = await runWithApi(
      Effect.all([
        Effect.flip(json({ method: "GET", baseUrl: testBaseUrl, path: "/bad" }, Answer)),
        Effect.flip(json({ method: "GET", baseUrl: testBaseUrl, path: "/wrong" }, Answer)),
      ]),
    )
    expect(errors.map((e) => e._tag)).toEqual(["ResponseDecodeError", "ResponseDecodeError"])
    expect(errors[1]?.message).toContain(`${testBaseUrl}/wrong`)
  })

  it("sends bigints as decimal strings and fails typed, without a request, on a body JSON cannot hold", async () => {
    const scope = nock(testBaseUrl)
      .post("/v1/thing", { amount: "12345678901234567890" })
      .query(true)
      .reply(200, { value: 1 })
    const body = { amount: 12345678901234567890n }
    await runWithApi(json({ method: "POST", baseUrl: testBaseUrl, path: "/v1/thing", body }, Answer))
    expect(scope.isDone()).toBe(true)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const error = await runWithApi(
      Effect.flip(json({ method: "POST", baseUrl: testBaseUrl, path: "/v1/thing", body: cyclic }, Answer)),
    )
    expect(error).toMatchObject({ _tag: "HttpTransportError" })
    expect(error.message).toMatch(/request body is not JSON/)
  })

  it("turns a dropped connection into a typed transport error", async () => {
    nock(testBaseUrl).get("/drop").query(true).replyWithError("socket hang up")
    const error = await runWithApi(
      Effect.flip(json({ method: "GET", baseUrl: testBaseUrl, path: "/drop" }, Answer)),
    )
    expect(error._tag).toBe("HttpTransportError")
  })

  it("gives up after the configured timeout", async () => {
    nock(testBaseUrl).get("/slow").query(true).delay(60_000).reply(200, { value: 1 })
    const error = await runWithApi(
      Effect.gen(function* () {
        const pending = yield* Effect.forkChild(
          Effect.flip(json({ method: "GET", baseUrl: testBaseUrl, path: "/slow" }, Answer)),
        )
        yield* TestClock.adjust("10 seconds")
        return yield* Fiber.join(pending)
      }),
    )
    expect(error).toMatchObject({ _tag: "HttpTimeoutError", timeoutMillis: 10_000 })
  })

  it("returns binary bodies with their content type", async () => {
    nock(testBaseUrl)
      .get("/img")
      .matchHeader("accept", "*/*")
      .query(true)
      .reply(200, Buffer.from([1, 2, 3]), { "content-type": "image/png" })
    const body = await runWithApi(
      Effect.flatMap(ApiClient, (api) => api.binary({ method: "GET", baseUrl: testBaseUrl, path: "/img" })),
    )
    expect(body.contentType).toBe("image/png")
    expect([...body.bytes]).toEqual([1, 2, 3])
  })
})

describe("retry rule of cached API reads", () => {
  /** A cached read of /v1/thing under the API's retry rule. */
  const cachedRead = (key: QueryKey) =>
    Effect.gen(function* () {
      const api = yield* ApiClient
      const cache = yield* QueryCache
      const request = api.json({ method: "GET", baseUrl: testBaseUrl, path: "/v1/thing" }, Answer)
      return yield* cache.fetch(key, request, apiQueryOptions(api.config))
    })

  /**
   * The server answers `status` once, then 200; the test clock skips the 1 s backoff a retry waits out.
   * A read that retries answers from the second reply; one that does not fails with the first.
   */
  const firstAnswered = (status: number) =>
    runWithApi(
      Effect.gen(function* () {
        // nock answers in the order replies are set up.
        nock(testBaseUrl).get("/v1/thing").query(true).reply(status, "first answer")
        const second = nock(testBaseUrl).get("/v1/thing").query(true).reply(200, { value: 1 })
        const key: QueryKey = ["retry-rule", status]
        const read = yield* Effect.forkChild(Effect.result(cachedRead(key)))
        yield* awaitFetchStatus(key, "paused")
        yield* TestClock.adjust("1 second")
        const result = yield* Fiber.join(read)
        return { result, retried: second.isDone() }
      }),
    )

  it.each([500, 501, 502, 503, 504, 599, 429])("retries a %d and answers from the retry", async (status) => {
    const { retried, result } = await firstAnswered(status)
    expect(result).toEqual(Result.succeed({ value: 1 }))
    expect(retried).toBe(true)
  })

  /**
   * The server answers `status` with `Retry-After: {retryAfter}` once, then 200. `waits` are the steps of the test
   * clock after the first answer; `retriedAfter` tells, after each, whether the retry has been sent yet.
   */
  const answeredAfter = (status: number, retryAfter: string, waits: ReadonlyArray<Duration.Input>) =>
    runWithApi(
      Effect.gen(function* () {
        nock(testBaseUrl)
          .get("/v1/thing")
          .query(true)
          .reply(status, "slow down", { "retry-after": retryAfter })
        const second = nock(testBaseUrl).get("/v1/thing").query(true).reply(200, { value: 1 })
        const key: QueryKey = ["retry-after", status, retryAfter]
        const read = yield* Effect.forkChild(Effect.result(cachedRead(key)))
        yield* Effect.yieldNow
        yield* awaitFetchStatus(key, "paused").pipe(Effect.timeoutOption("1 second"), TestClock.withLive)
        const retriedAfter: Array<boolean> = []
        for (const wait of waits) {
          yield* TestClock.adjust(wait)
          retriedAfter.push(second.isDone())
        }
        return { retriedAfter, result: yield* Fiber.join(read) }
      }),
    )

  it("waits out a 429's Retry-After before its retry, not the 1 s backoff", async () => {
    const { retriedAfter, result } = await answeredAfter(429, "5", ["1 second", "3999 millis", "1 millis"])
    expect(retriedAfter).toEqual([false, false, true])
    expect(result).toEqual(Result.succeed({ value: 1 }))
  })

  it("a 503 whose Retry-After is within the longest backoff (30 s) is retried then; past it, fails at once", async () => {
    const within = await answeredAfter(503, "30", ["29999 millis", "1 millis"])
    expect(within.retriedAfter).toEqual([false, true])
    const past = await answeredAfter(429, "31", [])
    const error = Result.isFailure(past.result) ? past.result.failure : undefined
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ status: 429, retryAfterMillis: 31_000 })
    expect(error?.message).toBe("HTTP status code: 429")
  })

  it.each([400, 401, 403, 404, 408, 428, 430, 499])(
    "fails a %d at once with 'HTTP status code: {n}', since a retry cannot fix it",
    async (status) => {
      const { retried, result } = await firstAnswered(status)
      const error = Result.isFailure(result) ? result.failure : undefined
      expect(error).toBeInstanceOf(HttpStatusError)
      expect(error?.message).toBe(`HTTP status code: ${status}`)
      expect(retried).toBe(false)
    },
  )

  it("counts a status as transient exactly when it is 5xx or 429", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const transient = (status >= 500 && status <= 599) || status === 429
        expect(isTransientApiError(new HttpStatusError({ status }))).toBe(transient)
      }),
      { numRuns: 300 },
    )
  })

  it("retries a dropped connection and a timeout, never a body it cannot decode or a non-error", () => {
    expect(isTransientApiError(new HttpTransportError({ url: testBaseUrl, reason: "socket hang up" }))).toBe(
      true,
    )
    expect(isTransientApiError(new HttpTimeoutError({ url: testBaseUrl, timeoutMillis: 10_000 }))).toBe(true)
    expect(isTransientApiError(new ResponseDecodeError({ url: testBaseUrl, issue: "bad" }))).toBe(false)
    for (const other of [undefined, null, "HttpTransportError", { status: 503 }, new Error("down")]) {
      expect(isTransientApiError(other)).toBe(false)
    }
  })
})

describe("URLs, status range and broken transports", () => {
  const get = (path: string) => ({ method: "GET", baseUrl: testBaseUrl, path }) as const

  it("treats 2xx as OK and 300 as a failure, even without a redirect to follow", async () => {
    nock(testBaseUrl).get("/edge").query(true).reply(299, { value: 299 })
    expect(await runWithApi(json(get("/edge"), Answer))).toEqual({ value: 299 })
    nock(testBaseUrl).get("/edge").query(true).reply(300, "choices")
    const error = await runWithApi(Effect.flip(json(get("/edge"), Answer)))
    expect(error).toMatchObject({ _tag: "HttpStatusError", status: 300, body: "choices" })
  })

  it("sends a GET without a body or a content type", async () => {
    const scope = nock(testBaseUrl)
      .get("/plain", (body) => body === "")
      .matchHeader("content-type", (value) => value === undefined)
      .query(true)
      .reply(200, { value: 1 })
    await runWithApi(json(get("/plain"), Answer))
    expect(scope.isDone()).toBe(true)
  })

  it("words a transport failure with up to three of its causes", async () => {
    const cause = new Error("first", {
      cause: new Error("second", { cause: new Error("third", { cause: new Error("fourth") }) }),
    })
    const cases: ReadonlyArray<readonly [string | object, string]> = [
      [cause, "first: second: third"],
      ["socket hang up", "socket hang up"],
      // No Error among the causes: the client's own name for the failure is all there is to say.
      [{ code: "ECONNRESET" }, "TransportError"],
    ]
    for (const [reply, reason] of cases) {
      nock(testBaseUrl).get("/drop").query(true).replyWithError(reply)
      const error = await runWithApi(Effect.flip(json(get("/drop"), Answer)))
      expect(error).toBeInstanceOf(HttpTransportError)
      expect(error.message).toBe(`Network request failed: ${testBaseUrl}/drop (${reason})`)
    }
  })

  /** A body that breaks off after a few bytes, as a dropped connection does. */
  const cutOff = () =>
    new Readable({
      read() {
        this.push("partial")
        this.destroy(new Error("body cut off"))
      },
    })

  it("fails typed when the body breaks off, whichever way the answer is read", async () => {
    const reads = [
      (api: ApiClient["Service"]) => json(get("/cut"), Answer).pipe(Effect.provideService(ApiClient, api)),
      (api: ApiClient["Service"]) => api.send(get("/cut")),
      (api: ApiClient["Service"]) => api.binary(get("/cut")),
    ]
    for (const read of reads) {
      nock(testBaseUrl).get("/cut").query(true).reply(200, cutOff)
      const error = await runWithApi(Effect.flip(Effect.flatMap(ApiClient, read)))
      expect(error).toMatchObject({ _tag: "HttpTransportError", reason: "body cut off" })
    }
    nock(testBaseUrl).get("/cut").query(true).reply(500, cutOff)
    const status = await runWithApi(Effect.flip(json(get("/cut"), Answer)))
    expect(status).toEqual(new HttpStatusError({ status: 500, url: `${testBaseUrl}/cut`, body: "" }))
  })

  it("calls a binary body without a content type application/octet-stream", async () => {
    nock(testBaseUrl)
      .get("/raw")
      .query(true)
      .reply(200, Buffer.from([7]))
    const body = await runWithApi(Effect.flatMap(ApiClient, (api) => api.binary(get("/raw"))))
    expect(body.contentType).toBe("application/octet-stream")
  })
})
