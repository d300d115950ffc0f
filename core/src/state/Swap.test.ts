import { Deferred, Effect, Fiber, Layer, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import type { SwapToken } from "../api/blockchain/schemas"
import { Swap } from "./Swap"

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
const apiWithSlowQuote = (release: Deferred.Deferred<void>, asked: Deferred.Deferred<void>) =>
  Layer.succeed(BlockchainApi, {
    swapTokens: () => Effect.succeed({ tokens: [token("TKA", "a"), token("TKB", "b")] }),
    gasPrice: () => Effect.succeed({ standard: "1", fast: "2", instant: "3" }),
    fungiblePrice: () => Effect.succeed({ fungibles: [] }),
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

describe("Swap", () => {
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
      }).pipe(Effect.provide(Swap.layer.pipe(Layer.provide(apiWithSlowQuote(release, asked))))),
    )
    expect(state.status).toBe("quoted")
    expect(state.quote?.fromAmountUnits).toBe(10n * 10n ** 18n)
  })
})
