import { Effect, Fiber, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { testBaseUrl } from "../testing/http"
import { specTexts } from "../testing/specTexts"
import { accountId, devAccount, runState, solana } from "../testing/testkit"
import { Account } from "./Account"
import { AccountData } from "./AccountData"
import { Toast } from "./Toast"

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

const caipAddress = `eip155:1:${devAccount.address}`

const balances = (eth: string) => ({
  balances: [
    {
      name: "Ether",
      symbol: "ETH",
      chainId: "eip155:1",
      price: 3000,
      quantity: { decimals: "18", numeric: eth },
      iconUrl: "https://img/eth.png",
    },
    {
      name: "USD Coin",
      symbol: "USDC",
      chainId: "eip155:1",
      address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
      price: 1,
      quantity: { decimals: "6", numeric: "25" },
      iconUrl: "https://img/usdc.png",
    },
  ],
})

const mockBalance = (eth: string, status = 200) =>
  nock(testBaseUrl)
    .get(`/v1/account/${devAccount.address}/balance`)
    .query(true)
    .reply(status, status === 200 ? balances(eth) : "down")

const supportedChains = () =>
  nock(testBaseUrl)
    .get("/v1/supported-chains")
    .query(true)
    .reply(200, { http: ["eip155:1"], ws: [] })

const snapshot = Effect.gen(function* () {
  const eip155 = (yield* SubscriptionRef.get((yield* Account).state)).byNamespace.eip155
  const toast = yield* SubscriptionRef.get((yield* Toast).state)
  return {
    balance: eip155?.balance,
    symbol: eip155?.balanceSymbol,
    tokens: eip155?.tokenBalance.map((t) => t.symbol),
    profileName: eip155?.profileName,
    toast: toast.open ? toast.message : undefined,
  }
})

const connected = Effect.flatMap(Account, (account) =>
  account.setCaipAddress("eip155", accountId(caipAddress)),
)

describe("AccountData", () => {
  it("loads balances once per 30 s through the storage cache, and a reload within that asks no server", async () => {
    const map = new Map<string, string>()
    supportedChains()
    mockBalance("1.5")
    const seen = await runState(
      Effect.gen(function* () {
        yield* connected
        const data = yield* AccountData
        yield* data.refreshBalance("eip155")
        const first = yield* snapshot
        yield* TestClock.adjust("29 seconds")
        yield* data.refreshBalance("eip155") // served from the cache: no interceptor is left for it
        const cached = yield* snapshot
        mockBalance("2")
        yield* TestClock.adjust("1 second")
        yield* data.refreshBalance("eip155")
        return [first, cached, yield* snapshot]
      }),
      { map, apiUrl: testBaseUrl },
    )
    expect(seen).toEqual([
      { balance: "1.5", symbol: "ETH", tokens: ["ETH", "USDC"], profileName: undefined, toast: undefined },
      { balance: "1.5", symbol: "ETH", tokens: ["ETH", "USDC"], profileName: undefined, toast: undefined },
      { balance: "2", symbol: "ETH", tokens: ["ETH", "USDC"], profileName: undefined, toast: undefined },
    ])
    expect(nock.isDone()).toBe(true)

    const reloaded = await runState(
      Effect.gen(function* () {
        // The page reloads at once: its clock goes on from where the first one stopped.
        yield* TestClock.setTime(30_000)
        yield* connected
        yield* (yield* AccountData).refreshBalance("eip155")
        return yield* snapshot
      }),
      { map, apiUrl: testBaseUrl },
    )
    expect(reloaded).toMatchObject({ balance: "2", toast: undefined })
  })

  it("reads a balance a transaction moved past both 30 s caches, telling the API which token to update", async () => {
    const usdc = "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
    supportedChains()
    mockBalance("1.5")
    const forced = nock(testBaseUrl)
      .get(`/v1/account/${devAccount.address}/balance`)
      .query((query) => query.forceUpdate === usdc)
      .reply(200, balances("1.2"))
    const seen = await runState(
      Effect.gen(function* () {
        yield* connected
        const data = yield* AccountData
        yield* data.refreshBalance("eip155")
        yield* TestClock.adjust("10 seconds")
        yield* data.refreshBalance("eip155", usdc)
        return yield* snapshot
      }),
      { apiUrl: testBaseUrl },
    )
    expect(seen).toMatchObject({ balance: "1.2", toast: undefined })
    expect(forced.isDone()).toBe(true)
  })

  it("drops a balance that arrives after the account was disconnected", async () => {
    supportedChains()
    mockBalance("1.5")
    const accounts = await runState(
      Effect.gen(function* () {
        yield* connected
        // The fetch is in flight (an HTTP round trip) when the account goes away.
        const refreshing = yield* Effect.forkChild((yield* AccountData).refreshBalance("eip155"), {
          startImmediately: true,
        })
        yield* (yield* Account).resetAccount("eip155")
        yield* Fiber.join(refreshing)
        return (yield* SubscriptionRef.get((yield* Account).state)).byNamespace
      }),
      { apiUrl: testBaseUrl },
    )
    expect(nock.isDone()).toBe(true)
    expect(accounts).toEqual({})
  })

  it("shows 'Token Balance Unavailable' when the balance cannot be loaded", async () => {
    supportedChains()
    mockBalance("0", 500)
    const seen = await runState(
      Effect.gen(function* () {
        yield* connected
        yield* (yield* AccountData).refreshBalance("eip155")
        return yield* snapshot
      }),
      { apiUrl: testBaseUrl },
    )
    expect(seen).toMatchObject({ balance: undefined, toast: specTexts.toasts.tokenBalanceUnavailable })
  })

  it("keeps a failed load on the account until a load succeeds, so the Tokens tab says so instead of 'No tokens'", async () => {
    supportedChains()
    mockBalance("0", 500)
    const seen = await runState(
      Effect.gen(function* () {
        yield* connected
        const data = yield* AccountData
        const errorOf = Effect.map(
          Effect.flatMap(Account, (account) => SubscriptionRef.get(account.state)),
          (state) => state.byNamespace.eip155?.tokenBalanceError,
        )
        yield* data.refreshBalance("eip155")
        const failed = yield* errorOf
        // §8: no new try before 30 s.
        yield* TestClock.adjust("30 seconds")
        mockBalance("1.5")
        yield* data.refreshBalance("eip155")
        return { failed, after: yield* errorOf, tokens: (yield* snapshot).tokens }
      }),
      { apiUrl: testBaseUrl },
    )
    expect(seen).toEqual({ failed: "Token Balance Unavailable", after: undefined, tokens: ["ETH", "USDC"] })
  })

  it("shows 'Token Balance Unavailable' on a network the API does not serve, without asking for a balance", async () => {
    // The list names only eip155:1: an account on Base is on an unsupported network (§7: no call, §8: the toast).
    supportedChains()
    const onBase = await runState(
      Effect.gen(function* () {
        yield* (yield* Account).setCaipAddress("eip155", accountId(`eip155:8453:${devAccount.address}`))
        yield* (yield* AccountData).refreshBalance("eip155")
        return yield* snapshot
      }),
      { apiUrl: testBaseUrl },
    )
    expect(nock.isDone()).toBe(true)
    expect(onBase).toMatchObject({ balance: undefined, tokens: [], toast: "Token Balance Unavailable" })
  })

  it("asks for balances on eip155 and solana accounts only; a bitcoin account is neither a request nor a toast", async () => {
    const solanaAddress = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: [solana.caipNetworkId], ws: [] })
    const solanaBalance = nock(testBaseUrl)
      .get(`/v1/account/${solanaAddress}/balance`)
      .query((query) => query.chainId === solana.caipNetworkId)
      .reply(200, { balances: [] })
    // Any request for the bitcoin account would find no interceptor and fail (nock refuses the net).
    const seen = await runState(
      Effect.gen(function* () {
        const account = yield* Account
        yield* account.setCaipAddress("solana", accountId(`${solana.caipNetworkId}:${solanaAddress}`))
        yield* account.setCaipAddress(
          "bip122",
          accountId("bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
        )
        const data = yield* AccountData
        yield* data.refreshBalance("solana")
        yield* data.refreshBalance("bip122")
        const toast = yield* SubscriptionRef.get((yield* Toast).state)
        return toast.open ? toast.message : undefined
      }),
      { apiUrl: testBaseUrl },
    )
    expect(solanaBalance.isDone()).toBe(true)
    expect(nock.pendingMocks()).toEqual([])
    expect(seen).toBeUndefined()
  })

  it("sets the profile from the identity, cached for 5 minutes", async () => {
    supportedChains()
    nock(testBaseUrl)
      .get(`/v1/identity/${devAccount.address}`)
      .query(true)
      .reply(200, { name: "alice.eth", avatar: "https://img/alice.png" })
    const seen = await runState(
      Effect.gen(function* () {
        yield* connected
        const data = yield* AccountData
        yield* data.refreshIdentity
        yield* TestClock.adjust("4 minutes")
        yield* data.refreshIdentity
        return yield* snapshot
      }),
      { apiUrl: testBaseUrl },
    )
    expect(seen.profileName).toBe("alice.eth")
    expect(nock.isDone()).toBe(true)
  })

  it("falls back to the registered name, cached for 5 minutes", async () => {
    const map = new Map<string, string>()
    supportedChains()
    nock(testBaseUrl)
      .get(`/v1/identity/${devAccount.address}`)
      .query(true)
      .reply(200, { name: null, avatar: null })
      .get(`/v1/profile/reverse/${devAccount.address}`)
      .query(true)
      .reply(200, [{ name: "alice.reown.id", registered: 1, updated: 1, addresses: {}, attributes: [] }])
    const seen = await runState(
      Effect.gen(function* () {
        yield* connected
        yield* (yield* AccountData).refreshIdentity
        return yield* snapshot
      }),
      { map, apiUrl: testBaseUrl },
    )
    expect(seen.profileName).toBe("alice.reown.id")
    expect(map.get("@appkit/ens_cache")).toContain("alice.reown.id")
  })
})
