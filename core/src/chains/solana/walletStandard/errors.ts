import { Duration, Schema } from "effect"

/** A wallet left a request unanswered past its bound (the user never approved nor rejected it). */
export class WalletRequestTimeout extends Schema.TaggedError<WalletRequestTimeout>()("WalletRequestTimeout", {
  /** The Wallet Standard feature asked for, e.g. "solana:signAndSendTransaction". */
  feature: Schema.String,
  timeoutMillis: Schema.Number,
}) {
  override get message(): string {
    return `The wallet did not answer ${this.feature} within ${Duration.format(Duration.millis(this.timeoutMillis))}`
  }
}
