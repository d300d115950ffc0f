import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatUnits, parseUnits } from "../validation/amount"
import { heldAmountProblem, nativeMax, sendableAmount } from "./heldAmount"

describe("nativeMax", () => {
  it("is the balance less the fee, to the base unit, whenever the fee leaves something", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 128n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        fc.integer({ min: 0, max: 30 }),
        (held, fee, decimals) => {
          const max = nativeMax(held, fee, decimals, "ETH")
          if (fee >= held) return Result.isFailure(max)
          return Result.getOrThrow(parseUnits(Result.getOrThrow(max), decimals)) + fee === held
        },
      ),
    )
  })

  it("fails naming the fee when it takes the whole balance; one base unit more leaves 1", () => {
    expect(Result.getOrUndefined(Result.flip(nativeMax(5n, 5n, 18, "ETH")))).toMatchObject({
      _tag: "FeeExceedsBalanceError",
      message: "Insufficient funds for the network fee: 0.000000000000000005 ETH needed",
    })
    expect(Result.getOrThrow(nativeMax(6n, 5n, 18, "ETH"))).toBe("0.000000000000000001")
  })
})

describe("sendableAmount", () => {
  const decimal = (units: bigint, decimals: number) => Result.getOrThrow(formatUnits(units, decimals))

  it("is the balance less its frozen part, to the base unit, and never below 0", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        fc.integer({ min: 0, max: 30 }),
        (held, frozen, decimals) => {
          const quantity = {
            decimals: String(decimals),
            numeric: decimal(held, decimals),
            frozen: decimal(frozen, decimals),
          }
          const sendable = Result.getOrThrow(
            parseUnits(Result.getOrThrow(sendableAmount(quantity)), decimals),
          )
          return sendable === (frozen >= held ? 0n : held - frozen)
        },
      ),
    )
  })

  it("is the whole balance without a frozen part, and refuses a frozen part finer than the decimals", () => {
    expect(Result.getOrThrow(sendableAmount({ decimals: "6", numeric: "8.5" }))).toBe("8.5")
    expect(Result.getOrThrow(sendableAmount({ decimals: "6", numeric: "8.5", frozen: "0.000001" }))).toBe(
      "8.499999",
    )
    expect(Result.isFailure(sendableAmount({ decimals: "6", numeric: "8.5", frozen: "0.0000001" }))).toBe(
      true,
    )
  })
})

describe("heldAmountProblem", () => {
  it("holds the amount against what a send can spend: a frozen part does not count, exactly the rest is fine", () => {
    const token = { symbol: "TKN", price: 0, quantity: { decimals: "6", numeric: "7", frozen: "5" } }
    expect(heldAmountProblem("2", token)).toBeUndefined()
    expect(heldAmountProblem("2.000001", token)).toMatchObject({
      _tag: "InsufficientBalanceError",
      message: "Insufficient funds: 2.000001 TKN is more than the 2 TKN held",
    })
    expect(heldAmountProblem("7", { ...token, quantity: { decimals: "6", numeric: "7" } })).toBeUndefined()
  })
})
