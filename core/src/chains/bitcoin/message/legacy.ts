import { secp256k1 } from "@noble/curves/secp256k1.js"
import { ripemd160 } from "@noble/hashes/legacy.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { ByteWriter, concatBytes, equalBytes } from "../encoding/bytes"
import { hash256 } from "../encoding/transaction"

/**
 * The legacy ("Bitcoin Signed Message") ECDSA signature: 65 bytes, a header byte then r and s, from which
 * the public key is recovered. BIP-137 header ranges say which address the key is for: 27-30 P2PKH
 * uncompressed, 31-34 P2PKH compressed, 35-38 P2SH-P2WPKH, 39-42 P2WPKH.
 */
const PREFIX = new TextEncoder().encode("Bitcoin Signed Message:\n")

export const legacyMessageHash = (message: string): Uint8Array => {
  const bytes = new TextEncoder().encode(message)
  return hash256(new ByteWriter().varBytes(PREFIX).varBytes(bytes).finish())
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))

export type LegacyAddressKind = "p2pkh" | "p2sh-p2wpkh" | "p2wpkh"

export const LEGACY_SIGNATURE_LENGTH = 65

/** Whether decoded bytes have the legacy signature's shape (a BIP-322 witness never does: see verifyMessage). */
export const looksLikeLegacySignature = (bytes: Uint8Array): boolean =>
  bytes.length === LEGACY_SIGNATURE_LENGTH && (bytes[0] as number) >= 27 && (bytes[0] as number) <= 42

/**
 * Whether the 65-byte signature of `message` recovers a key that owns the address: P2PKH with the key as
 * the header says (compressed or not), or a segwit v0 key-hash address (native or P2SH-wrapped) with the
 * compressed key. Wallets disagree on the header of segwit signatures, so only compression is read from it.
 */
export const verifyLegacySignature = (
  message: string,
  signature: Uint8Array,
  address: { readonly kind: LegacyAddressKind; readonly hash: Uint8Array },
): boolean => {
  if (!looksLikeLegacySignature(signature)) return false
  const header = signature[0] as number
  const compressed = header >= 31
  let key: Uint8Array
  try {
    const recovered = secp256k1.Signature.fromBytes(
      concatBytes(Uint8Array.of((header - 27) & 3), signature.subarray(1)),
      "recovered",
    ).recoverPublicKey(legacyMessageHash(message))
    key = recovered.toBytes(compressed)
  } catch {
    return false
  }
  const keyHash = hash160(key)
  switch (address.kind) {
    case "p2pkh":
      return equalBytes(keyHash, address.hash)
    case "p2wpkh":
      return compressed && equalBytes(keyHash, address.hash)
    case "p2sh-p2wpkh":
      return compressed && equalBytes(hash160(concatBytes(Uint8Array.of(0, 20), keyHash)), address.hash)
  }
}
