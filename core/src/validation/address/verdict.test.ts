import { inspect, isDeepStrictEqual } from "node:util"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type AddressVerdict, verdictSpelledOnRead } from "./verdict"

const keys = ["input", "valid", "namespace", "network", "type", "normalized", "error"]

/** A verdict whose spelling is `spelled`, with a count of how often it was worked out. */
const counted = (input: string, spelled: string) => {
  const calls = { count: 0 }
  const verdict = verdictSpelledOnRead(input, "eip155", null, null, () => {
    calls.count++
    return spelled
  })
  return { verdict, calls }
}

const plain = (input: string, normalized: string): AddressVerdict => ({
  input,
  valid: true,
  namespace: "eip155",
  network: null,
  type: null,
  normalized,
  error: null,
})

describe("a verdict spelled on read", () => {
  it("spells only when `normalized` is read, and once", () => {
    const { verdict, calls } = counted("0xabc", "0xAbC")
    expect([verdict.valid, verdict.input, verdict.namespace, verdict.error]).toEqual([
      true,
      "0xabc",
      "eip155",
      null,
    ])
    expect(calls.count).toBe(0)
    expect(verdict.normalized).toBe("0xAbC")
    expect(verdict.normalized).toBe("0xAbC")
    expect(calls.count).toBe(1)
  })

  it("reads as the plain verdict in every way a program looks at an object", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (input, spelled) => {
        const expected = plain(input, spelled)
        const read = () => counted(input, spelled).verdict
        expect(JSON.stringify(read())).toBe(JSON.stringify(expected))
        expect({ ...read() }).toStrictEqual(expected)
        expect(Object.assign({}, read())).toStrictEqual(expected)
        expect(Object.keys(read())).toEqual(keys)
        expect(Reflect.ownKeys(read())).toEqual(keys)
        expect(Object.entries(read())).toEqual(Object.entries(expected))
        expect(Object.getOwnPropertyDescriptor(read(), "normalized")).toEqual({
          value: spelled,
          writable: true,
          enumerable: true,
          configurable: true,
        })
        expect(read()).toEqual(expected)
        expect(isDeepStrictEqual(read(), expected)).toBe(true)
        expect(Object.getPrototypeOf(read())).toBe(Object.prototype)
        expect("normalized" in read()).toBe(true)
      }),
      { numRuns: 50 },
    )
  })

  it("answers whether it has a field, for any key, as the plain verdict does", () => {
    const inspectSymbol = Symbol.for("nodejs.util.inspect.custom")
    const probes: Array<string | symbol> = [...keys, "other", "toString", inspectSymbol, Symbol.iterator]
    const expected = plain("0xabc", "0xAbC")
    for (const key of probes) {
      const { verdict } = counted("0xabc", "0xAbC")
      expect([key in verdict, Object.hasOwn(verdict, key)]).toEqual([
        key in expected,
        Object.hasOwn(expected, key),
      ])
      expect(Object.getOwnPropertyDescriptor(verdict, key)).toEqual(
        Object.getOwnPropertyDescriptor(expected, key),
      )
    }
  })

  it("asking about any other field, or whether it has `normalized`, does not spell", () => {
    const { verdict, calls } = counted("0xabc", "0xAbC")
    for (const key of keys.filter((key) => key !== "normalized")) {
      expect(key in verdict).toBe(true)
      expect(Object.hasOwn(verdict, key)).toBe(true)
      expect(Object.getOwnPropertyDescriptor(verdict, key)?.enumerable).toBe(true)
    }
    expect("normalized" in verdict).toBe(true)
    expect(calls.count).toBe(0)
  })

  it("shows spelled in console.log / util.inspect, before any read", () => {
    const { verdict } = counted("0xabc", "0xAbC")
    expect(inspect(verdict)).toBe(inspect(plain("0xabc", "0xAbC")))
    // The method that does it is not a property anyone else sees.
    const inspectSymbol = Symbol.for("nodejs.util.inspect.custom")
    expect(inspectSymbol in verdict).toBe(false)
    expect(Object.getOwnPropertySymbols(verdict)).toEqual([])
  })

  it("can be frozen before it is spelled, and reads spelled after", () => {
    const { verdict } = counted("0xabc", "0xAbC")
    Object.freeze(verdict)
    expect(Object.isFrozen(verdict)).toBe(true)
    expect(verdict.normalized).toBe("0xAbC")
    expect({ ...verdict }).toStrictEqual(plain("0xabc", "0xAbC"))
    expect(inspect(verdict)).toBe(inspect(plain("0xabc", "0xAbC")))
  })

  it("keeps a write made before the first read (the spelling never overwrites it)", () => {
    const { verdict } = counted("0xabc", "0xAbC")
    ;(verdict as { normalized: string | null }).normalized = "mine"
    expect(verdict.normalized).toBe("mine")
    const deleted: { normalized?: string | null } = counted("0xabc", "0xAbC").verdict
    delete deleted.normalized
    expect(deleted.normalized).toBeUndefined()
  })
})
