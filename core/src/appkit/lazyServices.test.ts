import { Effect, Layer } from "effect"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { WalletApi } from "../api/wallet/WalletApi"
import { ClientId } from "../http/ClientId"
import { SiwxClient } from "../siwx/SiwxClient"
import { siwxStorageKey } from "../siwx/SiwxSessionStore"
import { fromMap, Storage } from "../storage/Storage"
import { testBaseUrl, testSdkQuery } from "../testing/http"
import { devAccount } from "../testing/testkit"
import { lazyApis, lazySiwxClient } from "./lazyServices"

const noAnalytics = { enabled: false, url: "", domain: "" }
const apis = () => lazyApis(testBaseUrl, "test-project", noAnalytics).pipe(Layer.provide(ClientId.layer))

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

const identity = () =>
  nock(testBaseUrl)
    .get(`/v1/identity/${devAccount.address}`)
    .query(true)
    .reply(200, { name: "vitalik.eth", avatar: null })

describe("services loaded on first use", () => {
  it("build the Blockchain API when it is first called, once, and answer as the client does", async () => {
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: ["eip155:1"], ws: [] })
    // One answer for two calls: the second comes from the query cache of the one client built.
    identity()
    const [first, second] = await Effect.runPromise(
      Effect.gen(function* () {
        const api = yield* BlockchainApi
        const params = { address: devAccount.address, chainId: "eip155:1" }
        return [yield* api.identity(params), yield* api.identity(params)] as const
      }).pipe(Effect.provide(apis())),
    )
    expect(first).toEqual({ name: "vitalik.eth", avatar: null })
    expect(second).toEqual(first)
    expect(nock.pendingMocks()).toEqual([])
  })

  it("share one client between the Blockchain and Wallet APIs, and spell image URLs before it loads", async () => {
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: ["eip155:1"], ws: [] })
    identity()
    nock(testBaseUrl)
      .get("/getWallets")
      .query({ ...testSdkQuery, page: "1", entries: "40" })
      .reply(200, { count: 1, data: [{ id: "w1", name: "One", image_id: "i1", rdns: null, chains: [] }] })
    const { imageUrl, page } = await Effect.runPromise(
      Effect.gen(function* () {
        const wallets = yield* WalletApi
        // No request and no client yet: the URL comes from the configuration alone.
        const imageUrl = wallets.imageUrl("wallet", "i1")
        expect(nock.pendingMocks()).toHaveLength(3)
        yield* (yield* BlockchainApi).identity({ address: devAccount.address, chainId: "eip155:1" })
        return { imageUrl, page: yield* wallets.getWallets() }
      }).pipe(Effect.provide(apis())),
    )
    expect(imageUrl).toBe(
      `${testBaseUrl}/getWalletImage/i1?projectId=test-project&st=appkit&sv=${testSdkQuery.sv}`,
    )
    expect(page.data.map((wallet) => wallet.id)).toEqual(["w1"])
    expect(nock.pendingMocks()).toEqual([])
  })

  it("send the instance's client id with every request once it is known, and none before", async () => {
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: ["eip155:1"], ws: [] })
    const walletsQuery = { ...testSdkQuery, page: "1", entries: "40" }
    const page = { count: 0, data: [] }
    const anonymous = nock(testBaseUrl).get("/getWallets").query(walletsQuery).reply(200, page)
    const identified = nock(testBaseUrl)
      .get("/getWallets")
      .query({ ...walletsQuery, page: "2", clientId: "did:key:z6MkClient" })
      .reply(200, page)
    await Effect.runPromise(
      Effect.gen(function* () {
        const wallets = yield* WalletApi
        yield* wallets.getWallets()
        expect(anonymous.isDone()).toBe(true)
        // What the WalletConnect connector does once its sign-client has started.
        yield* (yield* ClientId).set("did:key:z6MkClient")
        yield* wallets.getWallets({ page: 2 })
      }).pipe(
        Effect.provide(
          Layer.provideMerge(lazyApis(testBaseUrl, "test-project", noAnalytics), ClientId.layer),
        ),
      ),
    )
    expect(identified.isDone()).toBe(true)
  })

  it("keep the API's typed failures", async () => {
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: ["eip155:1"], ws: [] })
    nock(testBaseUrl).get("/v1/profile/account/nobody.reown.id").query(true).reply(404, "not found")
    const error = await Effect.runPromise(
      Effect.flip(Effect.flatMap(BlockchainApi, (api) => api.lookupName("nobody.reown.id"))).pipe(
        Effect.provide(apis()),
      ),
    )
    expect(error).toMatchObject({ _tag: "NameError", message: "Error resolving name" })
  })

  it("sign in through the sign-in client built on first use, over the app's Storage", async () => {
    const map = new Map<string, string>()
    const sessions = await Effect.runPromise(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const chainId = "eip155:1"
        const { data, message } = yield* client.createMessage({ chainId, accountAddress: devAccount.address })
        const signature = yield* Effect.promise(() => devAccount.signMessage({ message }))
        yield* client.addSession({ data, message, signature })
        return yield* client.getSessions(chainId, devAccount.address)
      }).pipe(
        Effect.provide(
          lazySiwxClient({ domain: "app.example", uri: "https://app.example" }).pipe(
            Layer.provide(Layer.succeed(Storage, fromMap(map))),
          ),
        ),
      ),
    )
    expect(sessions).toHaveLength(1)
    expect(JSON.parse(map.get(siwxStorageKey) ?? "[]")).toHaveLength(1)
  })
})
