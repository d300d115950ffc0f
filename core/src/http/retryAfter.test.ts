import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { retryAfterMillis } from "./retryAfter"

const now = Date.UTC(2026, 10, 25, 12, 0, 0)

describe("Retry-After (RFC 9110 §10.2.3): how long a server asks to be left alone", () => {
  it("reads delay-seconds: digits only, as milliseconds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
        expect(retryAfterMillis(String(seconds), now)).toBe(seconds * 1000)
      }),
    )
    expect(retryAfterMillis(" 5 ", now)).toBe(5000)
  })

  it("reads an HTTP-date as the time left until it; a date already past asks for no wait", () => {
    expect(retryAfterMillis("Wed, 25 Nov 2026 12:00:30 GMT", now)).toBe(30_000)
    expect(retryAfterMillis("Wed, 25 Nov 2026 12:00:00 GMT", now)).toBe(0)
    expect(retryAfterMillis("Wed, 25 Nov 2026 11:59:59 GMT", now)).toBe(0)
  })

  it("ignores what is neither: a sign, a fraction, a unit, an empty or missing header", () => {
    for (const text of ["-1", "+5", "1.5", "5s", "0x10", "", "soon", "1e3", undefined])
      expect(retryAfterMillis(text, now)).toBeUndefined()
  })
})
