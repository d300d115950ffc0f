export {
  ApiClient,
  type ApiError,
  type ApiRequest,
  apiQueryOptions,
  type BinaryBody,
  type HttpMethod,
  isTransientApiError,
  joinUrl,
  type QueryParams,
  type WireSchema,
} from "./ApiClient"
export {
  ApiConfig,
  type ApiConfigOptions,
  type ApiConfigShape,
  defaultTimeout,
  makeApiConfig,
} from "./ApiConfig"
export {
  type FetchStatus,
  lifetimeOf,
  QueryCache,
  type QueryKey,
  type QueryOptions,
  type QueryState,
  type QueryStatus,
} from "./QueryCache"
