import { base58 } from "@scure/base"
import { accept, type Checked, Refusal } from "./AddressCheck"
import { isOnEd25519Curve } from "./ed25519Curve"

const base58Chars = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const notBase58 = new Refusal("Invalid Solana address: expected 32-44 base58 characters")

/**
 * A Solana address is 32–44 base58 characters decoding to exactly 32 bytes (§5, plus the length check).
 * `type` says whether it is an ed25519 point ("on-curve") or a program-derived address ("off-curve").
 */
export const checkSolanaAddress = (input: string): Checked => {
  if (!base58Chars.test(input)) return notBase58
  const bytes = base58.decode(input)
  if (bytes.length !== 32)
    return new Refusal(`Invalid Solana address: decodes to ${bytes.length} bytes, expected 32`)
  return accept(input, null, isOnEd25519Curve(bytes) ? "on-curve" : "off-curve")
}
