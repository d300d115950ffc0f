import {
  Analytics,
  BlockchainApi,
  Mempool,
  Ordinals,
  sampleOnrampOptions,
  WalletApi,
  walletPageEntries,
} from "@appkit/core/effect"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { failure, runAgainst, succeed, useFixtureApi } from "./support"

/** The core clients against the real fixture server: what a user of each call relies on. */
const fixtureApi = useFixtureApi()
const run = <A, E>(program: Parameters<typeof runAgainst<A, E>>[1]) =>
  succeed(runAgainst(fixtureApi(), program))

const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const usdc = "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const eth = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
const requestsTo = (path: RegExp) =>
  fixtureApi()
    .requests()
    .filter((request) => path.test(request.path)).length

describe("BlockchainApi", () => {
  it("reads balances with prices and drops the 0-decimals token the server lists", async () => {
    const raw = await (
      await fetch(`${fixtureApi().url}/v1/account/${alice}/balance?projectId=p&currency=usd&chainId=eip155:1`)
    ).json()
    expect(
      raw.balances.some((entry: { quantity: { decimals: string } }) => entry.quantity.decimals === "0"),
    ).toBe(true)
    const balances = await run(
      BlockchainApi.use((api) => api.balance({ address: alice, chainId: "eip155:1" })),
    )
    expect(balances.length).toBe(raw.balances.length - 1)
    expect(balances.every((entry) => entry.quantity.decimals !== "0" && entry.price >= 0)).toBe(true)
  })

  it("makes exactly one upstream request for 1,000 concurrent identical balance reads", async () => {
    const address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"
    const before = requestsTo(new RegExp(`/v1/account/${address}/balance`))
    const reads = await run(
      Effect.all(
        Array.from({ length: 1000 }, () =>
          BlockchainApi.use((api) => api.balance({ address, chainId: "eip155:1" })),
        ),
        { concurrency: "unbounded" },
      ),
    )
    expect(new Set(reads).size).toBe(1)
    expect(requestsTo(new RegExp(`/v1/account/${address}/balance`)) - before).toBe(1)
  })

  it("pages the whole history with the cursor, dropping exactly the spam NFT transfers the server lists", async () => {
    type Page = { data: ReadonlyArray<{ id: string; transfers: ReadonlyArray<{ nft_info?: unknown }> }> }
    const isSpam = (transfer: { nft_info?: unknown }) =>
      (transfer.nft_info as { flags?: { is_spam?: boolean } } | undefined)?.flags?.is_spam === true
    const transfersOf = (pages: ReadonlyArray<Page>) =>
      pages.flatMap((page) => page.data.flatMap((t) => t.transfers))
    const served: Array<Page & { next: string | null }> = []
    do {
      const cursor = served.at(-1)?.next
      const query = `projectId=p&chainId=eip155:1${cursor ? `&cursor=${cursor}` : ""}`
      served.push(await (await fetch(`${fixtureApi().url}/v1/account/${alice}/history?${query}`)).json())
    } while (served.at(-1)?.next)
    const readPage = (cursor: string | undefined) =>
      run(BlockchainApi.use((api) => api.history({ account: alice, chainId: "eip155:1", cursor })))
    const pages: Array<Awaited<ReturnType<typeof readPage>>> = []
    do pages.push(await readPage(pages.at(-1)?.next ?? undefined))
    while (pages.at(-1)?.next)
    expect(pages).toHaveLength(served.length)
    expect(served.length).toBeGreaterThan(1)
    const ids = pages.flatMap((page) => page.data.map((entry) => entry.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(pages.flatMap((page) => page.data).every((entry) => entry.metadata.chain === "eip155:1")).toBe(
      true,
    )
    // The server does list spam; the client shows none of it and keeps every other transfer.
    expect(transfersOf(served).filter(isSpam).length).toBeGreaterThan(0)
    expect(transfersOf(pages).filter(isSpam)).toEqual([])
    expect(transfersOf(pages)).toHaveLength(transfersOf(served).filter((t) => !isSpam(t)).length)
  })

  it("quotes, approves and builds a swap; refuses other networks without calling", async () => {
    const program = Effect.gen(function* () {
      const api = yield* BlockchainApi
      const { tokens } = yield* api.swapTokens({ chainId: "eip155:1" })
      const gas = yield* api.gasPrice({ chainId: "eip155:1" })
      const { quotes } = yield* api.swapQuotes({
        chainId: "eip155:1",
        amount: "3120450000",
        userAddress: `eip155:1:${alice}`,
        from: usdc,
        to: eth,
        gasPrice: gas.standard,
      })
      const allowance = yield* api.allowance({ chainId: "eip155:1", tokenAddress: usdc, userAddress: alice })
      const approve = yield* api.buildApprove({
        chainId: "eip155:1",
        userAddress: alice,
        from: usdc,
        to: eth,
      })
      const built = yield* api.buildTransaction({
        chainId: "eip155:1",
        amount: "1000000",
        from: usdc,
        to: eth,
        userAddress: alice,
      })
      return { tokens, quote: quotes[0], allowance, approve, built }
    })
    const { tokens, quote, allowance, approve, built } = await run(program)
    expect(tokens.map((token) => token.symbol)).toContain("USDC")
    // 3,120.45 USDC at $1 for ETH at $3,120.45, less the 0.3 % fee: exactly 0.997 ETH.
    expect(quote?.toAmount).toBe("997000000000000000")
    expect(allowance.allowance).toBe("0")
    expect(approve.tx.data.startsWith("0x095ea7b3")).toBe(true)
    expect(built.tx.from).toBe(alice)
    const before = requestsTo(/^\/v1\/convert\//)
    const refused = await failure(
      runAgainst(
        fixtureApi(),
        BlockchainApi.use((api) => api.gasPrice({ chainId: "eip155:11155111" })),
      ),
    )
    expect(refused.message).toBe("Network not supported for Gas Price")
    expect(requestsTo(/^\/v1\/convert\//)).toBe(before)
  })

  it("resolves names both ways and suggests free ones", async () => {
    const [record, reverse, suggestions] = await run(
      Effect.all([
        BlockchainApi.use((api) => api.lookupName("alice.reown.id")),
        BlockchainApi.use((api) =>
          api.reverseLookup({ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }),
        ),
        BlockchainApi.use((api) => api.nameSuggestions("alice")),
      ]),
    )
    expect(record.addresses["60"]?.address).toBe(alice)
    expect(reverse.map((entry) => entry.name)).toEqual(["bob.reown.id"])
    expect(suggestions.suggestions.find((entry) => entry.name === "alice.reown.id")?.registered).toBe(true)
    expect(suggestions.suggestions.some((entry) => !entry.registered)).toBe(true)
  })

  it("serves real onramp options (not the fallback) and quotes within the limits", async () => {
    const options = await run(BlockchainApi.use((api) => api.onrampOptions))
    expect(options).not.toBe(sampleOnrampOptions)
    const usdc = options.purchaseCurrencies.find((currency) => currency.symbol === "USDC")
    const usd = options.paymentCurrencies.find((currency) => currency.id === "USD")
    if (!usdc || !usd) throw new Error("fixture options lack USDC or USD")
    const quote = await run(
      BlockchainApi.use((api) =>
        api.onrampQuote({ purchaseCurrency: usdc, paymentCurrency: usd, amount: "100", network: "base" }),
      ),
    )
    expect(quote.paymentTotal).toEqual({ amount: "100", currency: "USD" })
    expect(quote.coinbaseFee.amount).toBe("1.49")
  })
})

describe("WalletApi", () => {
  it("pages the listing at 40 and serves each wallet's image", async () => {
    const page = await run(WalletApi.use((api) => api.getWallets({ page: 2 })))
    expect(page.count).toBeGreaterThanOrEqual(500)
    expect(page.data).toHaveLength(walletPageEntries)
    const imageId = page.data[0]?.image_id ?? ""
    const image = await run(WalletApi.use((api) => api.image("wallet", imageId)))
    expect(image.contentType).toBe("image/png")
    expect(image.bytes.slice(1, 4)).toEqual(new TextEncoder().encode("PNG"))
  })
})

describe("Analytics", () => {
  const analytics = Analytics.layer({ enabled: true, url: "http://127.0.0.1:3000/app", domain: "127.0.0.1" })
  const send = (event: string) => Analytics.use((api) => api.sendEvent({ event, address: alice }))

  it("posts events the server accepts, never MODAL_CREATED", async () => {
    const before = fixtureApi().requests().length
    await run(Effect.all([send("MODAL_CREATED"), send("MODAL_OPEN")]).pipe(Effect.provide(analytics)))
    const posted = fixtureApi()
      .requests()
      .slice(before)
      .filter((request) => request.path === "/e")
    expect(posted).toHaveLength(1)
    expect(posted[0]?.query.projectId).toBe("integration-test")
    expect(posted[0]?.body).toMatchObject({
      eventId: expect.any(String),
      domain: "127.0.0.1",
      props: { address: alice },
    })
  })

  it("raises 'Invalid App Configuration' once on a 403, then stays off", async () => {
    fixtureApi().faults.set("/e", { status: 403 })
    const before = requestsTo(/^\/e$/)
    const message = await succeed(
      runAgainst(
        fixtureApi(),
        Effect.gen(function* () {
          const first = yield* Effect.flip(send("MODAL_OPEN"))
          yield* send("MODAL_CLOSE")
          return first.message
        }).pipe(Effect.provide(analytics)),
      ),
    )
    expect(message).toBe("Invalid App Configuration")
    expect(requestsTo(/^\/e$/) - before).toBe(1)
  })
})

describe("Bitcoin services", () => {
  it("sums UTXOs into an exact BTC balance per network", async () => {
    const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
    const [utxos, balance] = await run(
      Effect.all([
        Mempool.use((api) => api.utxos({ address, network: "Mainnet" })),
        Mempool.use((api) => api.balance({ address, network: "Mainnet" })),
      ]),
    )
    expect(balance.satoshis).toBe(utxos.reduce((sum, utxo) => sum + BigInt(utxo.value), 0n))
    const wrongNetwork = await failure(
      runAgainst(
        fixtureApi(),
        Mempool.use((api) => api.utxos({ address, network: "Testnet" })),
      ),
    )
    expect(wrongNetwork.message).toBe("Failed to fetch UTXOs: Invalid Bitcoin address")
  })

  it("runs a rune etch order end to end and refuses Regtest", async () => {
    const request = {
      destinationAddress: "bc1qdest",
      feeRate: 8,
      runeName: "FIXTURE•ETCH",
      isMintable: false,
    }
    const order = await run(
      Effect.gen(function* () {
        const api = yield* Ordinals
        const created = yield* api.createEtchOrder("Mainnet", { ...request, refundAddress: "bc1qrefund" })
        yield* api.executeOrder("Mainnet", {
          kind: "etch",
          orderId: created.orderId,
          fundTransactionId: "ef".repeat(32),
        })
        return yield* api.getOrder("Mainnet", created.orderId)
      }),
    )
    expect(order.state).toBe("executing")
    const regtest = await failure(
      runAgainst(
        fixtureApi(),
        Ordinals.use((api) => api.estimateEtch("Regtest", request)),
      ),
    )
    expect(regtest.message).toBe("Regtest is not supported by the ordinals service")
  })
})
