import { Effect, Option } from "effect"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { runWithApi, testBaseUrl, testProjectId, testSdkQuery } from "../../testing/http"
import { WalletApi } from "./WalletApi"
import { walletApiLayer } from "./walletApiLayer"

const sdk = testSdkQuery
const withApi = <A, E>(f: (api: WalletApi["Service"]) => Effect.Effect<A, E>) =>
  runWithApi(Effect.flatMap(WalletApi, f), walletApiLayer)

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("WalletApi.getWallets", () => {
  it("asks for page 1 of 40 entries by default and decodes the listing", async () => {
    nock(testBaseUrl)
      .get("/getWallets")
      .query({ ...sdk, page: "1", entries: "40" })
      .reply(200, {
        count: 512,
        data: [{ id: "w1", name: "Wallet One", image_id: "img1", rdns: null, chains: ["eip155:1"] }],
      })
    const page = await withApi((api) => api.getWallets())
    expect(page.count).toBe(512)
    expect(page.data[0]).toMatchObject({ id: "w1", rdns: null })
  })

  it("sends every filter, and 100 entries for a search", async () => {
    const scope = nock(testBaseUrl)
      .get("/getWallets")
      .query({
        ...sdk,
        page: "2",
        entries: "100",
        include: "a,b",
        exclude: "c",
        chains: "eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        search: "rain",
        badge_type: "certified",
      })
      .reply(200, { count: 0, data: [] })
    await withApi((api) =>
      api.getWallets({
        page: 2,
        include: ["a", "b"],
        exclude: ["c"],
        chains: ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
        search: "rain",
        badge_type: "certified",
      }),
    )
    expect(scope.isDone()).toBe(true)
  })

  it("rejects a listing of the wrong shape with a typed error", async () => {
    nock(testBaseUrl).get("/getWallets").query(true).reply(200, { count: "many", data: [] })
    const error = await withApi((api) => Effect.flip(api.getWallets()))
    expect(error._tag).toBe("ResponseDecodeError")
  })
})

describe("WalletApi images", () => {
  it("fetches each image kind from its path", async () => {
    nock(testBaseUrl)
      .get("/getWalletImage/w1")
      .query(sdk)
      .reply(200, Buffer.from("w"), { "content-type": "image/webp" })
      .get("/public/getAssetImage/a1")
      .query(sdk)
      .reply(200, Buffer.from("a"), { "content-type": "image/png" })
      .get("/public/getCurrencyImage/USD")
      .query(sdk)
      .reply(200, Buffer.from("c"), { "content-type": "image/png" })
      .get("/public/getTokenImage/ETH")
      .query(sdk)
      .reply(200, Buffer.from("t"), { "content-type": "image/png" })
    const images = await withApi((api) =>
      Effect.all([
        api.image("wallet", "w1"),
        api.image("asset", "a1"),
        api.image("currency", "USD"),
        api.image("token", "ETH"),
      ]),
    )
    expect(images.map((i) => new TextDecoder().decode(i.bytes))).toEqual(["w", "a", "c", "t"])
    expect(images[0]?.contentType).toBe("image/webp")
  })

  it("builds image URLs with the sdk parameters", async () => {
    const url = await withApi((api) => Effect.succeed(api.imageUrl("wallet", "a b")))
    expect(url).toBe(`${testBaseUrl}/getWalletImage/a%20b?projectId=${testProjectId}&st=appkit&sv=2.17.2`)
  })
})

describe("WalletApi project configuration", () => {
  it("reads the analytics switch, origins and remote features", async () => {
    nock(testBaseUrl)
      .get("/getAnalyticsConfig")
      .query(sdk)
      .reply(200, { isAnalyticsEnabled: true })
      .get("/projects/v1/origins")
      .query(sdk)
      .reply(200, { allowedOrigins: ["https://app.example"] })
      .get("/appkit/v1/config")
      .query(sdk)
      .reply(200, { features: [{ id: "swaps", isEnabled: false, config: null }] })
    const [analytics, origins, features] = await withApi((api) =>
      Effect.all([api.analyticsConfig, api.allowedOrigins, api.remoteFeatures]),
    )
    expect(analytics.isAnalyticsEnabled).toBe(true)
    expect(origins).toEqual(Option.some(["https://app.example"]))
    expect(Option.map(features, (f) => f.features[0]?.isEnabled)).toEqual(Option.some(false))
  })

  it("fails quietly for origins and analytics config", async () => {
    nock(testBaseUrl)
      .get("/getAnalyticsConfig")
      .query(true)
      .reply(500, "x")
      .get("/projects/v1/origins")
      .query(true)
      .replyWithError("reset")
    const [analytics, origins] = await withApi((api) => Effect.all([api.analyticsConfig, api.allowedOrigins]))
    expect(analytics.isAnalyticsEnabled).toBe(false)
    expect(origins).toEqual(Option.none())
  })

  it("maps server messages and 403 to §8 alerts, and rides out a 503", async () => {
    const cases = [
      [401, "Unauthorized: origin not allowed", "Invalid App Configuration"],
      [401, '{"error":"JWT validation error: JWT Token is not yet valid"}', "Session Expired"],
      [401, "Unauthorized: invalid key", "Invalid Project ID"],
      [403, "", "Invalid App Configuration"],
    ] as const
    for (const [status, body, title] of cases) {
      nock(testBaseUrl).get("/appkit/v1/config").query(true).reply(status, body)
      const alert = await withApi((api) => Effect.flip(api.remoteFeatures))
      expect(alert.message).toBe(title)
    }
    nock(testBaseUrl).get("/appkit/v1/config").query(true).reply(503, "maintenance")
    expect(await withApi((api) => api.remoteFeatures)).toEqual(Option.none())
  })
})
