import { secp256k1 } from "@noble/curves/secp256k1.js"
import { keccak_256 } from "@noble/hashes/sha3.js"
import { hex } from "@scure/base"
import { hashPersonalMessage } from "../siwx/eip191"
import { toChecksumAddress } from "../validation/address/evm"

/**
 * Test support only (not exported): a deterministic EOA that signs like a wallet's personal_sign, so
 * sign-in tests need no wallet. `recoveryOffset` 27 gives v = 27/28, 0 gives v = 0/1.
 */
export const testSigner = (seed: string) => {
  const privateKey = keccak_256(new TextEncoder().encode(seed))
  const address = toChecksumAddress(
    hex.encode(keccak_256(secp256k1.getPublicKey(privateKey, false).subarray(1)).subarray(-20)),
  )
  const personalSign = (message: string, recoveryOffset = 27): string => {
    const signature = secp256k1.sign(hashPersonalMessage(message), privateKey, {
      prehash: false,
      format: "recovered",
    })
    // noble's "recovered" format puts the recovery byte first; Ethereum puts v last.
    const v = (signature[0] ?? 0) + recoveryOffset
    return `0x${hex.encode(signature.subarray(1))}${v.toString(16).padStart(2, "0")}`
  }
  return { address, personalSign }
}
