import { Effect, Layer } from "effect"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { SiwxClient } from "../siwx/SiwxClient"
import { siwxStorageKey } from "../siwx/SiwxSessionStore"
import { fromMap, Storage } from "../storage/Storage"
import { testBaseUrl } from "../testing/http"
import { devAccount } from "../testing/testkit"
import { lazyBlockchainApi, lazyEip155SiwxClient } from "./lazyServices"

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
      }).pipe(Effect.provide(lazyBlockchainApi(testBaseUrl, "test-project"))),
    )
    expect(first).toEqual({ name: "vitalik.eth", avatar: null })
    expect(second).toEqual(first)
    expect(nock.pendingMocks()).toEqual([])
  })

  it("keep the API's typed failures", async () => {
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: ["eip155:1"], ws: [] })
    nock(testBaseUrl).get("/v1/profile/account/nobody.reown.id").query(true).reply(404, "not found")
    const error = await Effect.runPromise(
      Effect.flip(Effect.flatMap(BlockchainApi, (api) => api.lookupName("nobody.reown.id"))).pipe(
        Effect.provide(lazyBlockchainApi(testBaseUrl, "test-project")),
      ),
    )
    expect(error).toMatchObject({ _tag: "NameError", message: "Error resolving name" })
  })

  it("sign in through the eip155 client built on first use, over the app's Storage", async () => {
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
          lazyEip155SiwxClient({ domain: "app.example", uri: "https://app.example" }).pipe(
            Layer.provide(Layer.succeed(Storage, fromMap(map))),
          ),
        ),
      ),
    )
    expect(sessions).toHaveLength(1)
    expect(JSON.parse(map.get(siwxStorageKey) ?? "[]")).toHaveLength(1)
  })
})
