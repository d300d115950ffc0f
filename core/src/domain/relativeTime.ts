/**
 * §9 "relative time labels are abbreviated": how long ago something happened, as the activity list shows it
 * ("now", "5m ago", "3h ago", "2d ago", "4mo ago", "1y ago"). Each unit is floored, so a label never claims
 * more time has passed than has. A time in the future (a clock a little behind the chain's) reads "now".
 */
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Largest unit first: the first one that fits at least once names the label. */
const units: ReadonlyArray<readonly [suffix: string, size: number]> = [
  ["y", 365 * DAY],
  ["mo", 30 * DAY],
  ["d", DAY],
  ["h", HOUR],
  ["m", MINUTE],
]

export const relativeTimeLabel = (thenMillis: number, nowMillis: number): string => {
  const elapsed = nowMillis - thenMillis
  for (const [suffix, size] of units) {
    if (elapsed >= size) return `${Math.floor(elapsed / size)}${suffix} ago`
  }
  return "now"
}

/** The label of an ISO date-time (an activity's `minedAt`); empty for text that is not a date. */
export const relativeTimeLabelOf = (isoDateTime: string, nowMillis: number): string => {
  const then = Date.parse(isoDateTime)
  return Number.isNaN(then) ? "" : relativeTimeLabel(then, nowMillis)
}
