import { Context, Effect, Layer, Option, Ref, Stream, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import type { Transaction } from "../api/blockchain/schemas"
import { Limits } from "../config/constants"
import { Account } from "./Account"
import { Network } from "./Network"
import { Toast } from "./Toast"
import { afterPageIdle } from "./whenPageIdle"

/** §4 transactions list: loading, empty, next cursor. */
export interface TransactionsState {
  readonly transactions: ReadonlyArray<Transaction>
  readonly loading: boolean
  readonly empty: boolean
  readonly next: string | undefined
}

export const initialTransactionsState: TransactionsState = {
  transactions: [],
  loading: false,
  empty: false,
  next: undefined,
}

/** Whose list a locally recorded transaction belongs to: the chain it was sent on and the sender's address. */
export interface LocalOwner {
  readonly caipNetworkId: string
  readonly address: string
}

const ownerKey = (owner: LocalOwner) => `${owner.caipNetworkId} ${owner.address}`

/**
 * The app's own entries first (newest first), then the indexer's, each transaction once: known by its hash, since
 * the indexer lists a transaction this app recorded (under its hash) with an id of its own.
 */
const merged = (local: ReadonlyArray<Transaction>, fetched: ReadonlyArray<Transaction>) => {
  const hashes = new Set(local.map((entry) => entry.metadata.hash))
  return [...local, ...fetched.filter((entry) => !hashes.has(entry.metadata.hash))]
}

export class Transactions extends Context.Service<
  Transactions,
  {
    readonly state: SubscriptionRef.SubscriptionRef<TransactionsState>
    /**
     * Loads the next page (the first when `next` is unset); a failure empties the list and shows a toast. Once the
     * last page is in, it asks nothing more until the list starts afresh (another account or network).
     */
    readonly fetchNext: (address: string | undefined) => Effect.Effect<void>
    readonly reset: Effect.Effect<void>
    /**
     * Adds (or updates, by id) a transaction this app sent, for the account and chain that sent it: it heads
     * the list before any indexer reports it, and stays through refetches of that account's list.
     */
    readonly recordLocal: (entry: Transaction, owner: LocalOwner) => Effect.Effect<void>
  }
>()("appkit/Transactions") {
  static readonly layer = Layer.effect(
    Transactions,
    Effect.gen(function* () {
      const api = yield* Effect.serviceOption(BlockchainApi)
      const network = yield* Network
      const account = yield* Account
      const toast = yield* Toast
      const state = yield* SubscriptionRef.make(initialTransactionsState)
      // The account and chain the list (and its cursor) belong to: another one starts a fresh list.
      const owner = yield* Ref.make<string | undefined>(undefined)
      // The owner whose last page is in: its `next` is unset again, which must not read as "start over".
      const complete = yield* Ref.make<string | undefined>(undefined)
      // Sent from this app, per owner key, newest first: at most §9's 99 per owner.
      const local = yield* Ref.make<ReadonlyMap<string, ReadonlyArray<Transaction>>>(new Map())
      const localOf = (key: string | undefined) =>
        Effect.map(Ref.get(local), (map) => (key === undefined ? [] : (map.get(key) ?? [])))
      const reset = Effect.gen(function* () {
        yield* Ref.set(owner, undefined)
        yield* Ref.set(complete, undefined)
        yield* SubscriptionRef.set(state, initialTransactionsState)
      })
      const fail = (key: string) =>
        Effect.gen(function* () {
          const mine = yield* localOf(key)
          yield* SubscriptionRef.set(state, { ...initialTransactionsState, transactions: mine, empty: true })
          yield* toast.showCatalogue("transactionsFetchFailed")
        })
      const fetchNext = (address: string | undefined) =>
        Effect.gen(function* () {
          const { caipNetwork } = yield* SubscriptionRef.get(network.state)
          const key = `${caipNetwork.caipNetworkId} ${address}`
          // Without an API there is no history to show: the list is empty, as after a failed fetch.
          if (Option.isNone(api)) return yield* fail(key)
          if ((yield* Ref.get(complete)) === key) return
          if ((yield* Ref.getAndSet(owner, key)) !== key) {
            yield* Ref.set(complete, undefined)
            yield* SubscriptionRef.set(state, {
              ...initialTransactionsState,
              transactions: yield* localOf(key),
            })
          }
          const before = yield* SubscriptionRef.updateAndGet(state, (s) => ({ ...s, loading: true }))
          // The client refuses a missing address and keeps only this chain's non-spam entries (§5).
          const page = yield* Effect.result(
            api.value.history({ account: address, chainId: caipNetwork.caipNetworkId, cursor: before.next }),
          )
          // A page that arrives after the account or chain changed belongs to no list on screen.
          if ((yield* Ref.get(owner)) !== key) return
          if (page._tag === "Failure") return yield* fail(key)
          if (page.success.next == null) yield* Ref.set(complete, key)
          yield* SubscriptionRef.update(state, (s) => {
            const transactions = merged(s.transactions, page.success.data)
            return {
              transactions,
              loading: false,
              empty: transactions.length === 0,
              next: page.success.next ?? undefined,
            }
          })
        })

      // Another chain or account makes the shown history stale: clear it at once rather than on the next fetch.
      const activeAccount = Effect.gen(function* () {
        const { caipNetwork, activeNamespace } = yield* SubscriptionRef.get(network.state)
        const { byNamespace } = yield* SubscriptionRef.get(account.state)
        return `${caipNetwork.caipNetworkId} ${byNamespace[activeNamespace]?.caipAddress}`
      })
      // Watched from the first idle moment on (the first paint does not wait), against the account at start: a
      // change made meanwhile still clears it.
      let shown = yield* activeAccount
      yield* Effect.forkScoped(
        afterPageIdle(
          Stream.merge(SubscriptionRef.changes(network.state), SubscriptionRef.changes(account.state)).pipe(
            Stream.mapEffect(() => activeAccount),
            Stream.runForEach((key) => {
              if (key === shown) return Effect.void
              shown = key
              return reset
            }),
          ),
        ),
      )

      const recordLocal = (entry: Transaction, entryOwner: LocalOwner) =>
        Effect.gen(function* () {
          const key = ownerKey(entryOwner)
          const mine = merged([entry], yield* localOf(key)).slice(0, Limits.pendingTransactions)
          yield* Ref.update(local, (map) => new Map(map).set(key, mine))
          const current = yield* Ref.get(owner)
          // Shown at once when the list on screen is that account's (or none is loaded yet).
          if (current !== undefined && current !== key) return
          yield* SubscriptionRef.update(state, (s) => {
            const exists = s.transactions.some((transaction) => transaction.id === entry.id)
            const transactions = exists
              ? s.transactions.map((transaction) => (transaction.id === entry.id ? entry : transaction))
              : [entry, ...s.transactions]
            return { ...s, transactions, empty: false }
          })
        })

      return Transactions.of({ state, fetchNext, reset, recordLocal })
    }),
  )
}
