import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { relativeTimeLabel, relativeTimeLabelOf } from "./relativeTime"

const now = Date.UTC(2025, 5, 1, 12, 0, 0)
const ago = (millis: number) => relativeTimeLabel(now - millis, now)
const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

describe("relativeTimeLabel", () => {
  it("names the largest whole unit, floored, on each edge", () => {
    expect(ago(0)).toBe("now")
    expect(ago(minute - 1)).toBe("now")
    expect(ago(minute)).toBe("1m ago")
    expect(ago(hour - 1)).toBe("59m ago")
    expect(ago(hour)).toBe("1h ago")
    expect(ago(day - 1)).toBe("23h ago")
    expect(ago(day)).toBe("1d ago")
    expect(ago(30 * day - 1)).toBe("29d ago")
    expect(ago(30 * day)).toBe("1mo ago")
    expect(ago(365 * day - 1)).toBe("12mo ago")
    expect(ago(365 * day)).toBe("1y ago")
  })

  it("reads a future time as now", () => {
    expect(ago(-5 * minute)).toBe("now")
  })

  it("is one of the abbreviated forms and never overstates the elapsed time", () => {
    const sizes: Record<string, number> = { m: minute, h: hour, d: day, mo: 30 * day, y: 365 * day }
    fc.assert(
      fc.property(fc.integer({ min: -day, max: 50 * 365 * day }), (elapsed) => {
        const label = ago(elapsed)
        if (label === "now") return elapsed < minute
        const match = /^([1-9]\d*)(m|h|d|mo|y) ago$/.exec(label)
        expect(match).not.toBeNull()
        const [, count, unit] = match as unknown as [string, string, string]
        const size = sizes[unit] as number
        return Number(count) * size <= elapsed && elapsed < (Number(count) + 1) * size
      }),
    )
  })

  it("labels ISO times and leaves text that is not a date empty", () => {
    expect(relativeTimeLabelOf(new Date(now - 3 * hour).toISOString(), now)).toBe("3h ago")
    expect(relativeTimeLabelOf("yesterday-ish", now)).toBe("")
  })
})
