import { Context, Effect, Layer, Option, Ref, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import type { SwapToken } from "../api/blockchain/schemas"
import { BlockchainApiMissingError, SwapNotReadyError } from "../errors/swapFlow"
import type { SwapError } from "../errors/transfer"
import type { ApiError } from "../http/ApiClient"
import type {
  buildSwap,
  executeSwap,
  SwapBuildRequest,
  SwapInProgressError,
  SwapOutcome,
  SwapQuote,
  SwapQuoteError,
  SwapRequest,
  SwapSigner,
  SwapStep,
  SwapTransaction,
} from "./swapFlow"

export interface SwapState {
  /** idle → quoting → quoted → allowance/approve/swap (the step under way) → swapped, or error. */
  readonly status: "idle" | "quoting" | "quoted" | SwapStep | "swapped" | "error"
  readonly quote: SwapQuote | undefined
  readonly outcome: SwapOutcome | undefined
  /** The failure's message (the §8 text for the catalogued ones). */
  readonly error: string | undefined
}

export const initialSwapState: SwapState = {
  status: "idle",
  quote: undefined,
  outcome: undefined,
  error: undefined,
}

/**
 * The swap view's state: the quote shown, the step under way, the outcome or failure. The flow itself is
 * swapFlow's; this service records it and holds the app's one pending-transactions limit (§9: 99).
 */
export class Swap extends Context.Service<
  Swap,
  {
    readonly state: SubscriptionRef.SubscriptionRef<SwapState>
    readonly quote: (
      request: SwapRequest,
    ) => Effect.Effect<SwapQuote, SwapQuoteError | BlockchainApiMissingError>
    /** Executes the quote on show (the last `quote`); fails without one. */
    readonly execute: <E>(
      signer: SwapSigner<E>,
    ) => Effect.Effect<
      SwapOutcome,
      | Effect.Error<ReturnType<typeof executeSwap<E>>>
      | SwapNotReadyError
      | SwapInProgressError
      | BlockchainApiMissingError
    >
    /** The swap transaction the convert endpoints build for a request (its gas limit prices a Max). */
    readonly build: (
      request: SwapBuildRequest,
    ) => Effect.Effect<
      SwapTransaction,
      Effect.Error<ReturnType<typeof buildSwap>> | BlockchainApiMissingError
    >
    /** The swap token list of a network (GET /v1/convert/tokens: the 12 swap networks only). */
    readonly tokens: (
      chainId: string,
    ) => Effect.Effect<ReadonlyArray<SwapToken>, ApiError | SwapError | BlockchainApiMissingError>
    readonly reset: Effect.Effect<void>
  }
>()("appkit/Swap") {
  static readonly layer = Layer.effect(
    Swap,
    Effect.gen(function* () {
      const api = yield* Effect.serviceOption(BlockchainApi)
      const state = yield* SubscriptionRef.make(initialSwapState)
      // The flow's code loads with the first quote, not with the app; the app's one pending limit with it.
      const flow = yield* Effect.cached(
        Effect.promise(() => import("./lazyFlows")).pipe(
          Effect.flatMap(({ swapFlow: module }) =>
            Effect.map(module.makePendingTransactions(), (pending) => ({ ...module, pending })),
          ),
        ),
      )
      const patch = (next: Partial<SwapState>) => SubscriptionRef.update(state, (s) => ({ ...s, ...next }))
      // A signer's own errors are whatever its caller made them; the message is read where there is one.
      const recordFailure = (error: unknown) =>
        patch({
          status: "error",
          error: error instanceof Error ? error.message : String(error),
        })
      const withApi = <A, E>(
        program: Effect.Effect<A, E, BlockchainApi>,
      ): Effect.Effect<A, E | BlockchainApiMissingError> =>
        Option.match(api, {
          onNone: () => Effect.fail(new BlockchainApiMissingError({ feature: "Swapping" })),
          onSome: (client) => Effect.provideService(program, BlockchainApi, client),
        })

      // Quotes asked one after another may answer in any order: only the latest asked is recorded (shown, and
      // the one `execute` sends), never an earlier one answering after it.
      const asked = yield* Ref.make(0)
      const quote = (request: SwapRequest) =>
        Effect.flatMap(
          Ref.updateAndGet(asked, (n) => n + 1),
          (id) => {
            const ifLatest = (record: Effect.Effect<void>) =>
              Effect.flatMap(Ref.get(asked), (latest) => (latest === id ? record : Effect.void))
            return Effect.gen(function* () {
              yield* SubscriptionRef.set(state, {
                ...initialSwapState,
                status: "quoting",
              } satisfies SwapState)
              const { quoteSwap } = yield* flow
              const quoted = yield* withApi(quoteSwap(request))
              yield* ifLatest(patch({ status: "quoted", quote: quoted }))
              return quoted
            }).pipe(Effect.tapError((error) => ifLatest(recordFailure(error))))
          },
        )

      // Claimed at once, so a second execution (a double click) is refused instead of swapping again; the
      // refusal is that call's alone, never recorded over the execution under way.
      const executing = yield* Ref.make(false)
      const execute = <E>(signer: SwapSigner<E>) =>
        Effect.gen(function* () {
          const claimed = yield* Ref.getAndSet(executing, true)
          const { executeSwap, pending, SwapInProgressError } = yield* flow
          if (claimed) return yield* new SwapInProgressError()
          return yield* Effect.gen(function* () {
            const { quote: current } = yield* SubscriptionRef.get(state)
            if (current === undefined) return yield* new SwapNotReadyError()
            const outcome = yield* withApi(
              executeSwap(current, signer, { pending, onStep: (step) => patch({ status: step }) }),
            )
            yield* patch({ status: "swapped", outcome })
            return outcome
          }).pipe(Effect.tapError(recordFailure), Effect.ensuring(Ref.set(executing, false)))
        })

      const build = (request: SwapBuildRequest) =>
        Effect.flatMap(flow, ({ buildSwap }) => withApi(buildSwap(request)))

      const tokens = (chainId: string) =>
        withApi(
          Effect.flatMap(BlockchainApi, (client) =>
            Effect.map(client.swapTokens({ chainId }), (list) => list.tokens),
          ),
        )

      return Swap.of({
        state,
        quote,
        execute,
        build,
        tokens,
        reset: SubscriptionRef.set(state, initialSwapState),
      })
    }),
  )
}
