import { Effect, SubscriptionRef } from "effect"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Transaction } from "../api/blockchain/schemas"
import { testBaseUrl } from "../testing/http"
import { specTexts } from "../testing/specTexts"
import { base, runState, solana, waitFor } from "../testing/testkit"
import { Network } from "./Network"
import { Toast } from "./Toast"
import { Transactions } from "./Transactions"

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

const address = "0x1111111111111111111111111111111111111111"

const transaction = (id: string, spam: boolean): Transaction => ({
  id,
  metadata: {
    operationType: "receive",
    hash: `0x${id}`,
    minedAt: "2026-01-01T00:00:00Z",
    sentFrom: "0x2222222222222222222222222222222222222222",
    sentTo: address,
    status: "confirmed",
    nonce: 1,
    chain: "eip155:1",
  },
  transfers: [
    spam
      ? {
          nft_info: { name: "Free!", content: null, flags: { is_spam: true } },
          direction: "in",
          quantity: { numeric: "1" },
        }
      : { fungible_info: { symbol: "ETH", icon: null }, direction: "in", quantity: { numeric: "0.5" } },
  ],
})

const supported = () =>
  nock(testBaseUrl)
    .get("/v1/supported-chains")
    .query(true)
    .reply(200, { http: ["eip155:1"], ws: [] })

