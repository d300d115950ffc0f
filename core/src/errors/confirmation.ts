import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/** A sent transaction without a confirmation within the §9 timeout: reported, not awaited forever. */
export class TransactionConfirmationTimeout extends AppKitError(
  Schema.TaggedError<TransactionConfirmationTimeout>()(
    "TransactionConfirmationTimeout",
    /** `hash` is the transaction's id: a hex hash on eip155, a base58 signature on solana. */
    { hash: Schema.String, timeoutMs: Schema.Number },
  ),
  { topic: "Transaction was not confirmed", details: (error) => error.hash },
) {
  override get message(): string {
    return `Transaction ${this.hash} was not confirmed within ${this.timeoutMs / 1000} s`
  }
}
