import { Deferred, Effect, Exit, Fiber, Layer, Ref } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import type { SwapToken } from "../api/blockchain/schemas"
import {
  executeSwap,
  findSwapToken,
  makePendingTransactions,
  quoteSwap,
  type SwapSigner,
  type SwapTransaction,
} from "./swapFlow"

// The flow's logic against a scripted convert API (the real endpoints and chain: test/features/swap.test.ts).
const CHAIN = "eip155:1"
const user = "0x1111111111111111111111111111111111111111"
const router = "0x2222222222222222222222222222222222222222"
const tka: SwapToken = {
  name: "Token A",
  symbol: "TKA",
  address: `${CHAIN}:0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`,
  decimals: 18,
  logoUri: "",
}
const tkb: SwapToken = {
  ...tka,
  name: "Token B",
  symbol: "TKB",
  address: `${CHAIN}:0xbbbb${"b".repeat(36)}`,
  decimals: 6,
}
const eth: SwapToken = {
  ...tka,
  name: "Ether",
  symbol: "ETH",
  address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
}

interface Script {
  readonly allowances?: ReadonlyArray<string>
  readonly quotes?: ReadonlyArray<{ fromAmount: string; toAmount: string }>
  readonly approveFrom?: string
  /** The price API's answer (USD by symbol), or "fail" for an API that cannot be read. */
  readonly prices?: ReadonlyArray<{ symbol: string; price: number }> | "fail"
}

/** A convert API answering from `script`, recording every call by name. */
const scriptedApi = (script: Script = {}) => {
  const calls: Array<string> = []
  const built: Array<unknown> = []
  let allowanceRead = 0
  const record = <A>(name: string, value: A) =>
    Effect.sync(() => {
      calls.push(name)
      return value
    })
  const api = {
    swapTokens: () => record("tokens", { tokens: [tka, tkb, eth] }),
    fungiblePrice: () => {
      // 10 TKA at $0.0005 buy 0.004985 TKB at $1: 0.3 % of the $0.005 paid is lost.
      const prices = script.prices ?? [
        { symbol: "TKA", price: 0.0005 },
        { symbol: "TKB", price: 1 },
      ]
      return prices === "fail"
        ? Effect.andThen(record("prices", null), Effect.fail(new Error("price API down")))
        : record("prices", { fungibles: prices.map((entry) => ({ ...entry, name: "", iconUrl: "" })) })
    },
    gasPrice: () => record("gasPrice", { standard: "1000000000", fast: "2", instant: "3" }),
    swapQuotes: (params: { amount: string }) =>
      record("quotes", {
        quotes: script.quotes ?? [
          { id: null, fromAmount: params.amount, fromAccount: "", toAmount: "4985", toAccount: "" },
        ],
      }),
    allowance: () =>
      Effect.suspend(() => {
        const allowances = script.allowances ?? ["0", "10000000000000000000"]
        const value = allowances[Math.min(allowanceRead++, allowances.length - 1)] as string
        return record("allowance", { allowance: value })
      }),
    buildApprove: () =>
      record("buildApprove", {
        tx: {
          from: script.approveFrom ?? user,
          to: tka.address.split(":")[2] as string,
          data: "0x095ea7b3",
          value: "0",
          eip155: { gas: 50_000, gasPrice: "1" },
        },
      }),
    buildTransaction: (params: unknown) => {
      built.push(params)
      return record("buildTransaction", {
        tx: {
          from: user,
          to: router,
          data: "0x38ed1739",
          amount: "0",
          eip155: { gas: "200000", gasPrice: "1" },
        },
      })
    },
  } as unknown as BlockchainApiShape
  return { layer: Layer.succeed(BlockchainApi, api), calls, built }
}

/** A signer that records what it is asked to send and answers receipts as told (never, for "pending"). */
const scriptedSigner = (
  receipts: ReadonlyArray<"success" | "reverted" | "pending"> = ["success", "success"],
) => {
  const sent: Array<SwapTransaction> = []
  const signer: SwapSigner<never> = {
    address: user,
    sendTransaction: (tx) =>
      Effect.sync(() => {
        sent.push(tx)
        return `0x${String(sent.length).padStart(64, "0")}`
      }),
    waitForReceipt: () => {
      const receipt = receipts[sent.length - 1] ?? "success"
      return receipt === "pending" ? Effect.never : Effect.succeed(receipt)
    },
  }
  return { signer, sent }
}

const quoteRequest = { chainId: CHAIN, from: "TKA", to: "tkb", amount: "10", userAddress: user }

const quoteAndExecute = (api: ReturnType<typeof scriptedApi>, signer: SwapSigner<never>) =>
  Effect.runPromiseExit(
    Effect.flatMap(quoteSwap(quoteRequest), (quote) => executeSwap(quote, signer)).pipe(
      Effect.provide(api.layer),
    ),
  )

