import { Effect, Layer, Option } from "effect"
import { ApiClient, apiQueryOptions, type WireSchema } from "../../http/ApiClient"
import { QueryCache } from "../../http/QueryCache"
import { alertForApiError } from "../serverAlerts"
import { AnalyticsConfig, AppKitRemoteConfig, ProjectOrigins, WalletPage } from "./schemas"
import {
  imagePath,
  WalletApi,
  type WalletApiShape,
  walletApiImageUrl,
  walletPageEntries,
  walletSearchEntries,
} from "./WalletApi"

export const makeWalletApi = (api: ApiClient["Service"], cache: QueryCache["Service"]): WalletApiShape => {
  const baseUrl = api.config.walletApiUrl
  const queryOptions = apiQueryOptions(api.config)
  const get = <S extends WireSchema>(
    path: string,
    schema: S,
    params?: Record<string, string | number | undefined>,
  ) => api.json({ method: "GET", baseUrl, path, params }, schema)

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
    imageUrl: (kind, id) => walletApiImageUrl(api.config, kind, id),
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

/** The Wallet API over the ApiClient and the shared QueryCache. */
export const walletApiLayer: Layer.Layer<WalletApi, never, ApiClient | QueryCache> = Layer.effect(
  WalletApi,
  Effect.gen(function* () {
    return makeWalletApi(yield* ApiClient, yield* QueryCache)
  }),
)
