import { Option, Result } from "effect"
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

  // Each field right on its limit is accepted and one past it refused, so a limit moved by one fails here.
  it.each([
    ["month", "2022-12-01T00:00:00Z", "2022-13-01T00:00:00Z"],
    ["month", "2022-01-01T00:00:00Z", "2022-00-01T00:00:00Z"],
    ["day", "2022-01-01T00:00:00Z", "2022-01-00T00:00:00Z"],
    ["day of a 31-day month", "2022-12-31T00:00:00Z", "2022-12-32T00:00:00Z"],
    ["day of a 30-day month", "2022-04-30T00:00:00Z", "2022-04-31T00:00:00Z"],
    ["day of each 30-day month", "2022-06-30T00:00:00Z", "2022-06-31T00:00:00Z"],
    ["day of each 30-day month", "2022-09-30T00:00:00Z", "2022-09-31T00:00:00Z"],
    ["day of each 30-day month", "2022-11-30T00:00:00Z", "2022-11-31T00:00:00Z"],
    ["February of a common year", "2023-02-28T00:00:00Z", "2023-02-29T00:00:00Z"],
    ["February of a leap year", "2024-02-29T00:00:00Z", "2024-02-30T00:00:00Z"],
    ["February of a century year", "1900-02-28T00:00:00Z", "1900-02-29T00:00:00Z"],
    ["February of a 400th year", "2000-02-29T00:00:00Z", "2000-02-30T00:00:00Z"],
    ["hour", "2022-01-01T23:00:00Z", "2022-01-01T24:00:00Z"],
    ["minute", "2022-01-01T00:59:00Z", "2022-01-01T00:60:00Z"],
    ["second", "2022-01-01T00:00:60Z", "2022-01-01T00:00:61Z"],
    ["offset hours", "2022-01-01T00:00:00+23:00", "2022-01-01T00:00:00+24:00"],
    ["offset minutes", "2022-01-01T00:00:00-00:59", "2022-01-01T00:00:00-00:60"],
  ])("%s: accepts %s, refuses %s", (_field, onTheLimit, pastIt) => {
    expect(Result.isSuccess(parseDateTime(onTheLimit))).toBe(true)
    expect(Result.getFailure(parseDateTime(pastIt))).toEqual(
      Option.some(`'${pastIt}' is not a real date and time`),
    )
  })

  it.each(["x2022-01-01T00:00:00Z", "2022-01-01T00:00:00Zx", "2022-01-01T00:00:00+01:00 "])(
    "refuses a date-time with anything before or after it: %j",
    (text) => expect(Result.isFailure(parseDateTime(text))).toBe(true),
  )

  it("says what an RFC 3339 date-time looks like when the text is none", () => {
    expect(Result.getFailure(parseDateTime("2022-01-01"))).toEqual(
      Option.some("'2022-01-01' is not an RFC 3339 date-time such as 2024-01-01T00:00:00Z"),
    )
  })

  it("keeps milliseconds, truncates finer digits and reads a negative offset as behind UTC", () => {
    expect(Result.getOrThrow(parseDateTime("2022-01-01T00:00:00.1239Z"))).toBe(
      Date.UTC(2022, 0, 1, 0, 0, 0, 123),
    )
    expect(Result.getOrThrow(parseDateTime("2022-01-01T00:00:00-01:30"))).toBe(Date.UTC(2022, 0, 1, 1, 30))
    expect(Result.getOrThrow(parseDateTime("0050-01-01T00:00:00Z"))).toBe(Date.parse("0050-01-01T00:00:00Z"))
  })

  it("accepts a leap day, a leap second and lower-case t/z", () => {
    expect(Result.getOrThrow(parseDateTime("2024-02-29t12:00:00z"))).toBe(Date.UTC(2024, 1, 29, 12))
    expect(Result.getOrThrow(parseDateTime("2016-12-31T23:59:60Z"))).toBe(
      Date.UTC(2016, 11, 31, 23, 59, 59, 999),
    )
  })
})
