import { blake2b } from "@noble/hashes/blake2.js"
import { base58, bech32 } from "@scure/base"
import { address as bitcoinAddress } from "bitcoinjs-lib"
import { getAddress } from "viem"

/**
 * Inputs for the address benchmark, one list per kind, generated from a fixed seed so every run measures
 * the same strings. EVM lists hold more distinct addresses than viem's 8,192-entry checksum cache, so the
 * anchor computes every checksum as our validator does instead of answering from a Map.
 */
export type Anchor = "viem" | "bitcoinjs" | "viem+bitcoinjs"

export interface SampleKind {
  readonly name: string
  /** What our validator must answer for every input (the bench refuses to time a wrong verdict). */
  readonly valid: boolean
  /** The library call this kind is compared with (both, in turn, where neither library owns the format). */
  readonly anchor: Anchor
  readonly inputs: ReadonlyArray<string>
}

const evmCount = 10_000
const otherCount = 1_024

/** mulberry32: a small seeded PRNG, so the samples are the same on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}
const random = seeded(0x5eed)
const randomInt = (below: number) => Math.floor(random() * below)
const randomBytes = (length: number) => {
  const bytes = new Uint8Array(length)
  for (let i = 0; i < length; i++) bytes[i] = randomInt(256)
  return bytes
}
const hexPairs = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"))
const hex = (bytes: Uint8Array) => {
  let text = ""
  for (const b of bytes) text += hexPairs[b]
  return text
}
const times = <A>(count: number, make: (index: number) => A): Array<A> =>
  Array.from({ length: count }, (_, i) => make(i))

/** One character at a random position from `from` on replaced by another of `alphabet`: a typo. */
const typo = (input: string, alphabet: string, from: number): string => {
  const at = from + randomInt(input.length - from)
  const current = input.charAt(at)
  const others = alphabet.replace(current, "")
  return input.slice(0, at) + others.charAt(randomInt(others.length)) + input.slice(at + 1)
}
const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const bech32Alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
const bech32Typo = (input: string) => typo(input, bech32Alphabet, input.lastIndexOf("1") + 1)

const flipCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())
const isMixedCase = (text: string) => text !== text.toLowerCase() && text !== text.toUpperCase()
/**
 * Flips the case of one letter of an EIP-55 address so it stays mixed case: a checksum claim that fails.
 * (An address with fewer than two letters has no such flip; its last digit becomes "g" instead.)
 */
const flipOneLetter = (address: string): string => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const at = 2 + randomInt(40)
    const c = address.charAt(at)
    const flipped = address.slice(0, at) + flipCase(c) + address.slice(at + 1)
    if (/[a-f]/i.test(c) && isMixedCase(flipped.slice(2))) return flipped
  }
  return `${address.slice(0, 41)}g`
}

const ss58Salt = new TextEncoder().encode("SS58PRE")
/** SS58 with a one-byte network prefix (0 polkadot, 2 kusama, 42 generic substrate). */
const ss58 = (prefix: number, key: Uint8Array) => {
  const body = Uint8Array.of(prefix, ...key)
  const checksum = blake2b(Uint8Array.of(...ss58Salt, ...body), { dkLen: 64 }).subarray(0, 2)
  return base58.encode(Uint8Array.of(...body, ...checksum))
}
/** A typo that also breaks the 2-byte SS58 checksum (one typo in 65,536 keeps it, and would be valid). */
const ss58Typo = (address: string): string => {
  const candidate = typo(address, base58Alphabet, 1)
  const bytes = base58.decode(candidate)
  const stillValid = bytes.length === 35 && ss58(bytes[0] ?? 0, bytes.subarray(1, 33)) === candidate
  return stillValid ? ss58Typo(address) : candidate
}

