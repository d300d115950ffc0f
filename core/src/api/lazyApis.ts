// What createAppKit's API clients load on first use, as one chunk (one lazy boundary, not three).
export { ApiConfig } from "../http/ApiConfig"
export { analyticsLayer } from "./analytics/analyticsLayer"
export { apiLayer } from "./layer"
