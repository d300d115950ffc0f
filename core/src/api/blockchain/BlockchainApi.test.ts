import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import type { QueryCache } from "../../http/QueryCache"
import { awaitFetchStatus, runWithApi, testBaseUrl, testProjectId, testSdkQuery } from "../../testing/http"
import { specTexts } from "../../testing/specTexts"
import { BlockchainApi } from "./BlockchainApi"
import { blockchainApiLayer } from "./blockchainApiLayer"
import { mockedQuoteId, sampleOnrampOptions } from "./onrampFallback"
import type {
  OnrampQuoteRequest,
  PaymentCurrency,
  PurchaseCurrency,
  TokenBalance,
  Transaction,
} from "./schemas"

const sdk = testSdkQuery
const address = "0x1111111111111111111111111111111111111111"
const run = <A, E>(program: Effect.Effect<A, E, BlockchainApi | QueryCache | TestClock.TestClock>) =>
  runWithApi(program, blockchainApiLayer)
const withApi = <A, E>(
  f: (api: BlockchainApi["Service"]) => Effect.Effect<A, E, QueryCache | TestClock.TestClock>,
) => run(Effect.flatMap(BlockchainApi, f))

const supportedChains = (http: ReadonlyArray<string>) =>
  nock(testBaseUrl).get("/v1/supported-chains").query(sdk).reply(200, { http, ws: [] })

const token = (symbol: string, decimals: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: "eip155:1",
  price: 1,
  quantity: { decimals, numeric: "1.5" },
  iconUrl: "https://img/x.png",
})

const transaction = (id: string, chain: string, spam: ReadonlyArray<boolean>): Transaction => ({
  id,
  metadata: {
    operationType: "receive",
    hash: `0x${id}`,
    minedAt: "2026-01-01T00:00:00Z",
    sentFrom: address,
    sentTo: address,
    status: "confirmed",
    nonce: 1,
    chain,
  },
  transfers: spam.map((isSpam) => ({
    direction: "in" as const,
    quantity: { numeric: "1" },
    nft_info: { name: "nft", flags: { is_spam: isSpam } },
  })),
})

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("BlockchainApi.balance", () => {
  it("asks for usd balances of the chain and drops 0-decimal tokens", async () => {
    supportedChains(["eip155:1"])
    const scope = nock(testBaseUrl)
      .get(`/v1/account/${address}/balance`)
      .query({ ...sdk, currency: "usd", chainId: "eip155:1" })
      .reply(200, { balances: [token("ETH", "18"), token("WEIRD", "0")] })
    const balances = await withApi((api) => api.balance({ address, chainId: "eip155:1" }))
    expect(balances.map((b) => b.symbol)).toEqual(["ETH"])
    expect(scope.isDone()).toBe(true)
  })

  it.each([
    ["decimals that are not a whole number", { decimals: "abc", numeric: "1.5" }],
    ["decimals below zero", { decimals: "-1", numeric: "1.5" }],
    ["an amount in exponent notation", { decimals: "18", numeric: "1e5" }],
    ["an amount that is not a number", { decimals: "18", numeric: "lots" }],
  ])(
    "refuses a balance with %s as 'Token Balance Unavailable' (never a NaN downstream)",
    async (_, quantity) => {
      supportedChains(["eip155:1"])
      nock(testBaseUrl)
        .get(`/v1/account/${address}/balance`)
        .query(true)
        .reply(200, { balances: [token("ETH", "18"), { ...token("BAD", "18"), quantity }] })
      const error = await withApi((api) => Effect.flip(api.balance({ address, chainId: "eip155:1" })))
      expect(error.message).toBe(specTexts.toasts.tokenBalanceUnavailable)
      expect(error.cause).toMatchObject({ _tag: "ResponseDecodeError" })
    },
  )

  it("values a priced holding the API sent without a value (price × amount), and keeps a sent value", async () => {
    supportedChains(["eip155:1"])
    nock(testBaseUrl)
      .get(`/v1/account/${address}/balance`)
      .query(true)
      .reply(200, {
        balances: [
          { ...token("ETH", "18"), price: 2000, quantity: { decimals: "18", numeric: "1.5" } },
          { ...token("USDC", "6"), price: 1, value: 9.99, quantity: { decimals: "6", numeric: "10" } },
        ],
      })
    const balances = await withApi((api) => api.balance({ address, chainId: "eip155:1" }))
    expect(balances.map((b) => [b.symbol, b.value])).toEqual([
      ["ETH", 3000],
      ["USDC", 9.99],
    ])
  })

  it("returns no balances on an unsupported network without calling", async () => {
    supportedChains(["eip155:1"])
    const balances = await withApi((api) => api.balance({ address, chainId: "eip155:999" }))
    expect(balances).toEqual([])
    expect(nock.pendingMocks()).toEqual([])
  })

  it("makes one upstream request for 1,000 concurrent identical reads", async () => {
    supportedChains(["eip155:1"])
    let upstreamCalls = 0
    nock(testBaseUrl)
      .get(`/v1/account/${address}/balance`)
      .query(true)
      .times(1000)
      .reply(200, () => {
        upstreamCalls++
        return { balances: [token("ETH", "18")] }
      })
    const results = await withApi((api) =>
      Effect.all(
        Array.from({ length: 1000 }, () => api.balance({ address, chainId: "eip155:1" })),
        { concurrency: "unbounded" },
      ),
    )
    expect(results).toHaveLength(1000)
    expect(upstreamCalls).toBe(1)
  })

  it("surfaces 'Token Balance Unavailable' and does not call again for 30 s", async () => {
    supportedChains(["eip155:1"])
    let upstreamCalls = 0
    nock(testBaseUrl)
      .get(`/v1/account/${address}/balance`)
      .query(true)
      .times(3)
      .reply(() => {
        upstreamCalls++
        return upstreamCalls === 1 ? [500, "boom"] : [200, { balances: [token("ETH", "18")] }]
      })
    const outcome = await withApi((api) =>
      Effect.gen(function* () {
        const read = api.balance({ address, chainId: "eip155:1" })
        const first = yield* Effect.flip(read)
        yield* TestClock.adjust("29 seconds")
        const locked = yield* Effect.flip(read)
        const callsWhileLocked = upstreamCalls
        yield* TestClock.adjust("1 second")
        const after = yield* read
        return { first: first.message, locked: locked.message, callsWhileLocked, after: after.length }
      }),
    )
    expect(outcome).toEqual({
      first: specTexts.toasts.tokenBalanceUnavailable,
      locked: specTexts.toasts.tokenBalanceUnavailable,
      callsWhileLocked: 1,
      after: 1,
    })
  })
})

