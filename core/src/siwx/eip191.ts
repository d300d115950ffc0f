import { secp256k1 } from "@noble/curves/secp256k1.js"
import { keccak_256 } from "@noble/hashes/sha3.js"
import { hex } from "@scure/base"
import { toChecksumAddress } from "../validation/address/evm"

const utf8 = new TextEncoder()

/** EIP-191 version 0x45 (personal_sign): keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export const hashPersonalMessage = (message: string): Uint8Array => {
  const bytes = utf8.encode(message)
  return keccak_256(Uint8Array.of(...utf8.encode(`\x19Ethereum Signed Message:\n${bytes.length}`), ...bytes))
}

/**
 * The address whose key made a 65-byte r‖s‖v personal_sign signature, or undefined when the bytes are
 * not a recoverable signature. v may be 27/28 or 0/1 (some wallets, e.g. Ledger-backed ones, send 0/1).
 */
export const recoverPersonalSignAddress = (message: string, signature: string): `0x${string}` | undefined => {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined
  const bytes = hex.decode(signature.slice(2).toLowerCase())
  const v = bytes[64] ?? 0
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  try {
    const publicKey = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), "compact")
      .addRecoveryBit(recovery)
      .recoverPublicKey(hashPersonalMessage(message))
      .toBytes(false)
    return toChecksumAddress(hex.encode(keccak_256(publicKey.subarray(1)).subarray(-20)))
  } catch {
    return undefined
  }
}
