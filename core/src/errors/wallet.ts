import { Duration, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * A wallet answered a request with something that is not what the method returns (a signature, a
 * transaction hash): nothing was signed or sent as far as the dApp can tell, so the reply is kept for
 * diagnosis and never passed on.
 */
export class InvalidWalletReplyError extends AppKitError(
  Schema.TaggedError<InvalidWalletReplyError>()("InvalidWalletReplyError", {
    method: Schema.String,
    expected: Schema.Literals(["signature", "transaction hash"]),
    reply: Schema.Unknown,
  }),
) {
  override get message(): string {
    return `The wallet returned no ${this.expected}`
  }
}

/**
 * A wallet left a request unanswered past its bound: a wallet closed or killed mid-request cannot answer, and
 * nothing else tells the dApp. Every connector (injected, WalletConnect, Wallet Standard) bounds its requests.
 */
export class WalletRequestTimeout extends AppKitError(
  Schema.TaggedError<WalletRequestTimeout>()("WalletRequestTimeout", {
    walletName: Schema.String,
    /** The JSON-RPC method or Wallet Standard feature asked for ("personal_sign", "solana:signMessage"). */
    method: Schema.String,
    timeoutMs: Schema.Number,
  }),
  { topic: "Wallet did not answer" },
) {
  override get message(): string {
    return `${this.walletName} did not answer ${this.method} within ${Duration.format(Duration.millis(this.timeoutMs))}: check that the wallet is open and still connected, then try again`
  }
}
