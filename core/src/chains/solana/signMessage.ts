import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Effect, Schema } from "effect"
import { InvalidWalletReplyError } from "../../errors/wallet"
import { Base58Signature } from "./base58Signature"
import type { SolanaWallet } from "./sendTransfer"

const SignMessageReply = Schema.Struct({
  signature: Base58Signature,
})
const decodeReply = Schema.decodeUnknownResult(SignMessageReply)

const verifiesFor = (address: string, message: Uint8Array, signature: Uint8Array) => {
  try {
    return signature.length === 64 && ed25519.verify(signature, message, base58.decode(address))
  } catch {
    return false
  }
}

/**
 * Signs a text (its UTF-8 bytes) with a Solana account through any Solana connector (solana_signMessage:
 * base58 in, base58 out, as WalletConnect and the Wallet Standard connector both speak it). The answer is
 * the 64-byte ed25519 signature in base58, the form Sign-In With Solana verifies; one that does not verify
 * for `address` is refused as no signature.
 */
export const signSolanaMessage = <E>(
  wallet: SolanaWallet<E>,
  address: string,
  message: string,
): Effect.Effect<string, E | InvalidWalletReplyError> =>
  Effect.gen(function* () {
    const bytes = new TextEncoder().encode(message)
    const reply = yield* wallet.request({
      method: "solana_signMessage",
      params: { message: base58.encode(bytes), pubkey: address },
    })
    const decoded = decodeReply(reply)
    // A signature by another key than the account's (a wallet that switched accounts) is no answer either.
    if (decoded._tag === "Failure" || !verifiesFor(address, bytes, base58.decode(decoded.success.signature)))
      return yield* new InvalidWalletReplyError({
        method: "solana_signMessage",
        expected: "signature",
        reply,
      })
    return decoded.success.signature
  })
