import { blake2b } from "@noble/hashes/blake2.js"
import { base58 } from "@scure/base"
import { Result } from "effect"
import { type AddressCheck, InvalidAddress } from "./AddressCheck"

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

const fail = (message: string) => Result.fail(new InvalidAddress({ namespace: "polkadot", message }))

/**
 * SS58: prefix (1 byte below 64, else 2 bytes), an account public key (32 or 33 bytes), then the first
 * two bytes of blake2b-512("SS58PRE" ‖ prefix ‖ key) as checksum. Short account indices are not accounts
 * a wallet connects, so they are refused.
 */
export const decodeSs58 = (input: string): Result.Result<Ss58Address, InvalidAddress> => {
  if (!base58Chars.test(input)) return fail("Invalid SS58 address: not base58")
  if (input.length > maxLength) return fail("Invalid SS58 address: wrong length")
  const bytes = base58.decode(input)
  const first = bytes[0] ?? 0
  if (first & 0b1000_0000) return fail("Invalid SS58 address: reserved prefix")
  const prefixLength = first & 0b0100_0000 ? 2 : 1
  const keyLength = bytes.length - prefixLength - 2
  if (keyLength !== 32 && keyLength !== 33) return fail("Invalid SS58 address: wrong length")
  const body = bytes.subarray(0, bytes.length - 2)
  const hash = blake2b(Uint8Array.of(...checksumSalt, ...body), { dkLen: 64 })
  if (hash[0] !== bytes.at(-2) || hash[1] !== bytes.at(-1)) return fail("Invalid SS58 address checksum")
  // Two-byte prefixes pack 14 bits across both bytes (see the SS58 spec's "Address Type").
  const second = bytes[1] ?? 0
  const prefix =
    prefixLength === 1 ? first : ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
  return Result.succeed({ prefix, publicKey: bytes.slice(prefixLength, prefixLength + keyLength) })
}

/** `network` names the SS58 prefix (polkadot, kusama, substrate or ss58-N); `chainReference` pins it. */
export const checkPolkadotAddress = (input: string, chainReference?: string): AddressCheck =>
  Result.flatMap(decodeSs58(input), ({ prefix }): AddressCheck => {
    const expected = chainReference === undefined ? undefined : polkadotChainPrefixes[chainReference]
    if (expected !== undefined && expected !== prefix)
      return fail(
        `Invalid SS58 address: prefix ${prefix} does not belong to this chain (expected ${expected})`,
      )
    return Result.succeed({
      normalized: input,
      network: prefixNames[prefix] ?? `ss58-${prefix}`,
      type: "ss58",
    })
  })
