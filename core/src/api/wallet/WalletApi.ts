import { Context, type Effect, type Option } from "effect"
import { Limits } from "../../config/constants"
import type { AlertError } from "../../errors/alerts"
import type { ApiError, BinaryBody } from "../../http/ApiClient"
import { type ApiConfigShape, sdkUrl } from "../../http/ApiConfig"
import type { AnalyticsConfig, AppKitRemoteConfig, WalletPage } from "./schemas"

/** §9: wallet pages hold 40 entries, search pages 100 (the defaults of `getWallets`). */
export const walletPageEntries = Limits.walletPageEntries
export const walletSearchEntries = Limits.walletSearchEntries

export interface GetWalletsParams {
  /** 1-based. */
  readonly page?: number | undefined
  readonly entries?: number | undefined
  /** Wallet ids to list exclusively / to leave out. */
  readonly include?: ReadonlyArray<string> | undefined
  readonly exclude?: ReadonlyArray<string> | undefined
  /** CAIP-2 ids the wallets must support. */
  readonly chains?: ReadonlyArray<string> | undefined
  readonly search?: string | undefined
  readonly badge_type?: "none" | "certified" | undefined
}

export type ImageKind = "wallet" | "asset" | "currency" | "token"

const imagePaths: Record<ImageKind, string> = {
  wallet: "/getWalletImage",
  asset: "/public/getAssetImage",
  currency: "/public/getCurrencyImage",
  token: "/public/getTokenImage",
}

export const imagePath = (kind: ImageKind, id: string) => `${imagePaths[kind]}/${encodeURIComponent(id)}`

/** The URL of a Wallet API image, with the SDK parameters: no request, so it is known before the client loads. */
export const walletApiImageUrl = (config: ApiConfigShape, kind: ImageKind, id: string): string =>
  sdkUrl(config, config.walletApiUrl, imagePath(kind, id))

export interface WalletApiShape {
  readonly getWallets: (params?: GetWalletsParams) => Effect.Effect<WalletPage, ApiError>
  /** The image bytes and content type (a skin turns them into an object URL). */
  readonly image: (kind: ImageKind, id: string) => Effect.Effect<BinaryBody, ApiError>
  /** The image's URL with the SDK parameters, for an `<img src>` or a terminal link. */
  readonly imageUrl: (kind: ImageKind, id: string) => string
  /** Fails quietly: any failure reads as analytics off. */
  readonly analyticsConfig: Effect.Effect<AnalyticsConfig>
  /** Fails quietly: `None` when the list could not be loaded. */
  readonly allowedOrigins: Effect.Effect<Option.Option<ReadonlyArray<string>>>
  /**
   * Remote feature switches. A configuration problem named by the server is an alert (§8); any other
   * failure is `None`, and the locally configured features stay in force.
   */
  readonly remoteFeatures: Effect.Effect<Option.Option<AppKitRemoteConfig>, AlertError>
}

/**
 * The Wallet API client (§7). The tag and its shape only: the implementation, `walletApiLayer`, lives in its own
 * module so code that merely asks for the service (the wallet directory) never pulls in the client.
 */
export class WalletApi extends Context.Service<WalletApi, WalletApiShape>()("appkit/WalletApi") {}
