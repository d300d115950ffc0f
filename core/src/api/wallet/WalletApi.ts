import { Context, Effect, Layer, Option } from "effect"
import { Limits } from "../../config/constants"
import type { AlertError } from "../../errors/alerts"
import {
  ApiClient,
  type ApiError,
  apiQueryOptions,
  type BinaryBody,
  joinUrl,
  type WireSchema,
} from "../../http/ApiClient"
import { QueryCache } from "../../http/QueryCache"
import { alertForApiError } from "../serverAlerts"
import { AnalyticsConfig, AppKitRemoteConfig, ProjectOrigins, WalletPage } from "./schemas"

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

export class WalletApi extends Context.Service<WalletApi, WalletApiShape>()("appkit/WalletApi") {
  static readonly layer: Layer.Layer<WalletApi, never, ApiClient | QueryCache> = Layer.effect(
    WalletApi,
    Effect.gen(function* () {
      return makeWalletApi(yield* ApiClient, yield* QueryCache)
    }),
  )
}

export const makeWalletApi = (api: ApiClient["Service"], cache: QueryCache["Service"]): WalletApiShape => {
  const baseUrl = api.config.walletApiUrl
  const queryOptions = apiQueryOptions(api.config)
  const get = <S extends WireSchema>(
    path: string,
    schema: S,
    params?: Record<string, string | number | undefined>,
  ) => api.json({ method: "GET", baseUrl, path, params }, schema)
  const imagePath = (kind: ImageKind, id: string) => `${imagePaths[kind]}/${encodeURIComponent(id)}`

  return {
    getWallets: (params = {}) => {
      const query = {
        page: params.page ?? 1,
        entries: params.entries ?? (params.search === undefined ? walletPageEntries : walletSearchEntries),
        include: params.include?.join(","),
        exclude: params.exclude?.join(","),
        chains: params.chains?.join(","),
        search: params.search,
        badge_type: params.badge_type,
      }
      const key = ["wallets", ...Object.values(query)] as const
      return cache.fetch(key, get("/getWallets", WalletPage, query), queryOptions)
    },
    image: (kind, id) => api.binary({ method: "GET", baseUrl, path: imagePath(kind, id) }),
    imageUrl: (kind, id) => {
      const url = new URL(joinUrl(baseUrl, imagePath(kind, id)))
      url.search = new URLSearchParams({
        projectId: api.config.projectId,
        st: api.config.sdkType,
        sv: api.config.sdkVersion,
      }).toString()
      return url.toString()
    },
    analyticsConfig: get("/getAnalyticsConfig", AnalyticsConfig).pipe(
      Effect.orElseSucceed(() => ({ isAnalyticsEnabled: false })),
    ),
    allowedOrigins: get("/projects/v1/origins", ProjectOrigins).pipe(
      Effect.map((origins) => Option.some(origins.allowedOrigins)),
      Effect.orElseSucceed(() => Option.none()),
    ),
    remoteFeatures: get("/appkit/v1/config", AppKitRemoteConfig).pipe(
      Effect.map(Option.some),
      Effect.catch((error) => {
        const alert = alertForApiError(error)
        return alert === undefined ? Effect.succeed(Option.none()) : Effect.fail(alert)
      }),
    ),
  }
}
