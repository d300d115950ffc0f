import { blake2b } from "@noble/hashes/blake2.js"
import { base58 } from "@scure/base"
import { Result } from "effect"
import { accept, type Checked, InvalidAddress, Refusal } from "./AddressCheck"

/** SS58 network prefixes of the relay chains AppKit names, keyed by their CAIP-2 polkadot reference. */
export const polkadotChainPrefixes: Readonly<Record<string, number>> = {
  "91b171bb158e2d3848fa23a9f1c25182": 0, // Polkadot
  b0a8d493285c2df73290dfb7e61f870f: 2, // Kusama
}

const prefixNames: Readonly<Record<number, string>> = { 0: "polkadot", 2: "kusama", 42: "substrate" }

const checksumSalt = new TextEncoder().encode("SS58PRE")
const base58Chars = /^[1-9A-HJ-NP-Za-km-z]+$/
// The longest account address (2-byte prefix, 33-byte key, 2-byte checksum: 37 bytes) is 51 characters.
// Checking that first keeps long input away from base58's quadratic decoder, which throws past its limit.
const maxLength = 51

export interface Ss58Address {
  /** The SS58 address format (network prefix), 0..16383. */
  readonly prefix: number
  /** 32-byte sr25519/ed25519 key or 33-byte ecdsa key. */
  readonly publicKey: Uint8Array
}

const notBase58 = new Refusal("Invalid SS58 address: not base58")
const wrongLength = new Refusal("Invalid SS58 address: wrong length")
const reservedPrefix = new Refusal("Invalid SS58 address: reserved prefix")
const badChecksum = new Refusal("Invalid SS58 address checksum")

/** `decodeSs58` with the refusal as plain data (see `Refusal`). */
const readSs58 = (input: string): Ss58Address | Refusal => {
  if (!base58Chars.test(input)) return notBase58
  if (input.length > maxLength) return wrongLength
  const bytes = base58.decode(input)
  const first = bytes[0] ?? 0
  if (first & 0b1000_0000) return reservedPrefix
  const prefixLength = first & 0b0100_0000 ? 2 : 1
  const keyLength = bytes.length - prefixLength - 2
  if (keyLength !== 32 && keyLength !== 33) return wrongLength
  const salted = new Uint8Array(checksumSalt.length + bytes.length - 2)
  salted.set(checksumSalt)
  salted.set(bytes.subarray(0, bytes.length - 2), checksumSalt.length)
  const hash = blake2b(salted, { dkLen: 64 })
  if (hash[0] !== bytes.at(-2) || hash[1] !== bytes.at(-1)) return badChecksum
  // Two-byte prefixes pack 14 bits across both bytes (see the SS58 spec's "Address Type").
  const second = bytes[1] ?? 0
  const prefix =
    prefixLength === 1 ? first : ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
  return { prefix, publicKey: bytes.slice(prefixLength, prefixLength + keyLength) }
}

/**
 * SS58: prefix (1 byte below 64, else 2 bytes), an account public key (32 or 33 bytes), then the first
 * two bytes of blake2b-512("SS58PRE" ‖ prefix ‖ key) as checksum. Short account indices are not accounts
 * a wallet connects, so they are refused.
 */
export const decodeSs58 = (input: string): Result.Result<Ss58Address, InvalidAddress> => {
  const decoded = readSs58(input)
  return decoded instanceof Refusal
    ? Result.fail(new InvalidAddress({ namespace: "polkadot", message: decoded.message }))
    : Result.succeed(decoded)
}

/** `network` names the SS58 prefix (polkadot, kusama, substrate or ss58-N); `chainReference` pins it. */
export const checkPolkadotAddress = (input: string, chainReference?: string): Checked => {
  const decoded = readSs58(input)
  if (decoded instanceof Refusal) return decoded
  const { prefix } = decoded
  const expected = chainReference === undefined ? undefined : polkadotChainPrefixes[chainReference]
  if (expected !== undefined && expected !== prefix)
    return new Refusal(
      `Invalid SS58 address: prefix ${prefix} does not belong to this chain (expected ${expected})`,
    )
  return accept(input, prefixNames[prefix] ?? `ss58-${prefix}`, "ss58")
}
