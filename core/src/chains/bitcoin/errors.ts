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
