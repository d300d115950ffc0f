import { Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"

/** A PSBT that BIP-174/370 says a parser must reject; `reason` says which rule it breaks. */
export class InvalidPsbtError extends AppKitError(
  Schema.TaggedError<InvalidPsbtError>()("InvalidPsbtError", {
    reason: Schema.String,
  }),
  { topic: "Invalid PSBT", details: (error) => error.reason },
) {
  override get message(): string {
    return `Invalid PSBT: ${this.reason}`
  }
}

/** A signed message that cannot be checked: an unknown address, or a signature in no known encoding. */
export class InvalidMessageSignatureError extends AppKitError(
  Schema.TaggedError<InvalidMessageSignatureError>()("InvalidMessageSignatureError", {
    reason: Schema.String,
  }),
  { topic: "Invalid message signature", details: (error) => error.reason },
) {
  override get message(): string {
    return this.reason
  }
}

/** A wallet that did not answer in time: every wallet call is bounded (the user may have walked away). */
export class BitcoinTimeoutError extends AppKitError(
  Schema.TaggedError<BitcoinTimeoutError>()("BitcoinTimeoutError", {
    method: Schema.String,
    timeoutMillis: Schema.Number,
  }),
  { topic: "Wallet did not answer" },
) {
  override get message(): string {
    return `The wallet did not answer ${this.method} within ${Math.round(this.timeoutMillis / 1000)} s`
  }
}
