import { Context, Effect, Layer, Option, Ref, Stream, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import type { Transaction } from "../api/blockchain/schemas"
import { Account } from "./Account"
import { Network } from "./Network"
import { Toast } from "./Toast"

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

export class Transactions extends Context.Service<
  Transactions,
  {
    readonly state: SubscriptionRef.SubscriptionRef<TransactionsState>
    /** Loads the next page (the first when `next` is unset); a failure empties the list and shows a toast. */
    readonly fetchNext: (address: string | undefined) => Effect.Effect<void>
    readonly reset: Effect.Effect<void>
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
      const reset = Effect.andThen(
        Ref.set(owner, undefined),
        SubscriptionRef.set(state, initialTransactionsState),
      )
      const fail = Effect.andThen(
        SubscriptionRef.set(state, { ...initialTransactionsState, empty: true }),
        toast.showCatalogue("transactionsFetchFailed"),
      )
      const fetchNext = (address: string | undefined) =>
        Effect.gen(function* () {
          // Without an API there is no history to show: the list is empty, as after a failed fetch.
          if (Option.isNone(api)) return yield* fail
          const { caipNetwork } = yield* SubscriptionRef.get(network.state)
          const key = `${caipNetwork.caipNetworkId} ${address}`
          if ((yield* Ref.getAndSet(owner, key)) !== key)
            yield* SubscriptionRef.set(state, initialTransactionsState)
          const before = yield* SubscriptionRef.updateAndGet(state, (s) => ({ ...s, loading: true }))
          // The client refuses a missing address and keeps only this chain's non-spam entries (§5).
          const page = yield* Effect.result(
            api.value.history({ account: address, chainId: caipNetwork.caipNetworkId, cursor: before.next }),
          )
          // A page that arrives after the account or chain changed belongs to no list on screen.
          if ((yield* Ref.get(owner)) !== key) return
          if (page._tag === "Failure") return yield* fail
          yield* SubscriptionRef.update(state, (s) => {
            const transactions = [...s.transactions, ...page.success.data]
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
      yield* Effect.forkScoped(
        Stream.merge(SubscriptionRef.changes(network.state), SubscriptionRef.changes(account.state)).pipe(
          Stream.mapEffect(() => activeAccount),
          Stream.changes,
          Stream.drop(1),
          Stream.runForEach(() => reset),
        ),
      )

      return Transactions.of({ state, fetchNext, reset })
    }),
  )
}
