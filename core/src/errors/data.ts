import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { reasonOf } from "./catalogue"

/** Data-layer failures with a fixed text: the balance toast of §8, and inputs the API clients refuse. */
export const dataMessages = {
  tokenBalanceUnavailable: "Token Balance Unavailable",
  historyAddressRequired: "Transactions can't be fetched without an account address",
  ordinalsRegtestUnsupported: "Regtest is not supported by the ordinals service",
} as const

export class DataError extends AppKitError(
  Schema.TaggedError<DataError>()("DataError", {
    reason: reasonOf(dataMessages),
    cause: Schema.optional(Schema.Unknown),
  }),
) {
  override get message(): string {
    return dataMessages[this.reason]
  }
}
