import { base58 } from "@scure/base"
import { Effect, Schema } from "effect"
import type { ConnectorError } from "../../connectors/Connector"
import { InvalidWalletReplyError } from "../../errors/wallet"
import type { SolanaWallet } from "./sendTransfer"

const SignMessageReply = Schema.Struct({
  signature: Schema.String.check(
    Schema.isPattern(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { expected: "a base58 signature" }),
  ),
})
const decodeReply = Schema.decodeUnknownResult(SignMessageReply)

/**
 * Signs a text (its UTF-8 bytes) with a Solana account through any Solana connector (solana_signMessage:
 * base58 in, base58 out, as WalletConnect and the Wallet Standard connector both speak it). The answer is
 * the 64-byte ed25519 signature in base58, the form Sign-In With Solana verifies.
 */
export const signSolanaMessage = <E extends ConnectorError>(
  wallet: SolanaWallet<E>,
  address: string,
  message: string,
): Effect.Effect<string, E | InvalidWalletReplyError> =>
  Effect.gen(function* () {
    const reply = yield* wallet.request({
      method: "solana_signMessage",
      params: { message: base58.encode(new TextEncoder().encode(message)), pubkey: address },
    })
    const decoded = decodeReply(reply)
    if (decoded._tag === "Failure" || base58.decode(decoded.success.signature).length !== 64)
      return yield* new InvalidWalletReplyError({
        method: "solana_signMessage",
        expected: "signature",
        reply,
      })
    return decoded.success.signature
  })
