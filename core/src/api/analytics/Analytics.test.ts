import { Effect } from "effect"
import { TestClock } from "effect/testing"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { runWithApi, testBaseUrl, testSdkQuery } from "../../testing/http"
import { Analytics, type AnalyticsOptions } from "./Analytics"

const page = { url: "https://app.example/shop", domain: "app.example" }
const withAnalytics = <A, E>(
  options: AnalyticsOptions,
  f: (analytics: Analytics["Service"]) => Effect.Effect<A, E, TestClock.TestClock>,
) => runWithApi(Effect.flatMap(Analytics, f), Analytics.layer(options))

/** Records every POST /e body. */
const collector = (status = 200) => {
  const bodies: Array<Record<string, unknown>> = []
  nock(testBaseUrl)
    .post("/e")
    .query(testSdkQuery)
    .times(100)
    .reply((_uri, body) => {
      bodies.push(body as Record<string, unknown>)
      return [status, ""]
    })
  return bodies
}

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("Analytics", () => {
  it("posts events with eventId, url, domain, timestamp and props including the address", async () => {
    const bodies = collector()
    await withAnalytics({ enabled: true, ...page }, (analytics) =>
      Effect.gen(function* () {
        yield* TestClock.setTime(1_700_000_000_000)
        yield* analytics.sendEvent({
          event: "MODAL_OPEN",
          properties: { connected: false },
          address: "0xabc",
        })
      }),
    )
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({
      url: page.url,
      domain: page.domain,
      timestamp: 1_700_000_000_000,
      props: { type: "track", event: "MODAL_OPEN", properties: { connected: false }, address: "0xabc" },
    })
    expect(bodies[0]?.eventId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("sends nothing when analytics is off, and skips MODAL_CREATED", async () => {
    const bodies = collector()
    await withAnalytics({ enabled: false, ...page }, (analytics) =>
      analytics.sendEvent({ event: "MODAL_OPEN" }),
    )
    await withAnalytics({ enabled: true, ...page }, (analytics) =>
      analytics.sendEvent({ event: "MODAL_CREATED" }),
    )
    expect(bodies).toEqual([])
  })

  it("sends at most 5 error events per 60 s", async () => {
    const bodies = collector()
    await withAnalytics({ enabled: true, ...page }, (analytics) =>
      Effect.gen(function* () {
        const error = { type: "TypeError", message: "boom", stack: "at x", url: page.url }
        for (let i = 0; i < 7; i++) yield* analytics.sendError(error)
        yield* TestClock.adjust("59999 millis")
        yield* analytics.sendError(error)
        yield* TestClock.adjust("1 millis")
        yield* analytics.sendError(error)
      }),
    )
    expect(bodies).toHaveLength(6)
    expect(bodies[0]?.props).toEqual({
      type: "error",
      event: "ERROR",
      properties: { type: "TypeError", message: "boom", stack: "at x", url: page.url },
    })
  })

  it("raises 'Invalid App Configuration' once on a 403, then stops sending", async () => {
    const bodies = collector(403)
    const outcome = await withAnalytics({ enabled: true, ...page }, (analytics) =>
      Effect.gen(function* () {
        const first = yield* Effect.flip(analytics.sendEvent({ event: "MODAL_OPEN" }))
        yield* analytics.sendEvent({ event: "MODAL_CLOSE" })
        return { first: first.message, enabled: yield* analytics.isEnabled }
      }),
    )
    expect(outcome).toEqual({ first: "Invalid App Configuration", enabled: false })
    expect(bodies).toHaveLength(1)
  })

  it("swallows outages", async () => {
    nock(testBaseUrl).post("/e").query(true).reply(500, "down").post("/e").query(true).replyWithError("reset")
    await withAnalytics({ enabled: true, ...page }, (analytics) =>
      Effect.all([analytics.sendEvent({ event: "A" }), analytics.sendEvent({ event: "B" })]),
    )
  })
})
