import { Field } from "@noble/curves/abstract/modular.js"
import { ed25519 } from "@noble/curves/ed25519.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isOnEd25519Curve } from "./ed25519Curve"

/** noble's strict RFC 8032 decoding (zip215 off): the reference our Legendre-symbol shortcut must match. */
const nobleDecodes = (bytes: Uint8Array): boolean => {
  try {
    ed25519.Point.fromBytes(bytes, false)
    return true
  } catch {
    return false
  }
}

const p = 2n ** 255n - 19n
const d = 37095705934669439343138083508754565189542113879843219016388785533085940283555n
const field = Field(p)
/** 32 little-endian bytes of `y`, with x's sign in the top bit. */
const encode = (y: bigint, sign: 0 | 1): Uint8Array => {
  const bytes = new Uint8Array(32)
  for (let i = 0; i < 32; i++) bytes[i] = Number((y >> BigInt(8 * i)) & 0xffn)
  bytes[31] = ((bytes[31] as number) & 0x7f) | (sign << 7)
  return bytes
}

describe("isOnEd25519Curve", () => {
  it("agrees with noble's strict point decoding on any 32 bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isOnEd25519Curve(bytes)).toBe(nobleDecodes(bytes))
      }),
      { numRuns: 2000 },
    )
  })

  it("agrees on real public keys (always points) and on the edges of the field", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (secret) => {
        expect(isOnEd25519Curve(ed25519.getPublicKey(secret))).toBe(true)
      }),
      { numRuns: 50 },
    )
    // y = ±1 is x = 0, a point only with a 0 sign bit; y ≥ p is not canonical; y = 0 is the point (±√−1, 0).
    const edges = [0n, 1n, 2n, p - 2n, p - 1n, p, p + 1n, 2n ** 255n - 1n]
    for (const y of edges)
      for (const sign of [0, 1] as const) {
        const bytes = encode(y, sign)
        expect({ y, sign, onCurve: isOnEd25519Curve(bytes) }).toEqual({
          y,
          sign,
          onCurve: nobleDecodes(bytes),
        })
      }
    expect(isOnEd25519Curve(encode(1n, 0))).toBe(true)
    expect(isOnEd25519Curve(encode(1n, 1))).toBe(false)
    expect(isOnEd25519Curve(encode(p, 0))).toBe(false)
  })

  it("agrees when the number whose squareness decides has whole 32-bit words of zeros at its low end", () => {
    // The point exists when (y² − 1)(d·y² + 1) is a square mod p. Choosing that product as k·2^(32·w) and
    // solving d·t² + (1 − d)·t − (1 + product) = 0 for t = y² gives the y that leads to it: random bytes
    // reach a zero low word once in 2^32 tries, so only built inputs test that case.
    const yLeadingTo = (product: bigint): bigint | undefined => {
      const b = field.sub(1n, d)
      const discriminant = field.add(field.mul(b, b), field.mul(4n * d, field.add(1n, product)))
      if (!field.isValidNot0(discriminant) || field.pow(discriminant, (p - 1n) / 2n) !== 1n) return undefined
      const root = field.sqrt(discriminant)
      for (const r of [root, field.neg(root)]) {
        const t = field.div(field.sub(r, b), 2n * d)
        if (field.pow(t, (p - 1n) / 2n) === 1n) return field.sqrt(t)
      }
      return undefined
    }
    const verdicts = new Set<boolean>()
    for (const words of [1n, 2n, 3n, 7n])
      for (let k = 1n; k <= 12n; k++) {
        const y = yLeadingTo(k << (32n * words))
        if (y === undefined) continue
        for (const sign of [0, 1] as const) {
          const bytes = encode(y, sign)
          const onCurve = isOnEd25519Curve(bytes)
          expect({ k, words, sign, onCurve }).toEqual({ k, words, sign, onCurve: nobleDecodes(bytes) })
          verdicts.add(onCurve)
        }
      }
    expect(verdicts).toEqual(new Set([true, false])) // squares and non-squares both met
  })
})
