import { describe, expect, it } from "vitest"
import { accept, normalizedOf } from "./AddressCheck"

describe("normalizedOf", () => {
  it("gives the canonical spelling whether the validator spelled it or deferred it", () => {
    expect(normalizedOf(accept("cosmos1abc", "cosmos", "bech32"))).toBe("cosmos1abc")
    expect(normalizedOf(accept(() => "0xAbC"))).toBe("0xAbC")
    expect(accept("x")).toEqual({ normalized: "x", network: null, type: null })
  })
})