describe("Transactions", () => {
  it("loads pages by cursor, without spam", async () => {
    supported()
    nock(testBaseUrl)
      .get(`/v1/account/${address}/history`)
      .query((q) => q.cursor === undefined)
      .reply(200, { data: [transaction("a", false), transaction("spam", true)], next: "page2" })
      .get(`/v1/account/${address}/history`)
      .query((q) => q.cursor === "page2")
      .reply(200, { data: [transaction("b", false)], next: null })
    const pages = await runState(
      Effect.gen(function* () {
        const transactions = yield* Transactions
        yield* transactions.fetchNext(address)
        const first = yield* SubscriptionRef.get(transactions.state)
        yield* transactions.fetchNext(address)
        return [first, yield* SubscriptionRef.get(transactions.state)]
      }),
      { apiUrl: testBaseUrl },
    )
    expect(
      pages.map((p) => ({
        ids: p.transactions.map((t) => t.id),
        next: p.next,
        empty: p.empty,
        loading: p.loading,
      })),
    ).toEqual([
      { ids: ["a"], next: "page2", empty: false, loading: false },
      { ids: ["a", "b"], next: undefined, empty: false, loading: false },
    ])
  })

  it("asks nothing more after the last page (no page 1 again, no duplicates) until the list starts afresh", async () => {
    supported()
    const other = "0x3333333333333333333333333333333333333333"
    const twoPages = () =>
      nock(testBaseUrl)
        .get(`/v1/account/${address}/history`)
        .query((q) => q.cursor === undefined)
        .reply(200, { data: [transaction("a", false)], next: "page2" })
        .get(`/v1/account/${address}/history`)
        .query((q) => q.cursor === "page2")
        .reply(200, { data: [transaction("b", false)], next: null })
    twoPages()
    // Another account's list starts at its first page, and a return to the first account starts afresh too.
    nock(testBaseUrl)
      .get(`/v1/account/${other}/history`)
      .query((q) => q.cursor === undefined)
      .reply(200, { data: [transaction("c", false)], next: "other2" })
    twoPages()
    const seen = await runState(
      Effect.gen(function* () {
        const transactions = yield* Transactions
        const ids = Effect.map(SubscriptionRef.get(transactions.state), (s) =>
          s.transactions.map((t) => t.id),
        )
        yield* transactions.fetchNext(address)
        yield* transactions.fetchNext(address)
        // The last page is in: nothing is asked (any request would find no interceptor and fail the list).
        yield* transactions.fetchNext(address)
        yield* transactions.fetchNext(address)
        const atEnd = { ids: yield* ids, toast: (yield* SubscriptionRef.get((yield* Toast).state)).open }
        yield* transactions.fetchNext(other)
        yield* transactions.fetchNext(address)
        const afresh = yield* ids
        yield* transactions.fetchNext(address)
        return { atEnd, afresh, again: yield* ids }
      }),
      { apiUrl: testBaseUrl },
    )
    expect(seen).toEqual({ atEnd: { ids: ["a", "b"], toast: false }, afresh: ["a"], again: ["a", "b"] })
    expect(nock.isDone()).toBe(true)
  })

  it("marks the list empty and shows 'Failed to fetch transactions' when the fetch fails", async () => {
    supported()
    nock(testBaseUrl).get(`/v1/account/${address}/history`).query(true).reply(404, "nope")
    const [list, toast] = await runState(
      Effect.gen(function* () {
        yield* (yield* Transactions).fetchNext(address)
        return [
          yield* SubscriptionRef.get((yield* Transactions).state),
          yield* SubscriptionRef.get((yield* Toast).state),
        ] as const
      }),
      { apiUrl: testBaseUrl },
    )
    expect(list).toMatchObject({ transactions: [], empty: true, loading: false })
    expect(toast).toMatchObject({
      message: specTexts.toasts.transactionsFetchFailed,
      variant: "error",
      open: true,
    })
  })

  it("needs an account address (and an API) before it fetches anything", async () => {
    const [withoutAddress, withoutApi] = await Promise.all([
      runState(
        Effect.flatMap(Transactions, (t) =>
          Effect.andThen(t.fetchNext(undefined), SubscriptionRef.get(t.state)),
        ),
        {
          apiUrl: testBaseUrl,
        },
      ),
      runState(
        Effect.flatMap(Transactions, (t) =>
          Effect.andThen(t.fetchNext(address), SubscriptionRef.get(t.state)),
        ),
      ),
    ])
    expect(withoutAddress.empty).toBe(true)
    expect(withoutApi.empty).toBe(true)
  })

  it("starts a fresh list (no old entries, no old cursor) for another account", async () => {
    const other = "0x3333333333333333333333333333333333333333"
    supported()
    nock(testBaseUrl)
      .get(`/v1/account/${address}/history`)
      .query((q) => q.cursor === undefined)
      .reply(200, { data: [transaction("a", false)], next: "page2" })
      .get(`/v1/account/${other}/history`)
      .query((q) => q.cursor === undefined)
      .reply(200, { data: [transaction("c", false)], next: null })
    const list = await runState(
      Effect.gen(function* () {
        const transactions = yield* Transactions
        yield* transactions.fetchNext(address)
        yield* transactions.fetchNext(other)
        return yield* SubscriptionRef.get(transactions.state)
      }),
      { apiUrl: testBaseUrl },
    )
    expect({ ids: list.transactions.map((t) => t.id), next: list.next }).toEqual({
      ids: ["c"],
      next: undefined,
    })
  })

  it("clears the shown history when the active network changes", async () => {
    supported()
    nock(testBaseUrl)
      .get(`/v1/account/${address}/history`)
      .query(true)
      .reply(200, { data: [transaction("a", false)], next: "page2" })
    const [loaded, cleared] = await runState(
      Effect.gen(function* () {
        const transactions = yield* Transactions
        yield* transactions.fetchNext(address)
        const loaded = yield* SubscriptionRef.get(transactions.state)
        yield* (yield* Network).setActiveNetwork(base.caipNetworkId)
        return [loaded, yield* waitFor(transactions.state, (s) => s.transactions.length === 0)] as const
      }),
      { apiUrl: testBaseUrl },
    )
    expect(loaded.transactions.map((t) => t.id)).toEqual(["a"])
    expect(cleared).toEqual({ transactions: [], loading: false, empty: false, next: undefined })
  })

  it("in a page, also clears a history shown before the first idle moment, for a network changed before it", async () => {
    const idleCallbacks: Array<() => void> = []
    vi.stubGlobal("requestIdleCallback", (run: () => void) => idleCallbacks.push(run))
    try {
      supported()
      nock(testBaseUrl)
        .get(`/v1/account/${address}/history`)
        .query(true)
        .reply(200, { data: [transaction("a", false)], next: "page2" })
      const [shown, cleared] = await runState(
        Effect.gen(function* () {
          const transactions = yield* Transactions
          yield* transactions.fetchNext(address)
          yield* (yield* Network).setActiveNetwork(base.caipNetworkId)
          const shown = (yield* SubscriptionRef.get(transactions.state)).transactions.length
          yield* Effect.sync(() => {
            for (const run of idleCallbacks) run()
          })
          return [shown, yield* waitFor(transactions.state, (s) => s.transactions.length === 0)] as const
        }),
        { apiUrl: testBaseUrl },
      )
      expect(shown).toBe(1)
      expect(cleared).toEqual({ transactions: [], loading: false, empty: false, next: undefined })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("asks for history on eip155 networks only: on Solana the list is empty, with no request and no toast", async () => {
    const solanaAddress = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
    // The API lists Solana among its chains and would answer: still, activity is an eip155 feature (§1).
    nock(testBaseUrl)
      .get("/v1/supported-chains")
      .query(true)
      .optionally()
      .reply(200, { http: ["eip155:1", solana.caipNetworkId], ws: [] })
    const history = nock(testBaseUrl)
      .get(`/v1/account/${solanaAddress}/history`)
      .query(true)
      .reply(200, { data: [transaction("a", false)], next: null })
    const [list, toast] = await runState(
      Effect.gen(function* () {
        yield* (yield* Network).setActiveNetwork(solana.caipNetworkId)
        const transactions = yield* Transactions
        yield* transactions.fetchNext(solanaAddress)
        return [
          yield* SubscriptionRef.get(transactions.state),
          (yield* SubscriptionRef.get((yield* Toast).state)).open,
        ] as const
      }),
      { apiUrl: testBaseUrl },
    )
    expect(history.isDone()).toBe(false)
    expect(list).toMatchObject({ transactions: [], loading: false, empty: true })
    expect(toast).toBe(false)
  })

  describe("transactions this app sent", () => {
    const sent = (id: string, status = "pending"): Transaction => {
      const entry = transaction(id, false)
      return { ...entry, metadata: { ...entry.metadata, operationType: "send", status } }
    }
    const owner = { caipNetworkId: "eip155:1", address }

    it("head the list through the first fetch, are updated in place and never listed twice", async () => {
      supported()
      nock(testBaseUrl)
        .get(`/v1/account/${address}/history`)
        .query(true)
        .reply(200, { data: [transaction("sent", false), transaction("a", false)], next: null })
      const [before, after] = await runState(
        Effect.gen(function* () {
          const transactions = yield* Transactions
          yield* transactions.recordLocal(sent("sent"), owner)
          const before = yield* SubscriptionRef.get(transactions.state)
          yield* transactions.fetchNext(address)
          yield* transactions.recordLocal(sent("sent", "confirmed"), owner)
          return [before, yield* SubscriptionRef.get(transactions.state)] as const
        }),
        { apiUrl: testBaseUrl },
      )
      expect(before.transactions.map((t) => [t.id, t.metadata.status])).toEqual([["sent", "pending"]])
      expect(after.transactions.map((t) => [t.id, t.metadata.status])).toEqual([
        ["sent", "confirmed"],
        ["a", "confirmed"],
      ])
    })

    it("are listed once when the indexer reports them under its own id (same transaction hash)", async () => {
      supported()
      const indexed = { ...transaction("sent", false), id: "indexer-7f3a" }
      nock(testBaseUrl)
        .get(`/v1/account/${address}/history`)
        .query(true)
        .reply(200, { data: [indexed, transaction("a", false)], next: null })
      const shown = await runState(
        Effect.gen(function* () {
          const transactions = yield* Transactions
          yield* transactions.recordLocal(sent("sent", "confirmed"), owner)
          yield* transactions.fetchNext(address)
          return (yield* SubscriptionRef.get(transactions.state)).transactions
        }),
        { apiUrl: testBaseUrl },
      )
      expect(shown.map((t) => t.metadata.hash)).toEqual(["0xsent", "0xa"])
    })

    it("stay when the fetch fails, and are not another account's", async () => {
      const other = "0x3333333333333333333333333333333333333333"
      supported()
      nock(testBaseUrl)
        .get(`/v1/account/${address}/history`)
        .query(true)
        .reply(503, "down")
        .get(`/v1/account/${other}/history`)
        .query(true)
        .reply(200, { data: [], next: null })
      const [failed, others] = await runState(
        Effect.gen(function* () {
          const transactions = yield* Transactions
          yield* transactions.recordLocal(sent("sent"), owner)
          yield* transactions.fetchNext(address)
          const failed = yield* SubscriptionRef.get(transactions.state)
          yield* transactions.fetchNext(other)
          return [failed, yield* SubscriptionRef.get(transactions.state)] as const
        }),
        { apiUrl: testBaseUrl },
      )
      expect(failed).toMatchObject({ empty: true, transactions: [{ id: "sent" }] })
      expect(others.transactions).toEqual([])
    })

    it("keep at most §9's 99 per account, newest first", async () => {
      const list = await runState(
        Effect.gen(function* () {
          const transactions = yield* Transactions
          for (let n = 0; n < 100; n++) yield* transactions.recordLocal(sent(`t${n}`), owner)
          yield* transactions.fetchNext(address)
          return yield* SubscriptionRef.get(transactions.state)
        }),
      )
      expect(list.transactions).toHaveLength(99)
      expect(list.transactions[0]?.id).toBe("t99")
      expect(list.transactions.at(-1)?.id).toBe("t1")
    })
  })
})
