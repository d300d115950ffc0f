import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatUsd, shortAddress } from "./display"

describe("shortAddress", () => {
  it("keeps the first 6 and last 4 characters of anything longer than 13, and shorter text whole", () => {
    expect(shortAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")).toBe("0xf39F…2266")
    expect(shortAddress("0123456789abc")).toBe("0123456789abc")
    expect(shortAddress("0123456789abcd")).toBe("012345…abcd")
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const short = shortAddress(text)
        if (text.length <= 13) expect(short).toBe(text)
        else {
          expect(short).toHaveLength(11)
          expect(text.startsWith(short.slice(0, 6)) && text.endsWith(short.slice(7))).toBe(true)
        }
      }),
    )
  })
})

describe("formatUsd", () => {
  it("writes dollars with thousands separators and cents", () => {
    expect(formatUsd(1234.5)).toBe("$1,234.50")
    expect(formatUsd(0)).toBe("$0.00")
    expect(formatUsd(0.005)).toBe("$0.01")
    expect(formatUsd(-2)).toBe("-$2.00")
  })
})
