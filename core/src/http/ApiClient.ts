import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import {
  FetchHttpClient,
  HttpClient,
  type HttpClientError,
  HttpClientRequest,
  type HttpClientResponse,
} from "effect/http"
import { QueryRetry } from "../config/constants"
import { HttpStatusError, HttpTimeoutError, HttpTransportError, ResponseDecodeError } from "../errors/http"
import { ApiConfig, type ApiConfigShape, joinUrl } from "./ApiConfig"
import { ClientId } from "./ClientId"
import type { QueryOptions } from "./QueryCache"
import { retryAfterMillis } from "./retryAfter"

/** Every way one API call can fail; each is a typed value with a readable message. */
export type ApiError = HttpStatusError | HttpTimeoutError | HttpTransportError | ResponseDecodeError

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE"

/** Query parameters; `undefined` entries are left out, arrays are sent comma-separated (as the APIs expect). */
export type QueryParams = Readonly<
  Record<string, string | number | boolean | undefined | ReadonlyArray<string>>
>

/** A schema whose decoding needs no services, as every wire schema of §7 is. */
export type WireSchema = Schema.Top & { readonly DecodingServices: never }

export interface ApiRequest {
  readonly method: HttpMethod
  /** One of the base URLs of ApiConfig. */
  readonly baseUrl: string
  /** Path below the base URL, starting with "/". Path segments taken from user input must be encoded. */
  readonly path: string
  readonly params?: QueryParams | undefined
  /** Sent as JSON. */
  readonly body?: unknown
  /**
   * Whether to add projectId, st and sv. On by default for GETs (§7); `false` marks a third-party service
   * (mempool explorer, ordinals service), which learns neither the project id nor the clientId.
   */
  readonly sdkParams?: boolean | undefined
}

export interface BinaryBody {
  readonly contentType: string
  readonly bytes: Uint8Array
}

/**
 * The §7 HTTP helper: builds URLs with the SDK parameters, bounds every call by `ApiConfig.timeout`, maps
 * non-OK answers to 'HTTP status code: {n}' and decodes every body with a Schema.
 */
export class ApiClient extends Context.Service<
  ApiClient,
  {
    readonly config: ApiConfigShape
    /** Sends the request and decodes the JSON answer with `schema`. */
    readonly json: <S extends WireSchema>(
      request: ApiRequest,
      schema: S,
    ) => Effect.Effect<S["Type"], ApiError>
    /** Sends the request and ignores the answer's body (fire-and-forget endpoints such as analytics). */
    readonly send: (request: ApiRequest) => Effect.Effect<void, ApiError>
    /** Sends the request and returns the raw body (images). */
    readonly binary: (request: ApiRequest) => Effect.Effect<BinaryBody, ApiError>
  }
>()("appkit/ApiClient") {
  /**
   * Needs an HttpClient and an ApiConfig; reads the instance's ClientId, when one is provided, at each request
   * (the WalletConnect client id becomes known only after the client was built).
   */
  static readonly layer: Layer.Layer<ApiClient, never, HttpClient.HttpClient | ApiConfig> = Layer.effect(
    ApiClient,
    Effect.gen(function* () {
      const clientId = yield* Effect.serviceOption(ClientId)
      return makeApiClient(
        yield* ApiConfig,
        yield* HttpClient.HttpClient,
        Option.isSome(clientId) ? clientId.value.current : undefined,
      )
    }),
  )

  /** The browser-and-Node transport: `globalThis.fetch` (which nock intercepts in tests). */
  static readonly layerFetch: Layer.Layer<ApiClient, never, ApiConfig> = ApiClient.layer.pipe(
    Layer.provide(FetchHttpClient.layer),
  )
}

/** Joins a base URL and a path without doubling or dropping the slash between them. */
/**
 * The transport's own words ("connect ECONNREFUSED 127.0.0.1:9", "socket hang up") rather than the
 * client's generic "Transport error (GET url)", which would only repeat the URL.
 */
const transportError = (url: string, error: HttpClientError.HttpClientError) => {
  const causes: Array<string> = []
  let cause: unknown = error.reason.cause
  while (cause instanceof Error && causes.length < 3) {
    causes.push(cause.message)
    cause = cause.cause
  }
  return new HttpTransportError({ url, reason: causes.length > 0 ? causes.join(": ") : error.reason._tag })
}

/**
 * The JSON text of a request body. Bigints (amounts, e.g. in analytics props) go as decimal strings, as
 * the APIs spell amounts; a body JSON cannot hold (a cycle) fails the call instead of throwing.
 */
