import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { reasonOf } from "./catalogue"

/** §5/§8: swaps and gas prices need a supported network. */
export const swapMessages = {
  gasPriceNetworkUnsupported: "Network not supported for Gas Price",
  swapNetworkUnsupported: "Network not supported for Swaps",
} as const

export class SwapError extends AppKitError(
  Schema.TaggedError<SwapError>()("SwapError", {
    reason: reasonOf(swapMessages),
  }),
) {
  override get message(): string {
    return swapMessages[this.reason]
  }
}

/** §5: what a send needs before it reaches a wallet. */
export const sendMessages = {
  amountAndReceiverRequired: "An amount and receiver address are required",
  tokenRequired: "A token is required",
} as const

export class SendError extends AppKitError(
  Schema.TaggedError<SendError>()("SendError", {
    reason: reasonOf(sendMessages),
  }),
) {
  override get message(): string {
    return sendMessages[this.reason]
  }
}
