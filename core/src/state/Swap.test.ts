import { Deferred, Effect, Exit, Fiber, Layer, Stream, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import type { SwapToken } from "../api/blockchain/schemas"
import { Router } from "./Router"
import { Swap } from "./Swap"
import type { SwapSigner } from "./swapFlow"

const CHAIN = "eip155:1"
const user = "0x1111111111111111111111111111111111111111"
const token = (symbol: string, hex: string): SwapToken => ({
  name: symbol,
  symbol,
  address: `${CHAIN}:0x${hex.repeat(40)}`,
  decimals: 18,
  logoUri: "",
})

/** A convert API whose quote for one whole token answers only once `release` is done. */
const apiWithSlowQuote = (release: Deferred.Deferred<void>, asked: Deferred.Deferred<void>) => {
  let allowanceReads = 0
  return Layer.succeed(BlockchainApi, {
    swapTokens: () => Effect.succeed({ tokens: [token("TKA", "a"), token("TKB", "b")] }),
    gasPrice: () => Effect.succeed({ standard: "1", fast: "2", instant: "3" }),
    fungiblePrice: () => Effect.succeed({ fungibles: [] }),
    // No allowance before each approval, enough after it: every execution approves, then swaps.
    allowance: () =>
      Effect.sync(() => ({ allowance: allowanceReads++ % 2 === 0 ? "0" : String(10n ** 30n) })),
    buildApprove: () =>
      Effect.succeed({
        tx: {
          from: user,
          to: `0x${"a".repeat(40)}`,
          data: "0x095ea7b3",
          value: "0",
          eip155: { gas: 50_000 },
        },
      }),
    buildTransaction: () =>
      Effect.succeed({
        tx: {
          from: user,
          to: `0x${"2".repeat(40)}`,
          data: "0x38ed1739",
          amount: "0",
          eip155: { gas: "200000" },
        },
      }),
    swapQuotes: (params: { readonly amount: string }) => {
      const answer = Effect.succeed({
        quotes: [
          { id: null, fromAmount: params.amount, fromAccount: "", toAmount: params.amount, toAccount: "" },
        ],
      })
      return params.amount === String(10n ** 18n)
        ? Effect.andThen(Deferred.succeed(asked, undefined), Effect.andThen(Deferred.await(release), answer))
        : answer
    },
  } as unknown as BlockchainApiShape)
}

/** A wallet whose transactions confirm at once, or (`stalled`) that never answers a request to send. */
const signer = (stalled: boolean): SwapSigner<never> => ({
  address: user,
  sendTransaction: () => (stalled ? Effect.never : Effect.succeed(`0x${"1".repeat(64)}`)),
  waitForReceipt: () => Effect.succeed("success"),
})

const request = { chainId: CHAIN, from: "TKA", to: "TKB", userAddress: user, amount: "10" }

/** The Swap service with the router of its modal, over a convert API that answers at once. */
const runSwap = <A, E>(program: Effect.Effect<A, E, Swap | Router>) => {
  const never = Effect.runSync(Deferred.make<void>())
  return Effect.runPromise(
    program.pipe(
      Effect.provide(
        Swap.layer.pipe(Layer.provideMerge(Router.layer), Layer.provide(apiWithSlowQuote(never, never))),
      ),
    ),
  )
}

/** Until the swap's status is `status`. */
const statusIs = (swap: Swap["Service"], status: string) =>
  Stream.runHead(Stream.filter(SubscriptionRef.changes(swap.state), (s) => s.status === status))

describe("Swap", () => {
  it("says an execution is under way from the moment it is claimed, and refuses a second one and a new quote meanwhile", async () => {
    const seen = await runSwap(
      Effect.gen(function* () {
        const swap = yield* Swap
        const statuses: Array<string> = []
        yield* Effect.forkChild(
          Stream.runForEach(SubscriptionRef.changes(swap.state), (s) =>
            Effect.sync(() => statuses.push(s.status)),
          ),
        )
        const quote = yield* swap.quote(request)
        const first = yield* Effect.forkChild(swap.execute(signer(true)))
        yield* statusIs(swap, "approve")
        const second = yield* Effect.exit(swap.execute(signer(false)))
        const requote = yield* Effect.exit(swap.quote({ ...request, amount: "1" }))
        const during = yield* SubscriptionRef.get(swap.state)
        yield* Fiber.interrupt(first)
        const after = yield* SubscriptionRef.get(swap.state)
        return { quote, statuses, second, requote, during, after }
      }),
    )
    // "executing" from the claim on, before its first step: a view disables Swap from the state alone.
    const shown = seen.statuses.filter((status, i) => status !== seen.statuses[i - 1])
    expect(shown.slice(shown.indexOf("quoted"))).toEqual([
      "quoted",
      "executing",
      "allowance",
      "approve",
      "quoted",
    ])
    const refusal = { _tag: "SwapInProgressError", message: "A swap is already under way" }
    expect(Exit.isFailure(seen.second) && Exit.findErrorOption(seen.second)).toMatchObject({ value: refusal })
    expect(Exit.isFailure(seen.requote) && Exit.findErrorOption(seen.requote)).toMatchObject({
      value: refusal,
    })
    // The refusals are those calls' alone: the execution under way is still what the state shows.
    expect(seen.during).toMatchObject({ status: "approve", quote: seen.quote, error: undefined })
    // An execution that was stopped leaves the quote to execute again.
    expect(seen.after).toMatchObject({ status: "quoted", quote: seen.quote, error: undefined })
  })

  it("shows a finished swap until the Swap view is entered again, which starts a fresh form from its first render; a swap under way stays", async () => {
    const seen = await runSwap(
      Effect.gen(function* () {
        const swap = yield* Swap
        const router = yield* Router
        const settle = Effect.gen(function* () {
          for (let i = 0; i < 5; i++) yield* Effect.yieldNow
          return (yield* SubscriptionRef.get(swap.state)).status
        })
        yield* router.reset("Account")
        yield* router.push("Swap")
        yield* swap.quote(request)
        yield* swap.execute(signer(false))
        // Still on the view it was made on: its confirmation shows.
        const onTheView = yield* settle
        yield* router.goBack
        const back = yield* settle
        yield* router.push("Swap")
        // Read as the push returns, before anything else runs: what the view first renders is already fresh.
        const again = (yield* SubscriptionRef.get(swap.state)).status
        // A swap under way when the user leaves and comes back is still shown.
        yield* swap.quote(request)
        yield* Effect.forkChild(swap.execute(signer(true)))
        yield* statusIs(swap, "approve")
        yield* router.goBack
        yield* router.push("Swap")
        const underWay = yield* settle
        return { onTheView, back, again, underWay, quote: (yield* SubscriptionRef.get(swap.state)).quote }
      }),
    )
    expect(seen).toMatchObject({ onTheView: "swapped", back: "swapped", again: "idle", underWay: "approve" })
    expect(seen.quote).toBeDefined()
  })

  it("keeps the quote of the latest request when an earlier one answers after it", async () => {
    const release = Effect.runSync(Deferred.make<void>())
    const asked = Effect.runSync(Deferred.make<void>())
    const state = await Effect.runPromise(
      Effect.gen(function* () {
        const swap = yield* Swap
        const request = { chainId: CHAIN, from: "TKA", to: "TKB", userAddress: user }
        // "1" is asked first and answers last; the user meanwhile asked for "10".
        const first = yield* Effect.forkChild(swap.quote({ ...request, amount: "1" }))
        yield* Deferred.await(asked)
        yield* swap.quote({ ...request, amount: "10" })
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(first)
        return yield* SubscriptionRef.get(swap.state)
      }).pipe(
        Effect.provide(
          Swap.layer.pipe(Layer.provide(Router.layer), Layer.provide(apiWithSlowQuote(release, asked))),
        ),
      ),
    )
    expect(state.status).toBe("quoted")
    expect(state.quote?.fromAmountUnits).toBe(10n * 10n ** 18n)
  })
})
