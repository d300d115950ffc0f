import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { shallowEqual } from "./useAppKitSelector"

describe("shallowEqual", () => {
  it("holds for the same keys with identical values, and not when one differs", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.constant(undefined))),
        (a) => {
          expect(shallowEqual(a, { ...a })).toBe(true)
          expect(shallowEqual<object>(a, { ...a, extra: {} })).toBe(false)
          const keys = Object.keys(a)
          if (keys.length > 0)
            expect(shallowEqual<object>(a, { ...a, [keys[0] as string]: Symbol() })).toBe(false)
        },
      ),
    )
  })

  it("compares nested objects by identity and tells undefined from a missing key", () => {
    const inner = { x: 1 }
    expect(shallowEqual({ inner }, { inner })).toBe(true)
    expect(shallowEqual({ inner }, { inner: { x: 1 } })).toBe(false)
    expect(shallowEqual({ a: undefined }, { b: undefined })).toBe(false)
    expect(shallowEqual(null, null)).toBe(true)
    expect(shallowEqual<unknown>(null, {})).toBe(false)
  })
})
