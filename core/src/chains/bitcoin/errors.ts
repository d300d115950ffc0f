import { Schema } from "effect"

/** A PSBT that BIP-174/370 says a parser must reject; `reason` says which rule it breaks. */
export class InvalidPsbtError extends Schema.TaggedError<InvalidPsbtError>()("InvalidPsbtError", {
  reason: Schema.String,
}) {
  override get message(): string {
    return `Invalid PSBT: ${this.reason}`
  }
}

/** A signed message that cannot be checked: an unknown address, or a signature in no known encoding. */
export class InvalidMessageSignatureError extends Schema.TaggedError<InvalidMessageSignatureError>()(
  "InvalidMessageSignatureError",
  { reason: Schema.String },
) {
  override get message(): string {
    return this.reason
  }
}

/** A wallet that did not answer in time: every wallet call is bounded (the user may have walked away). */
export class BitcoinTimeoutError extends Schema.TaggedError<BitcoinTimeoutError>()("BitcoinTimeoutError", {
  method: Schema.String,
  timeoutMillis: Schema.Number,
}) {
  override get message(): string {
    return `The wallet did not answer ${this.method} within ${Math.round(this.timeoutMillis / 1000)} s`
  }
}
