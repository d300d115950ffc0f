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

/** §3 Wallet listing, as the wallet registry (GET /getWallets) sends it: the wire shape is the entity. */
export const InjectedId = Schema.Struct({ namespace: Schema.String, injected_id: Schema.String })

export const WalletListing = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  homepage: Schema.optionalKey(Schema.String),
  image_id: Schema.optionalKey(Schema.String),
  image_url: Schema.optionalKey(Schema.String),
  order: Schema.optionalKey(Schema.Number),
  rdns: Schema.optionalKey(Schema.NullOr(Schema.String)),
  mobile_link: Schema.optionalKey(Schema.NullOr(Schema.String)),
  desktop_link: Schema.optionalKey(Schema.NullOr(Schema.String)),
  webapp_link: Schema.optionalKey(Schema.NullOr(Schema.String)),
  app_store: Schema.optionalKey(Schema.NullOr(Schema.String)),
  play_store: Schema.optionalKey(Schema.NullOr(Schema.String)),
  chrome_store: Schema.optionalKey(Schema.NullOr(Schema.String)),
  injected: Schema.optionalKey(Schema.NullOr(Schema.Array(InjectedId))),
  /** CAIP-2 ids the wallet supports. */
  chains: Schema.optionalKey(Schema.Array(Schema.String)),
  badge_type: Schema.optionalKey(Schema.Literals(["none", "certified"])),
})
export type WalletListing = typeof WalletListing.Type
