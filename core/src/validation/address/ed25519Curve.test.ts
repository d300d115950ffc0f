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
})