describe("BlockchainApi.history", () => {
  it("requires an account address", async () => {
    const error = await withApi((api) =>
      Effect.flip(api.history({ account: undefined, chainId: "eip155:1" })),
    )
    expect(error.message).toBe("Transactions can't be fetched without an account address")
  })

  it("passes cursor, onramp and chainId, keeps the connected chain and filters spam", async () => {
    supportedChains(["eip155:1"])
    nock(testBaseUrl)
      .get(`/v1/account/${address}/history`)
      .query({ ...sdk, cursor: "c1", chainId: "eip155:1" })
      .reply(200, {
        data: [
          transaction("a", "eip155:1", [false]),
          transaction("b", "eip155:10", [false]),
          transaction("c", "eip155:1", [true]),
          transaction("d", "eip155:1", [true, false]),
        ],
        next: "c2",
      })
    const page = await withApi((api) => api.history({ account: address, chainId: "eip155:1", cursor: "c1" }))
    expect(page.next).toBe("c2")
    expect(page.data.map((t) => [t.id, t.transfers.length])).toEqual([
      ["a", 1],
      ["d", 1],
    ])
  })

  it("reports an unreachable API as a typed error", async () => {
    supportedChains(["eip155:1"])
    nock(testBaseUrl).get(`/v1/account/${address}/history`).query(true).reply(404, "nope")
    const error = await withApi((api) => Effect.flip(api.history({ account: address, chainId: "eip155:1" })))
    expect(error.message).toBe("HTTP status code: 404")
  })
})

