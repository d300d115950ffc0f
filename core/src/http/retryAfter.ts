/**
 * The wait a `Retry-After` header asks for (RFC 9110 §10.2.3), in milliseconds from `nowMillis`: delay-seconds
 * (digits only), or an HTTP-date (a date already past asks for none). Anything else is no request at all.
 */
export const retryAfterMillis = (header: string | undefined, nowMillis: number): number | undefined => {
  const text = header?.trim() ?? ""
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // Date.parse also takes forms no server sends ("5", "2026"): an HTTP-date names its weekday and zone.
  const date = /^[A-Za-z]{3}, .+ GMT$/.test(text) ? Date.parse(text) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMillis)
}
