import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { reasonOf } from "./catalogue"

/** §8 "Thrown" for the controllers, chains and connectors, with the exact texts. */
export const connectionMessages = {
  chainAdapterNotFound: "Chain adapter not found",
  networkClientNotSet: "NetworkController client not set",
  connectionClientNotSet: "ConnectionController client not set",
  chainNotConfigured: "Chain not configured.",
  connectorAlreadyConnected: "Connector already connected.",
  connectorNotConnected: "Connector not connected.",
  networkNotFound: "Network not found",
  addressOrAuthConnectorNotFound: "Address or auth connector not found",
  connectorAccountNotFound: "Connector account not found.",
  connectorChainMismatch: "Connector chain mismatch.",
  connectorUnavailableReconnecting: "Connector unavailable while reconnecting.",
} as const

export class ConnectionError extends AppKitError(
  Schema.TaggedError<ConnectionError>()("ConnectionError", {
    reason: reasonOf(connectionMessages),
  }),
) {
  override get message(): string {
    return connectionMessages[this.reason]
  }
}

/** 'Chain is required to ...': the text names the action that needed a chain ("Chain is required to switch network"). */
export class ChainRequiredError extends AppKitError(
  Schema.TaggedError<ChainRequiredError>()("ChainRequiredError", {
    action: Schema.String,
  }),
  { topic: "Chain is required to" },
) {
  override get message(): string {
    return `Chain is required to ${this.action}`
  }
}

/** A disconnect the wallet refused or failed; reported with the INTERNAL_SDK_ERROR type. */
export class DisconnectError extends AppKitError(
  Schema.TaggedError<DisconnectError>()("DisconnectError", {
    cause: Schema.optional(Schema.Unknown),
  }),
) {
  readonly type = "INTERNAL_SDK_ERROR"
  override get message(): string {
    return "Failed to disconnect"
  }
}

/** §5: sign-in preconditions, checked in this order. */
export const siwxMessages = {
  notEnabled: "SIWX is not enabled",
  noActiveAddress: "No ActiveCaipAddress found",
  noActiveNetwork: "No ActiveCaipNetwork or client found",
  noConnectionClient: "No ConnectionController client found",
} as const

export class SiwxError extends AppKitError(
  Schema.TaggedError<SiwxError>()("SiwxError", {
    reason: reasonOf(siwxMessages),
  }),
) {
  override get message(): string {
    return siwxMessages[this.reason]
  }
}