// Each EVM list is drawn afresh: lists sharing addresses would share viem's caches (keyed by lowercase).
const evmLower = () => times(evmCount, () => `0x${hex(randomBytes(20))}`)
const eip55 = () => evmLower().map((a) => getAddress(a))
const p2pkh = times(otherCount, () => bitcoinAddress.toBase58Check(randomBytes(20), 0x00))
const p2sh = times(otherCount, () => bitcoinAddress.toBase58Check(randomBytes(20), 0x05))
const p2wpkh = times(otherCount, () => bitcoinAddress.toBech32(randomBytes(20), 0, "bc"))
const p2tr = times(otherCount, () => bitcoinAddress.toBech32(randomBytes(32), 1, "bc"))
const solana = times(otherCount, () => base58.encode(randomBytes(32)))
const polkadot = times(otherCount, (i) => ss58([0, 2, 42][i % 3] ?? 0, randomBytes(32)))
const cosmos = times(otherCount, (i) =>
  bech32.encode(i % 2 ? "osmo" : "cosmos", bech32.toWords(randomBytes(20))),
)
const randomBase58 = (length: number) => times(length, () => base58Alphabet.charAt(randomInt(58))).join("")
/**
 * Everyday junk: words, names, URLs, short hex and base58 runs of lengths no base58 format uses (so no
 * checksum-free format can accept one by chance).
 */
const junk = times(otherCount, (i) => {
  if (i % 4 === 0)
    return `${["hello", "bc1", "not an address", "🦊 wallet"][(i % 16) >> 2]} ${randomInt(1e6)}`
  if (i % 4 === 1) return i % 8 === 1 ? `name${randomInt(1e6)}.eth` : `https://127.0.0.1:${randomInt(65536)}/`
  if (i % 4 === 2) return `0x${hex(randomBytes(8 + randomInt(12)))}`
  return randomBase58(i % 8 === 3 ? 12 + randomInt(20) : 52 + randomInt(10))
})

export const sampleKinds: ReadonlyArray<SampleKind> = [
  { name: "EVM lowercase", valid: true, anchor: "viem", inputs: evmLower() },
  { name: "EVM EIP-55 mixed case", valid: true, anchor: "viem", inputs: eip55() },
  { name: "EVM bad checksum", valid: false, anchor: "viem", inputs: eip55().map(flipOneLetter) },
  { name: "EVM 39 hex digits", valid: false, anchor: "viem", inputs: evmLower().map((a) => a.slice(0, 41)) },
  { name: "bitcoin base58 p2pkh", valid: true, anchor: "bitcoinjs", inputs: p2pkh },
  { name: "bitcoin base58 p2sh", valid: true, anchor: "bitcoinjs", inputs: p2sh },
  { name: "bitcoin bech32 p2wpkh", valid: true, anchor: "bitcoinjs", inputs: p2wpkh },
  { name: "bitcoin bech32m p2tr", valid: true, anchor: "bitcoinjs", inputs: p2tr },
  {
    name: "bitcoin base58 typo",
    valid: false,
    anchor: "bitcoinjs",
    inputs: p2pkh.map((a) => typo(a, base58Alphabet, 1)),
  },
  { name: "bitcoin bech32 typo", valid: false, anchor: "bitcoinjs", inputs: p2wpkh.map(bech32Typo) },
  { name: "solana", valid: true, anchor: "viem+bitcoinjs", inputs: solana },
  {
    name: "solana 31 chars",
    valid: false,
    anchor: "viem+bitcoinjs",
    inputs: solana.map((a) => a.slice(0, 31)),
  },
  { name: "polkadot SS58", valid: true, anchor: "viem+bitcoinjs", inputs: polkadot },
  { name: "polkadot SS58 typo", valid: false, anchor: "viem+bitcoinjs", inputs: polkadot.map(ss58Typo) },
  { name: "cosmos bech32", valid: true, anchor: "viem+bitcoinjs", inputs: cosmos },
  { name: "cosmos bech32 typo", valid: false, anchor: "viem+bitcoinjs", inputs: cosmos.map(bech32Typo) },
  { name: "junk", valid: false, anchor: "viem+bitcoinjs", inputs: junk },
]

/** Lowercase EVM addresses for the row that reads `normalized` (its own list, for the cache reason above). */
export const lowercaseToNormalize: ReadonlyArray<string> = evmLower()
