import { bech32, bech32m } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bech32Alphabet, mutateOneCharacter } from "../../testing/mutate"
import { decodeBech32, readBech32, wordsToBytes } from "./bech32"

/** @scure/base's decoders, the reference our exception-free one must match (limit 90, as BIP-173). */
const scureDecode = (input: string) => {
  const classic = bech32.decodeUnsafe(input, 90)
  if (classic) return { encoding: "bech32", prefix: classic.prefix, words: classic.words }
  const modern = bech32m.decodeUnsafe(input, 90)
  return modern && { encoding: "bech32m", prefix: modern.prefix, words: modern.words }
}

const words = fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 60 })
const prefix = fc.string({
  unit: fc.integer({ min: 33, max: 126 }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 20,
})
/** Valid strings of either encoding, then the kinds of damage detection meets: typos, case, cuts. */
const encoded = fc
  .tuple(fc.boolean(), prefix, words)
  .filter(([, hrp, data]) => hrp.length + data.length + 7 <= 90)
  .map(([modern, hrp, data]) => (modern ? bech32m : bech32).encode(hrp, data, 90))
const damaged = fc
  .tuple(encoded, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 4 }))
  .map(([text, at, pick, how]) => {
    if (how === 0) return mutateOneCharacter(text, at, pick, bech32Alphabet)
    if (how === 1) return text.toUpperCase()
    if (how === 2)
      return (
        text.slice(0, at % text.length) +
        text.charAt(at % text.length).toUpperCase() +
        text.slice((at % text.length) + 1)
      )
    if (how === 3) return text.slice(0, text.length - 1 - (at % 3))
    return text
  })

describe("readBech32", () => {
  it("decodes exactly what @scure/base decodes, to the same prefix, words and encoding", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          encoded,
          damaged,
          fc.string({ maxLength: 95 }),
          fc.string({ unit: "binary", maxLength: 95 }),
        ),
        (input) => {
          expect(readBech32(input) ?? null).toEqual(scureDecode(input) ?? null)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it("refuses mixed case, a missing separator, short checksums and over-long text without throwing", () => {
    const valid = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    expect(readBech32(valid)).toMatchObject({ encoding: "bech32", prefix: "bc" })
    expect(readBech32(valid.toUpperCase())).toMatchObject({ encoding: "bech32", prefix: "bc" })
    for (const input of [
      "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      "1qw508d6q",
      "abc1qqqqq",
      "a".repeat(91),
      "",
    ])
      expect(readBech32(input)).toBeUndefined()
  })
})

describe("readBech32 case rule (BIP-173: one case throughout; letters are a..z and A..Z, ends included)", () => {
  /** A bech32 string of `prefix` whose data and checksum are digits only, so the prefix holds its only letter. */
  const withDigitsOnly = (prefix: string): string => {
    const digitWords = [...bech32Alphabet].flatMap((c, value) => (c >= "0" && c <= "9" ? [value] : []))
    for (let n = 0; n < digitWords.length ** 4; n++) {
      const data = [0, 1, 2, 3].map(
        (i) => digitWords[Math.floor(n / digitWords.length ** i) % digitWords.length],
      )
      const text = bech32.encode(prefix, data as number[])
      if (/^[a-z]1[0-9]+$/.test(text)) return text
    }
    throw new Error(`no digits-only string for ${prefix}`)
  }

  it("reads a capital A or Z as upper case even when it is the string's only letter", () => {
    for (const letter of ["a", "z"]) {
      const text = withDigitsOnly(letter)
      expect(readBech32(text.toUpperCase())).toEqual(readBech32(text))
      expect(readBech32(text.toUpperCase())).toMatchObject({ encoding: "bech32", prefix: letter })
    }
  })

  it("refuses a lone lower-case a or z among capitals", () => {
    const withA = "a12uel5l" // BIP-173's shortest valid string
    const withZ = bech32.encode("z", [1, 2, 3, 4])
    for (const valid of [withA, withZ]) {
      expect(readBech32(valid.toUpperCase())).toBeDefined()
      const oneLower = valid.charAt(0) + valid.slice(1).toUpperCase()
      expect(oneLower).toMatch(/[A-Z]/)
      expect(readBech32(oneLower)).toBeUndefined()
    }
  })
})

describe("readBech32 charset", () => {
  it("refuses b, i and o after the separator, in either case, wherever they stand", () => {
    // Data words of value 1 spell "p": a reader that took an outside character for some value (say 1) would
    // accept the string with one "p" replaced, whose checksum still matches.
    const valid = bech32.encode("a", [1, 1, 1, 1, 1, 1])
    expect(valid.slice(2, 8)).toBe("pppppp")
    for (const outside of ["b", "i", "o"])
      for (let at = 2; at < valid.length; at++) {
        const typo = valid.slice(0, at) + outside + valid.slice(at + 1)
        expect(readBech32(typo)).toBeUndefined()
        expect(readBech32(typo.toUpperCase())).toBeUndefined()
      }
  })
})

describe("decodeBech32", () => {
  it("succeeds with the decoded string, or fails with a reason that names the input", () => {
    expect(decodeBech32("a12uel5l")).toEqual(Result.succeed({ encoding: "bech32", prefix: "a", words: [] }))
    expect(decodeBech32("a12uel5m")).toEqual(Result.fail("Not a valid bech32 or bech32m string: a12uel5m"))
  })
})

describe("wordsToBytes", () => {
  it("converts exactly what @scure/base converts, refusing the same paddings", () => {
    fc.assert(
      fc.property(words, (data) => {
        expect(wordsToBytes(data) ?? null).toEqual(bech32.fromWordsUnsafe(data) ?? null)
      }),
      { numRuns: 2000 },
    )
  })
})
