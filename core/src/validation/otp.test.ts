import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isOtp, Otp } from "./otp"

describe("OTP", () => {
  it("accepts six digits, leading zeros included", () => {
    expect(Schema.decodeUnknownSync(Otp)("012345")).toBe("012345")
  })

  it.each(["12345", "1234567", "12a456", " 123456", "", 123456])("rejects %j", (otp) => {
    expect(Result.isFailure(Schema.decodeUnknownResult(Otp)(otp))).toBe(true)
  })

  it("accepts exactly the six-digit strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (value) => {
        expect(isOtp(value)).toBe(value.length === 6 && [...value].every((c) => c >= "0" && c <= "9"))
      }),
    )
  })
})