const encodeBody = (url: string, body: unknown): Effect.Effect<string | undefined, HttpTransportError> =>
  body === undefined
    ? Effect.succeed(undefined)
    : Effect.try({
        try: () =>
          JSON.stringify(body, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
        catch: (error) =>
          new HttpTransportError({
            url,
            reason: `request body is not JSON: ${error instanceof Error ? error.message : String(error)}`,
          }),
      })

/**
 * `learnedClientId` is read at each request: the id learned after the client was built (ClientId), used when
 * `config.clientId` is not set.
 */
export const makeApiClient = (
  config: ApiConfigShape,
  http: HttpClient.HttpClient,
  learnedClientId: Effect.Effect<string | undefined> = Effect.succeed(undefined),
): ApiClient["Service"] => {
  const currentClientId =
    config.clientId === undefined ? learnedClientId : Effect.succeed<string | undefined>(config.clientId)
  const urlParams = (request: ApiRequest, clientId: string | undefined): Array<[string, string]> => {
    const withSdk = request.sdkParams ?? request.method === "GET"
    const identified = request.sdkParams !== false && clientId !== undefined
    const all: QueryParams = {
      ...(withSdk ? { projectId: config.projectId, st: config.sdkType, sv: config.sdkVersion } : {}),
      ...(identified ? { clientId } : {}),
      ...request.params,
    }
    return Object.entries(all).flatMap(
      ([key, value]): Array<[string, string]> =>
        value === undefined ? [] : [[key, typeof value === "object" ? value.join(",") : String(value)]],
    )
  }

  const execute = <A, E>(
    request: ApiRequest,
    read: (response: HttpClientResponse.HttpClientResponse, url: string) => Effect.Effect<A, E>,
    accept = "application/json",
  ): Effect.Effect<A, E | ApiError> => {
    const url = joinUrl(request.baseUrl, request.path)
    return Effect.all([currentClientId, encodeBody(url, request.body)]).pipe(
      Effect.map(([clientId, json]) => {
        const base = HttpClientRequest.make(request.method)(url, {
          urlParams: urlParams(request, clientId),
          accept,
        })
        return json === undefined ? base : HttpClientRequest.bodyText(base, json, "application/json")
      }),
      Effect.flatMap((withBody) =>
        http.execute(withBody).pipe(
          // No b3/traceparent headers: a browser would preflight them, and APIs (ours too) do not allow them.
          Effect.provideService(HttpClient.TracerPropagationEnabled, false),
          Effect.mapError((error) => transportError(url, error)),
        ),
      ),
      Effect.flatMap((response): Effect.Effect<A, E | ApiError> => {
        if (response.status >= 200 && response.status < 300) return read(response, url)
        return Effect.all([response.text.pipe(Effect.orElseSucceed(() => "")), Clock.currentTimeMillis]).pipe(
          Effect.flatMap(([body, now]) => {
            const retryAfter = retryAfterMillis(response.headers["retry-after"], now)
            return Effect.fail(
              new HttpStatusError({
                status: response.status,
                url,
                body,
                ...(retryAfter !== undefined && { retryAfterMillis: retryAfter }),
              }),
            )
          }),
        )
      }),
      // The fetch transport aborts the underlying request when this interrupts it, so nothing lingers.
      Effect.timeoutOrElse({
        duration: config.timeout,
        orElse: () =>
          Effect.fail(new HttpTimeoutError({ url, timeoutMillis: Duration.toMillis(config.timeout) })),
      }),
    )
  }

  return {
    config,
    json: (request, schema) =>
      execute(request, (response, url) =>
        response.text.pipe(
          Effect.flatMap((text) => Schema.decodeUnknownEffect(Schema.fromJsonString(schema))(text)),
          Effect.mapError((error) =>
            Schema.isSchemaError(error)
              ? new ResponseDecodeError({ url, issue: error.message })
              : transportError(url, error),
          ),
        ),
      ),
    send: (request) =>
      execute(request, (response, url) =>
        response.text.pipe(
          Effect.asVoid,
          Effect.mapError((error) => transportError(url, error)),
        ),
      ),
    binary: (request) =>
      execute(
        request,
        (response, url) =>
          response.arrayBuffer.pipe(
            Effect.map((buffer) => ({
              contentType: response.headers["content-type"] ?? "application/octet-stream",
              bytes: new Uint8Array(buffer),
            })),
            Effect.mapError((error) => transportError(url, error)),
          ),
        "*/*",
      ),
  }
}

/**
 * Failures a retry can fix: no answer, a timeout, rate limiting or a server-side (5xx) error — unless the server
 * asked to be left alone longer than the longest backoff: a read does not wait minutes, it fails and says so.
 */
export const isTransientApiError = (error: unknown): boolean => {
  if (typeof error !== "object" || error === null || !("_tag" in error)) return false
  switch (error._tag) {
    case "HttpTransportError":
    case "HttpTimeoutError":
      return true
    case "HttpStatusError": {
      const { status, retryAfterMillis = 0 } = error as HttpStatusError
      return (status >= 500 || status === 429) && retryAfterMillis <= QueryRetry.maxBackoffMillis
    }
    default:
      return false
  }
}

/** QueryCache options of every cached API read: retry what a retry can fix, fail fast on the rest. */
export const apiQueryOptions = (config: ApiConfigShape): QueryOptions => ({
  retries: config.retries,
  retryWhile: isTransientApiError,
})
