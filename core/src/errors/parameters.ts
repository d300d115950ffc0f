import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * An action's argument that its types already rule out, caught at run time for JavaScript callers and
 * values built at run time (a negative amount, calldata that is not hex). Addresses have their own error,
 * InvalidAddress, which says which rule they broke.
 */
export class InvalidParameterError extends AppKitError(
  Schema.TaggedError<InvalidParameterError>()("InvalidParameterError", {
    parameter: Schema.String,
    expected: Schema.String,
  }),
  { topic: "Invalid parameter" },
) {
  override get message(): string {
    return `Invalid ${this.parameter}: expected ${this.expected}`
  }
}

/** A contract call that cannot be encoded from its ABI: no such function, or arguments that do not fit it. */
export class InvalidContractCallError extends AppKitError(
  Schema.TaggedError<InvalidContractCallError>()("InvalidContractCallError", {
    functionName: Schema.String,
    reason: Schema.String,
  }),
  { topic: "Cannot encode a contract call", details: (error) => error.reason },
) {
  override get message(): string {
    return `Cannot encode a call to ${this.functionName}: ${this.reason}`
  }
}
