import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseUnits } from "../validation/amount"
import { nativeMax } from "./heldAmount"

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
