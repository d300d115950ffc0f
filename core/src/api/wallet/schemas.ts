import { Schema } from "effect"
import { InjectedId, WalletListing } from "../../domain/connector"

/** Wire shapes of the Wallet API (§7); the contract the fixture API server serves. */

// §3 Wallet listing: the registry's wire shape is the entity, defined in domain/.
export { InjectedId, WalletListing }

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
