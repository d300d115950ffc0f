import { Context, Effect, Layer, SubscriptionRef } from "effect"
import { visibleTransactions } from "../api/blockchain/activity"
import type { Transaction, TransactionHistory } from "../api/blockchain/schemas"
import { Network } from "./Network"
import { Toast } from "./Toast"

/** Fetches one page of §7 history (GET /v1/account/{account}/history); the Blockchain API client provides it. */
export type FetchHistory = (request: {
  readonly address: string
  readonly chainId: string
  readonly cursor: string | undefined
}) => Effect.Effect<TransactionHistory, unknown>

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
  static readonly layer = (fetchHistory: FetchHistory) =>
    Layer.effect(
      Transactions,
      Effect.gen(function* () {
        const network = yield* Network
        const toast = yield* Toast
        const state = yield* SubscriptionRef.make(initialTransactionsState)
        const fail = Effect.andThen(
          SubscriptionRef.set(state, { ...initialTransactionsState, empty: true }),
          toast.showCatalogue("transactionsFetchFailed"),
        )
        const fetchNext = (address: string | undefined) =>
          Effect.gen(function* () {
            // §5: history needs an account address.
            if (address === undefined) return yield* fail
            const { caipNetwork } = yield* SubscriptionRef.get(network.state)
            const before = yield* SubscriptionRef.updateAndGet(state, (s) => ({ ...s, loading: true }))
            yield* fetchHistory({ address, chainId: caipNetwork.caipNetworkId, cursor: before.next }).pipe(
              Effect.matchEffect({
                onFailure: () => fail,
                onSuccess: (page) =>
                  SubscriptionRef.update(state, (s) => {
                    const transactions = [
                      ...s.transactions,
                      ...visibleTransactions(page.data, caipNetwork.caipNetworkId),
                    ]
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