describe("BlockchainApi swaps", () => {
  const quote = {
    chainId: "eip155:1",
    amount: "1000",
    userAddress: address,
    from: "eip155:1:0xa",
    to: "eip155:1:0xb",
    gasPrice: "7",
  }

  it("gets quotes with the §7 parameters", async () => {
    nock(testBaseUrl)
      .get("/v1/convert/quotes")
      .query({
        ...sdk,
        amount: "1000",
        userAddress: address,
        from: "eip155:1:0xa",
        to: "eip155:1:0xb",
        gasPrice: "7",
      })
      .reply(200, {
        quotes: [{ id: null, fromAmount: "1000", fromAccount: "a", toAmount: "990", toAccount: "b" }],
      })
    const quotes = await withApi((api) => api.swapQuotes(quote))
    expect(quotes.quotes[0]?.toAmount).toBe("990")
  })

  it("rejects amounts that are not base units (no bigint conversion may throw later)", async () => {
    for (const toAmount of ["1.5e18", "-1", "0x10", ""]) {
      nock(testBaseUrl)
        .get("/v1/convert/quotes")
        .query(true)
        .reply(200, {
          quotes: [{ id: null, fromAmount: "1000", fromAccount: "a", toAmount, toAccount: "b" }],
        })
      const error = await withApi((api) => Effect.flip(api.swapQuotes(quote)))
      expect(error._tag).toBe("ResponseDecodeError")
    }
    nock(testBaseUrl).get("/v1/convert/gas-price").query(true).reply(200, {
      standard: "1.5",
      fast: "2",
      instant: "3",
    })
    const gas = await withApi((api) => Effect.flip(api.gasPrice({ chainId: "eip155:1" })))
    expect(gas._tag).toBe("ResponseDecodeError")
  })

  it("refuses swaps and gas prices off the 12 swap networks without calling", async () => {
    const errors = await withApi((api) =>
      Effect.all([
        Effect.flip(api.swapQuotes({ ...quote, chainId: "eip155:11155111" })),
        Effect.flip(api.swapTokens({ chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" })),
        Effect.flip(api.gasPrice({ chainId: "eip155:5" })),
      ]),
    )
    expect(errors.map((e) => e.message)).toEqual([
      "Network not supported for Swaps",
      "Network not supported for Swaps",
      "Network not supported for Gas Price",
    ])
  })

  it("builds a swap transaction with slippage 1 by default and the project id in the body", async () => {
    const scope = nock(testBaseUrl)
      .post("/v1/convert/build-transaction", {
        projectId: testProjectId,
        amount: "1000",
        eip155: { slippage: "1" },
        from: "eip155:1:0xa",
        to: "eip155:1:0xb",
        userAddress: address,
        disableEstimate: false,
      })
      .query(true)
      .reply(200, {
        tx: { from: "a", to: "b", data: "0x", amount: "1000", eip155: { gas: "21000", gasPrice: "7" } },
      })
    const built = await withApi((api) =>
      api.buildTransaction({
        chainId: "eip155:1",
        amount: "1000",
        from: "eip155:1:0xa",
        to: "eip155:1:0xb",
        userAddress: address,
      }),
    )
    expect(built.tx.eip155.gas).toBe("21000")
    expect(scope.isDone()).toBe(true)
  })

  it("reads gas price, allowance, tokens and build-approve", async () => {
    nock(testBaseUrl)
      .get("/v1/convert/gas-price")
      .query({ ...sdk, chainId: "eip155:8453" })
      .reply(200, { standard: "1", fast: "2", instant: "3" })
      .get("/v1/convert/allowance")
      .query({ ...sdk, tokenAddress: "eip155:8453:0xa", userAddress: address })
      .reply(200, { allowance: "0" })
      .get("/v1/convert/tokens")
      .query({ ...sdk, chainId: "eip155:8453" })
      .reply(200, {
        tokens: [{ name: "USDC", symbol: "USDC", address: "eip155:8453:0xa", decimals: 6, logoUri: "u" }],
      })
      .get("/v1/convert/build-approve")
      .query({ ...sdk, userAddress: address, from: "eip155:8453:0xa", to: "eip155:8453:0xb" })
      .reply(200, {
        tx: { from: "a", to: "b", data: "0x", value: "0", eip155: { gas: 50000, gasPrice: "1" } },
      })
    const chainId = "eip155:8453"
    const [gas, allowance, tokens, approve] = await withApi((api) =>
      Effect.all([
        api.gasPrice({ chainId }),
        api.allowance({ chainId, tokenAddress: "eip155:8453:0xa", userAddress: address }),
        api.swapTokens({ chainId }),
        api.buildApprove({ chainId, userAddress: address, from: "eip155:8453:0xa", to: "eip155:8453:0xb" }),
      ]),
    )
    expect([gas.fast, allowance.allowance, tokens.tokens[0]?.decimals, approve.tx.eip155.gas]).toEqual([
      "2",
      "0",
      6,
      50000,
    ])
  })
})

describe("BlockchainApi names", () => {
  it("resolves, reverse-resolves and suggests with apiVersion 2 and the fixed zone", async () => {
    const record = {
      name: "alice.reown.id",
      registered: 1,
      updated: 2,
      addresses: { "60": { address } },
      attributes: [],
    }
    nock(testBaseUrl)
      .get("/v1/profile/account/alice.reown.id")
      .query({ ...sdk, apiVersion: "2" })
      .reply(200, record)
      .get(`/v1/profile/reverse/${address}`)
      .query({ ...sdk, apiVersion: "2", sender: address })
      .reply(200, [record])
      .get("/v1/profile/suggestions/alice")
      .query({ ...sdk, zone: "reown.id" })
      .reply(200, { suggestions: [{ name: "alice1.reown.id", registered: false }] })
    const [resolved, reverse, suggestions] = await withApi((api) =>
      Effect.all([
        api.lookupName("alice.reown.id"),
        api.reverseLookup({ address, sender: address }),
        api.nameSuggestions("alice"),
      ]),
    )
    expect(resolved.addresses["60"]?.address).toBe(address)
    expect(reverse.map((r) => r.name)).toEqual(["alice.reown.id"])
    expect(suggestions.suggestions[0]?.registered).toBe(false)
  })

  it("maps failures to the §8 name errors", async () => {
    nock(testBaseUrl)
      .get("/v1/profile/account/ghost.reown.id")
      .query(true)
      .reply(404, "not found")
      .post("/v1/profile/account")
      .query(true)
      .reply(400, "bad signature")
      .get(`/v1/profile/reverse/${address}`)
      .query(true)
      .reply(400, "bad address")
      .get("/v1/profile/suggestions/ghost")
      .query(true)
      .reply(400, "bad name")
    const errors = await withApi((api) =>
      Effect.all([
        Effect.flip(api.lookupName("ghost.reown.id")),
        Effect.flip(api.registerName({ coin_type: 60, address, message: "{}", signature: "0x" })),
        Effect.flip(api.reverseLookup({ address, sender: address })),
        Effect.flip(api.nameSuggestions("ghost")),
      ]),
    )
    expect(errors.map((e) => e.message)).toEqual([
      specTexts.names.resolve,
      specTexts.names.register,
      specTexts.names.namesForAddress,
      specTexts.names.suggestions,
    ])
  })

  it("registers a name with the §3 payload", async () => {
    const payload = { coin_type: 60, address, message: '{"name":"alice.reown.id"}', signature: "0xsig" }
    nock(testBaseUrl).post("/v1/profile/account", payload).query(true).reply(200, { success: true })
    expect(await withApi((api) => api.registerName(payload))).toBe(true)
  })
})

describe("BlockchainApi onramp, identity, prices and sessions", () => {
  const quoteRequest: OnrampQuoteRequest = {
    purchaseCurrency: sampleOnrampOptions.purchaseCurrencies[0] as PurchaseCurrency,
    paymentCurrency: sampleOnrampOptions.paymentCurrencies[0] as PaymentCurrency,
    amount: "100.00",
    network: "ethereum",
  }

  it("falls back to the sample options (card 10.00–7500.00, bank 10.00–25000.00, USD and EUR)", async () => {
    nock(testBaseUrl).get("/v1/onramp/options").query(true).reply(400, "bad")
    const options = await withApi((api) => api.onrampOptions)
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(["USD", "EUR"])
    expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: "card", min: "10.00", max: "7500.00" },
      { id: "ach_bank_account", min: "10.00", max: "25000.00" },
    ])
  })

  it("falls back to a mocked quote of the amount entered, also on a malformed answer", async () => {
    nock(testBaseUrl)
      .post("/v1/onramp/quote", quoteRequest as never)
      .query(true)
      .reply(200, "{oops")
    const quote = await withApi((api) => api.onrampQuote(quoteRequest))
    expect(quote).toMatchObject({
      quoteId: mockedQuoteId,
      paymentTotal: { amount: "100.00", currency: "USD" },
    })
  })

  it("returns a real quote and onramp url when the API answers", async () => {
    const money = (amount: string) => ({ amount, currency: "USD" })
    nock(testBaseUrl)
      .post("/v1/onramp/quote")
      .query(true)
      .reply(200, {
        paymentTotal: money("100.00"),
        paymentSubtotal: money("97.00"),
        purchaseAmount: { amount: "97.0", currency: "USDC" },
        coinbaseFee: money("2.00"),
        networkFee: money("1.00"),
        quoteId: "q-1",
      })
      .post(
        "/v1/generators/onrampurl",
        (body) => body.defaultExperience === "buy" && body.partnerUserId === address,
      )
      .query(true)
      .reply(200, { url: "https://pay.example/buy?x=1" })
    const [quote, url] = await withApi((api) =>
      Effect.all([
        api.onrampQuote(quoteRequest),
        api.onrampUrl({
          destinationWallets: [{ address }],
          partnerUserId: address,
          defaultExperience: "buy",
        }),
      ]),
    )
    expect(quote.quoteId).toBe("q-1")
    expect(url).toBe("https://pay.example/buy?x=1")
  })

  it("reads identity on supported networks only", async () => {
    supportedChains(["eip155:1"])
    nock(testBaseUrl)
      .get(`/v1/identity/${address}`)
      .query({ ...sdk, sender: address })
      .reply(200, { name: "alice.eth", avatar: null })
    const [known, unsupported] = await withApi((api) =>
      Effect.all([
        api.identity({ address, chainId: "eip155:1", sender: address }),
        api.identity({ address, chainId: "eip155:424242" }),
      ]),
    )
    expect(known).toEqual({ name: "alice.eth", avatar: null })
    expect(unsupported).toEqual({ name: null, avatar: null })
  })

  it("posts fungible prices with currency and project id", async () => {
    nock(testBaseUrl)
      .post("/v1/fungible/price", { currency: "usd", addresses: ["eip155:1:0xa"], projectId: testProjectId })
      .query(true)
      .reply(200, { fungibles: [{ name: "USDC", symbol: "USDC", iconUrl: "u", price: 1 }] })
    const prices = await withApi((api) => api.fungiblePrice({ addresses: ["eip155:1:0xa"] }))
    expect(prices.fungibles[0]?.price).toBe(1)
  })

  it("lists and revokes smart sessions", async () => {
    const account = `eip155:1:${address}`
    nock(testBaseUrl)
      .get(`/v1/sessions/${encodeURIComponent(account)}`)
      .query(true)
      .reply(200, {
        pcis: [
          {
            pci: "p1",
            project: { id: "x", name: "Demo" },
            expiry: 2,
            createdAt: 1,
            permissions: [],
            policies: [],
          },
        ],
      })
      .post(`/v1/sessions/${encodeURIComponent(account)}/revoke`, { pci: "p1", signature: "0xs" })
      .query(true)
      .reply(200, { success: true })
    const [sessions, revoked] = await withApi((api) =>
      Effect.all([api.sessions(account), api.revokeSession({ account, pci: "p1", signature: "0xs" })]),
    )
    expect(sessions.pcis.map((s) => s.pci)).toEqual(["p1"])
    expect(revoked).toBe(true)
  })

  it("retries a 5xx on the supported-chains list with backoff, then answers", async () => {
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .reply(503, "busy")
      .get("/v1/supported-chains")
      .query(true)
      .reply(200, { http: ["eip155:1"], ws: [] })
    const chains = await withApi((api) =>
      Effect.gen(function* () {
        const pending = yield* Effect.forkChild(api.supportedChains)
        yield* awaitFetchStatus(["supportedChains"], "paused")
        yield* TestClock.adjust("1 second")
        return yield* Fiber.join(pending)
      }),
    )
    expect(chains.http).toEqual(["eip155:1"])
  })
})
