import { AlertError, alertForServerMessage } from "../errors/alerts"
import type { ApiError } from "../http/ApiClient"

/**
 * §8: some server answers stand for a configuration problem the user must see as an alert: the known
 * server messages ('Unauthorized: origin not allowed', JWT not yet valid, invalid key) wherever they
 * appear in the body, and a bare 403 (origin not on the allowlist). Anything else, 503 included, is an
 * outage the caller rides out with its fallback.
 */
export const alertForApiError = (error: ApiError): AlertError | undefined => {
  if (error._tag !== "HttpStatusError") return undefined
  const fromMessage = alertForServerMessage(error.body ?? "")
  if (fromMessage !== undefined) return new AlertError({ alert: fromMessage })
  return error.status === 403 ? new AlertError({ alert: "originNotAllowed" }) : undefined
}
