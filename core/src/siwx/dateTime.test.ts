import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseDateTime } from "./dateTime"

describe("parseDateTime (RFC 3339)", () => {
  it("agrees with Date on every real instant, in UTC or with an offset", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0001-01-02T00:00:00Z"),
          max: new Date("9999-12-30T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (date, offsetMinutes) => {
          const iso = date.toISOString()
          expect(Result.getOrThrow(parseDateTime(iso))).toBe(date.getTime())
          const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, -1)
          const sign = offsetMinutes < 0 ? "-" : "+"
          const abs = Math.abs(offsetMinutes)
          const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`
          expect(Result.getOrThrow(parseDateTime(`${local}${offset}`))).toBe(date.getTime())
        },
      ),
    )
  })

  it.each([
    "2022-02-31T17:09:38.578Z",
    "2023-02-29T00:00:00Z",
    "2022-13-01T00:00:00Z",
    "2022-01-01T24:00:00Z",
    "2022-01-01T00:00:00",
    "2022-01-01 00:00:00Z",
    "2022-01-01T00:00:00+24:00",
    "Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)",
  ])("refuses %j", (text) => {
    expect(Result.isFailure(parseDateTime(text))).toBe(true)
  })

  it("accepts a leap day, a leap second and lower-case t/z", () => {
    expect(Result.getOrThrow(parseDateTime("2024-02-29t12:00:00z"))).toBe(Date.UTC(2024, 1, 29, 12))
    expect(Result.getOrThrow(parseDateTime("2016-12-31T23:59:60Z"))).toBe(
      Date.UTC(2016, 11, 31, 23, 59, 59, 999),
    )
  })
})
