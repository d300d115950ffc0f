import { base58 } from "@scure/base"
import { Schema } from "effect"

/**
 * An ed25519 signature as Solana wallets answer it: base58 text of exactly 64 bytes (64-88 characters alone
 * also lets 63 or 65 bytes through, which no node knows as a transaction id).
 */
export const Base58Signature = Schema.String.check(
  Schema.isPattern(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { expected: "a base58 signature" }),
  Schema.makeFilter((text: string) => base58.decode(text).length === 64, {
    expected: "a base58 signature of 64 bytes",
  }),
)
