import { Schema } from "effect"

/** A sent transaction without a confirmation within the §9 timeout: reported, not awaited forever. */
export class TransactionConfirmationTimeout extends Schema.TaggedError<TransactionConfirmationTimeout>()(
  "TransactionConfirmationTimeout",
  /** `hash` is the transaction's id: a hex hash on eip155, a base58 signature on solana. */
  { hash: Schema.String, timeoutMs: Schema.Number },
) {
  override get message(): string {
    return `Transaction ${this.hash} was not confirmed within ${this.timeoutMs / 1000} s`
  }
}
