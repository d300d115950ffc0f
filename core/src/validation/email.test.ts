import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Email, isEmail } from "./email"

describe("email", () => {
  it.each(["alice@example.com", "a.b+tag@mail.example.co.uk", "x@sub-domain.io"])("accepts %s", (email) => {
    expect(isEmail(email)).toBe(true)
    expect(Schema.decodeUnknownSync(Email)(email)).toBe(email)
  })

  it.each([
    "",
    "alice",
    "alice@",
    "@example.com",
    "alice@example",
    "al ice@example.com",
    "alice@@example.com",
    "alice@-example.com",
    "alice@example.c",
    `${"a".repeat(250)}@ex.com`,
  ])("rejects %j", (email) => {
    expect(isEmail(email)).toBe(false)
    expect(Result.isFailure(Schema.decodeUnknownResult(Email)(email))).toBe(true)
  })

  it("accepts generated addresses and rejects them once the @ is removed", () => {
    fc.assert(
      fc.property(fc.emailAddress({ size: "small" }), (email) => {
        fc.pre(email.length <= 254 && /\.[A-Za-z]{2,}$/.test(email))
        expect(isEmail(email)).toBe(true)
        expect(isEmail(email.replace("@", ""))).toBe(false)
      }),
    )
  })
})
