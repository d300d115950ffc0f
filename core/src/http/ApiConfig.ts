import { Context, Duration, Layer } from "effect"
import { defaultApiTimeoutMillis } from "../config/apiDefaults"
import { QueryRetry, SDK_VERSION } from "../config/constants"

/**
 * Where each HTTP API lives and who is calling. Every base URL is configuration: nothing in core points at
 * a hosted service, so tests and the CLI aim the whole data layer at the local fixture server.
 */
export interface ApiConfigShape {
  readonly blockchainApiUrl: string
  readonly walletApiUrl: string
  readonly analyticsUrl: string
  /** A mempool explorer; `/testnet`, `/testnet4` or `/signet` is inserted before `/api` for those networks. */
  readonly mempoolUrl: string
  /** The runes ordinals service; non-mainnet networks get the same path prefix as the mempool explorer. */
  readonly ordinalsUrl: string
  readonly projectId: string
  /** `st`, e.g. "appkit" or "appkit-cli". */
  readonly sdkType: string
  readonly sdkVersion: string
  /** The WalletConnect client id, sent as `clientId` when known. */
  readonly clientId?: string | undefined
  /** Upper bound of one request, body included. */
  readonly timeout: Duration.Duration
  /**
   * Retries of a cached read after a transient failure (3, §9). A one-shot caller such as the CLI sets 0
   * so that a dead URL fails at once with its own error instead of after the backoff.
   */
  readonly retries: number
}

export type ApiConfigOptions = Partial<Omit<ApiConfigShape, "timeout" | "retries">> & {
  readonly retries?: number | undefined
  readonly projectId: string
  readonly timeout?: Duration.Input
}

export const defaultTimeout = Duration.millis(defaultApiTimeoutMillis)

export class ApiConfig extends Context.Service<ApiConfig, ApiConfigShape>()("appkit/ApiConfig") {
  /** Every API on one base URL: the shape of the fixture server, where all paths are disjoint. */
  static readonly fromBaseUrl = (baseUrl: string, options: ApiConfigOptions): Layer.Layer<ApiConfig> =>
    Layer.succeed(ApiConfig, makeApiConfig(baseUrl, options))
}

export const makeApiConfig = (baseUrl: string, options: ApiConfigOptions): ApiConfigShape => {
  const base = baseUrl.replace(/\/+$/, "")
  return {
    blockchainApiUrl: base,
    walletApiUrl: base,
    analyticsUrl: base,
    mempoolUrl: base,
    ordinalsUrl: base,
    sdkType: "appkit",
    sdkVersion: SDK_VERSION,
    ...options,
    timeout: Duration.fromInputUnsafe(options.timeout ?? defaultTimeout),
    retries: options.retries ?? QueryRetry.retries,
  }
}

export const joinUrl = (baseUrl: string, path: string): string =>
  `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`

/** An API URL with the SDK parameters every call carries (`projectId`, `st`, `sv`), for an `<img src>` or a link. */
export const sdkUrl = (config: ApiConfigShape, baseUrl: string, path: string): string => {
  const url = new URL(joinUrl(baseUrl, path))
  url.search = new URLSearchParams({
    projectId: config.projectId,
    st: config.sdkType,
    sv: config.sdkVersion,
  }).toString()
  return url.toString()
}
