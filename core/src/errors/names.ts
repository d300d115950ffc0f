import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { reasonOf } from "./catalogue"

/** §8 name service failures and the §5 registration chain id rule. */
export const nameMessages = {
  resolve: "Error resolving name",
  suggestions: "Error fetching name suggestions",
  namesForAddress: "Error fetching names for address",
  register: "Error registering name",
  invalidChainId: "Invalid chainId",
} as const

export class NameError extends AppKitError(
  Schema.TaggedError<NameError>()("NameError", {
    reason: reasonOf(nameMessages),
    cause: Schema.optional(Schema.Unknown),
  }),
) {
  override get message(): string {
    return nameMessages[this.reason]
  }
}
