import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cosmjs } from "../../testing/cosmosVectors.testSupport"
import { serializeAminoSignDoc } from "./aminoJson"

const text = (value: unknown) => new TextDecoder().decode(Result.getOrThrow(serializeAminoSignDoc(value)))

describe("serializeAminoSignDoc", () => {
  it("matches cosmjs serializeSignDoc: sorted keys, no spaces, Go's escapes of & < >", () => {
    expect(text(cosmjs.amino.doc)).toBe(cosmjs.amino.serialized)
    expect(text({ b: "&", a: "<>" })).toBe('{"a":"\\u003c\\u003e","b":"\\u0026"}')
  })

  it("is the same JSON value, canonical (serializing it again changes nothing), with no raw & < >", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = text(value)
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)))
        expect(text(JSON.parse(json))).toBe(json)
        expect(json).not.toMatch(/[&<>]/)
      }),
    )
  })

  it("orders keys by UTF-16 code units, as cosmjs does (integer-like keys included)", () => {
    expect(text({ b: 1, "10": 2, "9": 3, A: 4, "": 5 })).toBe('{"":5,"10":2,"9":3,"A":4,"b":1}')
  })

  it("does not depend on the order keys were written in", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse())
        expect(text(reversed)).toBe(text(record))
      }),
    )
  })

  it("refuses what JSON cannot carry", () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    for (const value of [
      undefined,
      1n,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      () => 1,
      { a: undefined },
      [1n],
      cyclic,
    ])
      expect(Result.isFailure(serializeAminoSignDoc(value))).toBe(true)
    // The same object twice, side by side, is not a cycle.
    const shared = { x: 1 }
    expect(text({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}')
  })
})
