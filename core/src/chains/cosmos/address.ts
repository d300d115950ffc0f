import { ripemd160 } from "@noble/hashes/legacy.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { bech32 } from "@scure/base"

/**
 * The account address of a compressed secp256k1 key on a chain with bech32 prefix `prefix`:
 * bech32(prefix, RIPEMD-160(SHA-256(key))), as the cosmos SDK derives it.
 */
export const cosmosAddressOf = (publicKey: Uint8Array, prefix: string): string =>
  bech32.encode(prefix, bech32.toWords(ripemd160(sha256(publicKey))))
