import { Schema } from "effect"

/**
 * An action's argument that its types already rule out, caught at run time for JavaScript callers and
 * values built at run time (a negative amount, calldata that is not hex). Addresses have their own error,
 * InvalidAddress, which says which rule they broke.
 */
export class InvalidParameterError extends Schema.TaggedError<InvalidParameterError>()(
  "InvalidParameterError",
  { parameter: Schema.String, expected: Schema.String },
) {
  override get message(): string {
    return `Invalid ${this.parameter}: expected ${this.expected}`
  }
}

/** A contract call that cannot be encoded from its ABI: no such function, or arguments that do not fit it. */
export class InvalidContractCallError extends Schema.TaggedError<InvalidContractCallError>()(
  "InvalidContractCallError",
  { functionName: Schema.String, details: Schema.String },
) {
  override get message(): string {
    return `Cannot encode a call to ${this.functionName}: ${this.details}`
  }
}
