import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { shortAddress, shownUsd } from "./format"

describe("shownUsd", () => {
  it("shows a USD value in dollars and cents, and nothing for no value", () => {
    expect(shownUsd(1234.5)).toBe("$1,234.50")
    expect(shownUsd(0)).toBe("$0.00")
    expect(shownUsd(0.004)).toBe("$0.00")
    expect(shownUsd(undefined)).toBeUndefined()
  })
})

describe("shortAddress", () => {
  it("keeps 13 characters or fewer whole, and shortens longer ones to their first 6 and last 4", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (address) => {
        const shown = shortAddress(address)
        if (address.length <= 13) expect(shown).toBe(address)
        else expect(shown).toBe(`${address.slice(0, 6)}…${address.slice(-4)}`)
      }),
    )
    expect(shortAddress("0x12345678901")).toBe("0x12345678901")
    expect(shortAddress("0x123456789012")).toBe("0x1234…9012")
  })
})
