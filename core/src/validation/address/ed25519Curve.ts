// Whether 32 bytes are a point on ed25519, decoded strictly as RFC 8032 §5.1.3 says (the rule @solana/kit's
// isOnCurve and noble's `Point.fromBytes(bytes, false)` follow). Decoding solves x² = (y² − 1)/(d·y² + 1)
// mod p, and the point exists exactly when that is a square. Whether a number is a square mod p is its
// Legendre symbol, which the Jacobi algorithm finds in ~75 bigint divisions; the square root noble takes
// costs ~255 modular squarings, five times slower, and an address check never needs x itself.

const p = 2n ** 255n - 19n
const d = 37095705934669439343138083508754565189542113879843219016388785533085940283555n
const numberRange = 2n ** 53n

/** Jacobi symbol (a/n) for odd n > a ≥ 0 that fit a double: the same steps as `jacobi`, without bigints. */
const smallJacobi = (a: number, n: number): number => {
  let sign = 1
  while (a !== 0) {
    while (a % 2 === 0) {
      a /= 2
      if (n % 8 === 3 || n % 8 === 5) sign = -sign
    }
    if (a % 4 === 3 && n % 4 === 3) sign = -sign
    const rest = n % a
    n = a
    a = rest
  }
  return n === 1 ? sign : 0
}

const low32 = (value: bigint): number => Number(BigInt.asUintN(32, value))

/**
 * Jacobi symbol (a/n) for odd n > a ≥ 0: +1 when a is a non-zero square mod a prime n, −1 when it is not,
 * 0 when they share a factor. Reciprocity steps: strip factors of 2 ((2/n) = −1 when n ≡ 3, 5 mod 8),
 * then swap with a sign flip when both are ≡ 3 mod 4, and reduce.
 */
const jacobi = (a: bigint, n: bigint): number => {
  let sign = 1
  let nLow = low32(n)
  while (a !== 0n) {
    if (n < numberRange) return sign * smallJacobi(Number(a), Number(n))
    let aLow = low32(a)
    // Whole 32-bit words of zeros: an even number of halvings, so no sign change.
    while (aLow === 0) {
      a >>= 32n
      aLow = low32(a)
    }
    const twos = 31 - Math.clz32(aLow & -aLow)
    if (twos !== 0) {
      a >>= BigInt(twos)
      aLow = low32(a)
      if (twos & 1 && ((nLow & 7) === 3 || (nLow & 7) === 5)) sign = -sign
    }
    if ((aLow & 3) === 3 && (nLow & 3) === 3) sign = -sign
    const rest = n % a
    n = a
    nLow = aLow
    a = rest
  }
  return n === 1n ? sign : 0
}

/** True when `bytes` (32, little-endian y with x's sign in the top bit) decode to an ed25519 point. */
export const isOnEd25519Curve = (bytes: Uint8Array): boolean => {
  let y = 0n
  for (let i = 31; i >= 0; i--)
    y = (y << 8n) | BigInt(i === 31 ? (bytes[i] as number) & 0x7f : (bytes[i] as number))
  if (y >= p) return false // non-canonical y: RFC 8032 refuses it
  const ySquared = (y * y) % p
  const u = (ySquared - 1n + p) % p
  // x = 0 (y = ±1) is a point, but then x's sign bit must be 0.
  if (u === 0n) return ((bytes[31] as number) & 0x80) === 0
  const v = (d * ySquared + 1n) % p // never 0: −1/d is not a square mod p
  return jacobi((u * v) % p, p) === 1
}
