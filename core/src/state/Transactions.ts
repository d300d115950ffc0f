import { Context, Effect, Layer, Option, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import type { Transaction } from "../api/blockchain/schemas"
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
      const toast = yield* Toast
      const state = yield* SubscriptionRef.make(initialTransactionsState)
      const fail = Effect.andThen(
        SubscriptionRef.set(state, { ...initialTransactionsState, empty: true }),
        toast.showCatalogue("transactionsFetchFailed"),
      )
      const fetchNext = (address: string | undefined) =>
        Effect.gen(function* () {
          // Without an API there is no history to show: the list is empty, as after a failed fetch.
          if (Option.isNone(api)) return yield* fail
          const { caipNetwork } = yield* SubscriptionRef.get(network.state)
          const before = yield* SubscriptionRef.updateAndGet(state, (s) => ({ ...s, loading: true }))
          // The client refuses a missing address and keeps only this chain's non-spam entries (§5).
          yield* api.value
            .history({ account: address, chainId: caipNetwork.caipNetworkId, cursor: before.next })
            .pipe(
              Effect.matchEffect({
                onFailure: () => fail,
                onSuccess: (page) =>
                  SubscriptionRef.update(state, (s) => {
                    const transactions = [...s.transactions, ...page.data]
                    return {
                      transactions,
                      loading: false,
                      empty: transactions.length === 0,
                      next: page.next ?? undefined,
                    }
                  }),
              }),
            )
        })
      return Transactions.of({
        state,
        fetchNext,
        reset: SubscriptionRef.set(state, initialTransactionsState),
      })
    }),
  )
}
