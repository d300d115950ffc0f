import { Effect, Ref, type Scope, Stream, SubscriptionRef } from "effect"
import type { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { type BlockchainApiMissingError, SwapNotReadyError } from "../errors/swapFlow"
import type { RouterState } from "./Router"
import { initialSwapState, type SwapState } from "./Swap"
import {
  buildSwap,
  executeSwap,
  makePendingTransactions,
  quoteSwap,
  type SwapBuildRequest,
  SwapInProgressError,
  type SwapRequest,
  type SwapSigner,
} from "./swapFlow"

/** What the Swap service's layer gives the code that loads with its first use. */
export interface SwapServiceContext {
  readonly state: SubscriptionRef.SubscriptionRef<SwapState>
  readonly router: SubscriptionRef.SubscriptionRef<RouterState>
  /** The layer's scope, where the view watcher runs. */
  readonly scope: Scope.Scope
  readonly withApi: <A, E>(
    program: Effect.Effect<A, E, BlockchainApi>,
  ) => Effect.Effect<A, E | BlockchainApiMissingError>
}

const underWay: ReadonlySet<SwapState["status"]> = new Set(["executing", "allowance", "approve", "swap"])

/**
 * The Swap service's quote, execution and reset, loaded with its first use (not with the app), with the app's
 * one pending-transactions limit (§9: 99). An execution is claimed in the state at once ("executing"): until its
 * outcome, a second execution (a double click) and a new quote (it would replace the quote being executed) are
 * refused with SwapInProgressError, that call's alone, never recorded over the execution under way.
 */
export const makeSwapService = ({ state, router, scope, withApi }: SwapServiceContext) =>
  Effect.gen(function* () {
    const pending = yield* makePendingTransactions()
    const patch = (next: Partial<SwapState>) => SubscriptionRef.update(state, (s) => ({ ...s, ...next }))
    /** Sets the next state unless an execution is under way; answers whether it was refused. */
    const unlessUnderWay = (next: (s: SwapState) => SwapState) =>
      SubscriptionRef.modify(state, (s) => (underWay.has(s.status) ? [true, s] : [false, next(s)]))
    // A signer's own errors are whatever its caller made them; the message is read where there is one.
    const recordFailure = (error: unknown) =>
      patch({ status: "error", error: error instanceof Error ? error.message : String(error) })

    // Quotes asked one after another may answer in any order: only the latest asked is recorded (shown, and
    // the one `execute` sends), never an earlier one answering after it.
    const asked = yield* Ref.make(0)
    const quote = (request: SwapRequest) =>
      Effect.gen(function* () {
        if (yield* unlessUnderWay(() => ({ ...initialSwapState, status: "quoting" })))
          return yield* new SwapInProgressError()
        const id = yield* Ref.updateAndGet(asked, (n) => n + 1)
        const ifLatest = (record: Effect.Effect<void>) =>
          Effect.flatMap(Ref.get(asked), (latest) => (latest === id ? record : Effect.void))
        return yield* withApi(quoteSwap(request)).pipe(
          Effect.tap((quoted) => ifLatest(patch({ status: "quoted", quote: quoted }))),
          Effect.tapError((error) => ifLatest(recordFailure(error))),
        )
      })

    // An execution that is stopped leaves its quote to execute again.
    const execute = <E>(signer: SwapSigner<E>) =>
      Effect.gen(function* () {
        if (yield* unlessUnderWay((s) => ({ ...s, status: "executing" })))
          return yield* new SwapInProgressError()
        return yield* Effect.gen(function* () {
          const { quote: current } = yield* SubscriptionRef.get(state)
          if (current === undefined) return yield* new SwapNotReadyError()
          const outcome = yield* withApi(
            executeSwap(current, signer, { pending, onStep: (step) => patch({ status: step }) }),
          )
          yield* patch({ status: "swapped", outcome })
          return outcome
        }).pipe(
          Effect.tapError(recordFailure),
          Effect.onInterrupt(() => patch({ status: "quoted" })),
        )
      })

    // A quote still answering is dropped with the form.
    const reset = Effect.asVoid(
      Effect.andThen(
        Ref.update(asked, (n) => n + 1),
        unlessUnderWay(() => initialSwapState),
      ),
    )

    // Entering the Swap view again (from another view) starts a fresh form: the last visit's quote, swap or
    // failure is cleared; a swap under way stays, its steps still showing. Watched from the first use on (before
    // it there is nothing to clear), from the view shown then.
    let onSwap: boolean | undefined
    yield* Effect.forkIn(
      Stream.runForEach(SubscriptionRef.changes(router), ({ view }) => {
        const entered = view === "Swap" && onSwap === false
        onSwap = view === "Swap"
        return entered ? reset : Effect.void
      }),
      scope,
      { startImmediately: true },
    )

    return {
      quote,
      execute,
      build: (request: SwapBuildRequest) => withApi(buildSwap(request)),
      reset,
    }
  })
