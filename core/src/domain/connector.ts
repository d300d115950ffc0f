import { Schema } from "effect"
import { ChainNamespace } from "./namespace"

/** How a wallet is reached (§3); the display order of these groups is config's CONNECTOR_TYPE_ORDER. */
export const ConnectorType = Schema.Literals([
  "EXTERNAL",
  "WALLET_CONNECT",
  "INJECTED",
  "ANNOUNCED",
  "AUTH",
  "MULTI_CHAIN",
])
export type ConnectorType = typeof ConnectorType.Type

/**
 * §3 Connector as the UI lists it. The live object behind it (connect, request, events) is the
 * `Connector` interface in connectors/; `provider` stays opaque here because it is a wallet's object.
 */
export const ConnectorDescriptor = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
  type: ConnectorType,
  chain: ChainNamespace,
  imageUrl: Schema.optionalKey(Schema.String),
  imageId: Schema.optionalKey(Schema.String),
  explorerId: Schema.optionalKey(Schema.String),
  /** EIP-6963 provider info; `rdns` is the reverse-DNS id that matches a wallet listing. */
  info: Schema.optionalKey(
    Schema.Struct({
      rdns: Schema.optionalKey(Schema.String),
      name: Schema.optionalKey(Schema.String),
      icon: Schema.optionalKey(Schema.String),
      uuid: Schema.optionalKey(Schema.String),
    }),
  ),
  provider: Schema.optionalKey(Schema.Unknown),
})
export type ConnectorDescriptor = typeof ConnectorDescriptor.Type

/** §3 Wallet listing: the registry's wire shape is already the entity, so it is defined once, in api/. */
export { WalletListing } from "../api/wallet/schemas"
