import { AppKitError } from "../../domain/appKitError"
import { TaggedError } from "../../errors/taggedError"

/** A PSBT that BIP-174/370 says a parser must reject; `reason` says which rule it breaks. */
export class InvalidPsbtError extends AppKitError(
  TaggedError("InvalidPsbtError")<{ readonly reason: string }>(),
  { topic: "Invalid PSBT", details: (error) => error.reason },
) {
  override get message(): string {
    return `Invalid PSBT: ${this.reason}`
  }
}

/** A signed message that cannot be checked: an unknown address, or a signature in no known encoding. */
export class InvalidMessageSignatureError extends AppKitError(
  TaggedError("InvalidMessageSignatureError")<{ readonly reason: string }>(),
  { topic: "Invalid message signature", details: (error) => error.reason },
) {
  override get message(): string {
    return this.reason
  }
}

/** A wallet that did not answer in time: every wallet call is bounded (the user may have walked away). */
export class BitcoinTimeoutError extends AppKitError(
  TaggedError("BitcoinTimeoutError")<{ readonly method: string; readonly timeoutMillis: number }>(),
  { topic: "Wallet did not answer" },
) {
  override get message(): string {
    return `The wallet did not answer ${this.method} within ${Math.round(this.timeoutMillis / 1000)} s`
  }
}
