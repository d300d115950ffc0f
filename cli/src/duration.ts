import { invalidInput } from "./output"

/** The longest wait any --timeout may ask for: a day (a longer one is a typo, not a plan). */
const maxMs = 86_400_000

const durationPattern = /^(\d+(?:\.\d+)?)(ms|s)?$/

/**
 * Every --timeout reads the same way: seconds by default (`10`, `2.5`), or an explicit `500ms` / `10s`.
 * Returns whole milliseconds; zero, negatives, other units and more than a day are refused (exit 1).
 */
export const readDuration = (text: string, flag = "--timeout"): number => {
  const match = durationPattern.exec(text)
  const [, amount = "", unit = "s"] = match ?? []
  const ms = Math.round(Number(amount) * (unit === "ms" ? 1 : 1000))
  if (match === null || !Number.isFinite(ms) || ms < 1 || ms > maxMs)
    throw invalidInput(
      `${flag} must be a positive duration in seconds (e.g. 10, 2.5, 10s or 500ms) up to a day, got '${text}'`,
    )
  return ms
}

/** "10 s", "2.5 s", "500 ms": how a duration the user gave is named back to them. */
export const formatDuration = (ms: number): string =>
  ms % 1000 === 0 || ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`
