import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * `createAppKit` refused its options. `issue` names each wrong key by its path and says what it expected
 * ("networks[0].id: expected a positive integer, got -1"), issues separated by "; ".
 */
export class InvalidAppKitOptionsError extends AppKitError(
  Schema.TaggedError<InvalidAppKitOptionsError>()("InvalidAppKitOptionsError", { issue: Schema.String }),
  { topic: "Invalid AppKit options", details: (error) => error.issue },
) {
  override get message(): string {
    return `Invalid AppKit options: ${this.issue}`
  }
}
