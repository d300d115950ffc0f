import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Result } from "effect"
import { type AddressCheck, InvalidAddress } from "./AddressCheck"

const base58Chars = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const fail = (message: string): AddressCheck =>
  Result.fail(new InvalidAddress({ namespace: "solana", message }))

/** Whether 32 bytes decode to an ed25519 point; program-derived addresses are deliberately off-curve. */
export const isOnCurve = (bytes: Uint8Array): boolean => {
  try {
    // Strict RFC 8032 decoding (zip215 off), the rule @solana/kit's isOnCurve and the vectors use.
    ed25519.Point.fromBytes(bytes, false)
    return true
  } catch {
    return false
  }
}

/**
 * A Solana address is 32–44 base58 characters decoding to exactly 32 bytes (§5, plus the length check).
 * `type` says whether it is an ed25519 point ("on-curve") or a program-derived address ("off-curve").
 */
export const checkSolanaAddress = (input: string): AddressCheck => {
  if (!base58Chars.test(input)) return fail("Invalid Solana address: expected 32-44 base58 characters")
  const bytes = base58.decode(input)
  if (bytes.length !== 32)
    return fail(`Invalid Solana address: decodes to ${bytes.length} bytes, expected 32`)
  return Result.succeed({
    normalized: input,
    network: null,
    type: isOnCurve(bytes) ? "on-curve" : "off-curve",
  })
}
