import { Schema } from "effect"
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
