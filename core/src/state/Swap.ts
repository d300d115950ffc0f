import { Context, Effect, Layer, Option, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import type { SwapToken } from "../api/blockchain/schemas"
import { BlockchainApiMissingError, type SwapNotReadyError } from "../errors/swapFlow"
import type { SwapError } from "../errors/transfer"
import type { ApiError } from "../http/ApiClient"
import { Router } from "./Router"
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
  /**
   * idle → quoting → quoted → executing (claimed) → allowance/approve/swap (the step under way) → swapped, or
   * error. From executing to the outcome, a second execution and a new quote are refused (SwapInProgressError).
   */
  readonly status: "idle" | "quoting" | "quoted" | "executing" | SwapStep | "swapped" | "error"
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
 * swapFlow's; this service records it (swapService, loaded with the first use) and holds the app's one
 * pending-transactions limit (§9: 99). Entering the Swap view again starts a fresh form: the last visit's quote,
 * swap or failure is cleared (a swap under way stays, its steps still showing).
 */
export class Swap extends Context.Service<
  Swap,
  {
    readonly state: SubscriptionRef.SubscriptionRef<SwapState>
    /** Refused while an execution is under way: it would replace the quote being executed. */
    readonly quote: (
      request: SwapRequest,
    ) => Effect.Effect<SwapQuote, SwapQuoteError | SwapInProgressError | BlockchainApiMissingError>
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
    /** Back to a fresh form, unless an execution is under way; a quote still answering is dropped. */
    readonly reset: Effect.Effect<void>
  }
>()("appkit/Swap") {
  static readonly layer = Layer.effect(
    Swap,
    Effect.gen(function* () {
      const api = yield* Effect.serviceOption(BlockchainApi)
      const router = yield* Router
      const scope = yield* Effect.scope
      const state = yield* SubscriptionRef.make(initialSwapState)
      const withApi = <A, E>(
        program: Effect.Effect<A, E, BlockchainApi>,
      ): Effect.Effect<A, E | BlockchainApiMissingError> =>
        Option.match(api, {
          onNone: () => Effect.fail(new BlockchainApiMissingError({ feature: "Swapping" })),
          onSome: (client) => Effect.provideService(program, BlockchainApi, client),
        })
      // The quote, the execution and their rules load with the first use, not with the app.
      const service = yield* Effect.cached(
        Effect.flatMap(
          Effect.promise(() => import("./lazyFlows")),
          (module) => module.makeSwapService({ state, router: router.state, scope, withApi }),
        ),
      )

      const tokens = (chainId: string) =>
        withApi(
          Effect.flatMap(BlockchainApi, (client) =>
            Effect.map(client.swapTokens({ chainId }), (list) => list.tokens),
          ),
        )

      return Swap.of({
        state,
        quote: (request) => Effect.flatMap(service, (s) => s.quote(request)),
        execute: (signer) => Effect.flatMap(service, (s) => s.execute(signer)),
        build: (request) => Effect.flatMap(service, (s) => s.build(request)),
        tokens,
        reset: Effect.flatMap(service, (s) => s.reset),
      })
    }),
  )
}