describe("findSwapToken", () => {
  it("finds by symbol in any case, by CAIP-10 id and by bare contract address", () => {
    expect(findSwapToken([tka, tkb], "tkb")).toBe(tkb)
    expect(findSwapToken([tka, tkb], tka.address)).toBe(tka)
    expect(findSwapToken([tka, tkb], tka.address.split(":")[2] as string)).toBe(tka)
    expect(findSwapToken([tka, tkb], "TK")).toBeUndefined()
  })
})

describe("quoteSwap", () => {
  it("refuses a network outside the 12 with the §8 text, before any call", async () => {
    const api = scriptedApi()
    const exit = await Effect.runPromiseExit(
      quoteSwap({ ...quoteRequest, chainId: "eip155:31337" }).pipe(Effect.provide(api.layer)),
    )
    expect(exit).toMatchObject({ _tag: "Failure" })
    expect(String(Exit.isFailure(exit) && exit.cause)).toContain("Network not supported for Swaps")
    expect(api.calls).toEqual([])
  })

  it("quotes base units of the sell token at the standard gas price", async () => {
    const api = scriptedApi()
    const quote = await Effect.runPromise(quoteSwap(quoteRequest).pipe(Effect.provide(api.layer)))
    expect(quote.fromAmountUnits).toBe(10n * 10n ** 18n)
    expect(quote.toAmountUnits).toBe(4985n)
    expect([quote.from.symbol, quote.to.symbol]).toEqual(["TKA", "TKB"])
    expect(api.calls).toEqual(["tokens", "gasPrice", "quotes", "prices"])
  })

  it("adds the price impact computed from the two tokens' market prices", async () => {
    const quote = await Effect.runPromise(quoteSwap(quoteRequest).pipe(Effect.provide(scriptedApi().layer)))
    expect(quote.priceImpact).toBeCloseTo(0.003, 12)
  })

  it.each([
    ["the price API fails", "fail" as const],
    ["a token has no price", [{ symbol: "TKA", price: 0.0005 }]],
  ])("still quotes, without a price impact, when %s", async (_, prices) => {
    const quote = await Effect.runPromise(
      quoteSwap(quoteRequest).pipe(Effect.provide(scriptedApi({ prices }).layer)),
    )
    expect(quote.toAmountUnits).toBe(4985n)
    expect(quote.priceImpact).toBeUndefined()
  })

  it.each([
    [{ from: "TKC" }, "SwapTokenNotFoundError"],
    [{ amount: "0" }, "InvalidAmountError"],
    [{ amount: "-1" }, "InvalidAmountError"],
    // TKB has 6 decimals: one more digit cannot be paid
    [{ from: "TKB", to: "TKA", amount: "1.0000001" }, "AmountPrecisionError"],
    // the token sold, however it is spelled: the provider would refuse the pair (HTTP 400) after a gas read
    [{ to: "TKA" }, "InvalidParameterError"],
    [{ to: "0xAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }, "InvalidParameterError"],
  ])("refuses %o with %s before quoting", async (patch, tag) => {
    const api = scriptedApi()
    const exit = await Effect.runPromiseExit(
      quoteSwap({ ...quoteRequest, ...patch }).pipe(Effect.provide(api.layer)),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(tag)
    expect(api.calls).toEqual(["tokens"])
  })

  it("takes the smallest unit the token has (6 decimals, 0.000001)", async () => {
    const api = scriptedApi()
    const quote = await Effect.runPromise(
      quoteSwap({ ...quoteRequest, from: "TKB", to: "TKA", amount: "0.000001" }).pipe(
        Effect.provide(api.layer),
      ),
    )
    expect(quote.fromAmountUnits).toBe(1n)
  })

  it("fails with NoSwapQuoteError when the provider has no route", async () => {
    const exit = await Effect.runPromiseExit(
      quoteSwap(quoteRequest).pipe(Effect.provide(scriptedApi({ quotes: [] }).layer)),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("NoSwapQuoteError")
  })
})

describe("executeSwap", () => {
  it("approves when the allowance is short, re-reads it, then builds with slippage 1 and swaps", async () => {
    const api = scriptedApi()
    const { signer, sent } = scriptedSigner()
    const exit = await quoteAndExecute(api, signer)
    expect(exit).toMatchObject({ _tag: "Success" })
    expect(api.calls.slice(4)).toEqual(["allowance", "buildApprove", "allowance", "buildTransaction"])
    expect(sent.map((tx) => tx.data)).toEqual(["0x095ea7b3", "0x38ed1739"])
    expect(sent[1]).toMatchObject({ to: router, value: 0n, gas: 200_000n })
    expect(api.built[0]).toMatchObject({ slippage: 1, amount: (10n * 10n ** 18n).toString() })
  })

  it("skips the approval when the allowance covers the amount exactly", async () => {
    const api = scriptedApi({ allowances: [(10n * 10n ** 18n).toString()] })
    const { signer, sent } = scriptedSigner()
    expect(await quoteAndExecute(api, signer)).toMatchObject({
      _tag: "Success",
      value: { approveHash: undefined },
    })
    expect(api.calls).not.toContain("buildApprove")
    expect(sent).toHaveLength(1)
  })

  it("approves when the allowance is one unit short", async () => {
    const api = scriptedApi({
      allowances: [(10n * 10n ** 18n - 1n).toString(), (10n * 10n ** 18n).toString()],
    })
    const { signer, sent } = scriptedSigner()
    expect(await quoteAndExecute(api, signer)).toMatchObject({ _tag: "Success" })
    expect(sent).toHaveLength(2)
  })

  it("reads no allowance to sell the native coin", async () => {
    const api = scriptedApi()
    const { signer, sent } = scriptedSigner()
    const exit = await Effect.runPromiseExit(
      Effect.flatMap(quoteSwap({ ...quoteRequest, from: "ETH" }), (quote) => executeSwap(quote, signer)).pipe(
        Effect.provide(api.layer),
      ),
    )
    expect(exit).toMatchObject({ _tag: "Success" })
    expect(api.calls).not.toContain("allowance")
    expect(sent).toHaveLength(1)
  })

  it("stops at a reverted approval: the swap is never built or sent", async () => {
    const api = scriptedApi()
    const { signer, sent } = scriptedSigner(["reverted"])
    const exit = await quoteAndExecute(api, signer)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("SwapRevertedError")
    expect(api.calls).not.toContain("buildTransaction")
    expect(sent).toHaveLength(1)
  })

  it("fails when the allowance is still short after a confirmed approval", async () => {
    const api = scriptedApi({ allowances: ["0", "5"] })
    const { signer, sent } = scriptedSigner()
    const exit = await quoteAndExecute(api, signer)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("AllowanceNotGrantedError")
    expect(sent).toHaveLength(1)
  })

  it("refuses an approval built for another account before the wallet sees it", async () => {
    const api = scriptedApi({ approveFrom: router })
    const { signer, sent } = scriptedSigner()
    const exit = await quoteAndExecute(api, signer)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("InvalidSwapTransactionError")
    expect(sent).toHaveLength(0)
  })

  it("gives up on a receipt after exactly the 25 s confirmation timeout", async () => {
    const api = scriptedApi({ allowances: ["10000000000000000000"] })
    const { signer } = scriptedSigner(["pending"])
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        const quote = yield* quoteSwap(quoteRequest)
        const fiber = yield* Effect.forkChild(executeSwap(quote, signer))
        yield* TestClock.adjust("24999 millis")
        const early = fiber.pollUnsafe()
        yield* TestClock.adjust("1 millis")
        const exit = yield* Fiber.await(fiber)
        return { early, exit }
      }).pipe(Effect.provide(Layer.merge(api.layer, TestClock.layer()))),
    )
    expect(outcome.early).toBeUndefined()
    expect(Exit.isFailure(outcome.exit) && JSON.stringify(outcome.exit.cause)).toContain(
      "TransactionConfirmationTimeout",
    )
  })
})

describe("makePendingTransactions", () => {
  it("admits 99 transactions waiting at once, refuses the 100th, and admits again once one settles", async () => {
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const pending = yield* makePendingTransactions()
        const gates = yield* Effect.forEach(Array.from({ length: 99 }), () => Deferred.make<void>())
        const fibers = yield* Effect.forEach(gates, (gate) =>
          Effect.forkChild(pending.track(Deferred.await(gate))),
        )
        yield* Effect.yieldNow
        const full = yield* Ref.get(pending.count)
        const refused = yield* Effect.result(pending.track(Effect.void))
        yield* Deferred.succeed(gates[0] as Deferred.Deferred<void>, undefined)
        yield* Fiber.await(fibers[0] as Fiber.Fiber<void, unknown>)
        const admitted = yield* Effect.result(pending.track(Effect.succeed("sent")))
        yield* Effect.forEach(gates, (gate) => Deferred.succeed(gate, undefined))
        yield* Fiber.joinAll(fibers)
        return { full, refused, admitted, after: yield* Ref.get(pending.count) }
      }),
    )
    expect(result.full).toBe(99)
    expect(result.refused).toMatchObject({
      _tag: "Failure",
      failure: { _tag: "PendingTransactionsLimitError" },
    })
    expect(result.admitted).toMatchObject({ _tag: "Success", success: "sent" })
    expect(result.after).toBe(0)
  })
})
