import { Result } from "effect"

// RFC 3339 §5.6 date-time (what EIP-4361's issued-at, expiration-time and not-before are). "T" and "Z"
// may be lower case (RFC 3339 §5.6 note); fractional seconds may be any length.
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31

/**
 * Milliseconds since the epoch of an RFC 3339 date-time, with every field range-checked: unlike
 * `Date.parse`, "2022-02-31" is an error rather than March 3rd. A leap second (:60) counts as the
 * last millisecond of its minute; digits beyond milliseconds are truncated.
 */
export const parseDateTime = (text: string): Result.Result<number, string> => {
  const match = dateTimePattern.exec(text)
  if (!match) return Result.fail(`'${text}' is not an RFC 3339 date-time such as 2024-01-01T00:00:00Z`)
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const [sign, offsetHour = "0", offsetMinute = "0"] = match.slice(8, 11)
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 60 ||
    Number(offsetHour) > 23 ||
    Number(offsetMinute) > 59
  )
    return Result.fail(`'${text}' is not a real date and time`)
  const fraction = Math.floor(Number(`0${match[7] ?? ".0"}`) * 1000)
  const millis = second === 60 ? 999 : fraction
  // Not Date.UTC: it maps years 0-99 to 1900-1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, Math.min(second, 59), millis)
  const utc = date.getTime()
  const offset = (Number(offsetHour) * 60 + Number(offsetMinute)) * 60_000 * (sign === "-" ? -1 : 1)
  return Result.succeed(utc - offset)
}

export const isDateTime = (text: string): boolean => Result.isSuccess(parseDateTime(text))
