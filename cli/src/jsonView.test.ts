import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { camelCase, checksummed, decimalString, toJsonView } from "./jsonView"

describe("the --json shape rules", () => {
  it("renames snake_case keys and leaves others alone", () => {
    expect(camelCase("badge_type")).toBe("badgeType")
    expect(camelCase("payment_method_limits")).toBe("paymentMethodLimits")
    expect(camelCase("chain_id")).toBe("chainId")
    expect(camelCase("60")).toBe("60")
    expect(camelCase("alreadyCamel")).toBe("alreadyCamel")
  })

  it("prints a float as the exact decimal it stands for, never with an exponent", () => {
    expect(decimalString(3120.45)).toBe("3120.45")
    expect(decimalString(1e-7)).toBe("0.0000001")
    expect(decimalString(-1.5e-7)).toBe("-0.00000015")
    expect(decimalString(1.2345e21)).toBe("1234500000000000000000")
    expect(decimalString(0.1 + 0.2)).toBe("0.30000000000000004")
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = decimalString(value)
        expect(text).toMatch(/^-?\d+(\.\d+)?$/)
        // The string reads back as the very same float.
        expect(Number(text)).toBe(value === 0 ? 0 : value)
      }),
    )
  })

  it("turns a whole document into camelCase keys with no fractional numbers", () => {
    expect(
      toJsonView({
        badge_type: "certified",
        order: 3,
        price: 1.5,
        nested: [{ is_spam: false, value: 0.25 }],
      }),
    ).toEqual({ badgeType: "certified", order: 3, price: "1.5", nested: [{ isSpam: false, value: "0.25" }] })
  })

  it("writes EVM addresses in their EIP-55 form, plain or in an eip155 account id, and nothing else", () => {
    expect(checksummed("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")).toBe(
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    )
    expect(checksummed("eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")).toBe(
      "eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
    )
    // A transaction hash, a Solana key and a Bitcoin address are left as they are.
    for (const other of [
      `0x${"ab".repeat(32)}`,
      "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXAr",
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    ])
      expect(checksummed(other)).toBe(other)
  })
})
