import { Schema } from "effect"

/** Wire shapes of the Wallet API (§7); the contract the fixture API server serves. */

export const InjectedId = Schema.Struct({ namespace: Schema.String, injected_id: Schema.String })

/** §3 Wallet listing. */
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

/** GET /getWallets: one page and the total count matching the filters. */
export const WalletPage = Schema.Struct({ count: Schema.Number, data: Schema.Array(WalletListing) })
export type WalletPage = typeof WalletPage.Type

/** GET /getAnalyticsConfig */
export const AnalyticsConfig = Schema.Struct({ isAnalyticsEnabled: Schema.Boolean })
export type AnalyticsConfig = typeof AnalyticsConfig.Type

/** GET /projects/v1/origins */
export const ProjectOrigins = Schema.Struct({ allowedOrigins: Schema.Array(Schema.String) })
export type ProjectOrigins = typeof ProjectOrigins.Type

/** One remote feature switch of GET /appkit/v1/config; `config` is feature-specific (e.g. socials list). */
export const RemoteFeature = Schema.Struct({
  id: Schema.String,
  isEnabled: Schema.Boolean,
  config: Schema.optionalKey(Schema.NullOr(Schema.Unknown)),
})
export type RemoteFeature = typeof RemoteFeature.Type
export const AppKitRemoteConfig = Schema.Struct({ features: Schema.Array(RemoteFeature) })
export type AppKitRemoteConfig = typeof AppKitRemoteConfig.Type
