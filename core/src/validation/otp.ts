import { Schema } from "effect"

/**
 * One-time passcodes for email sign-in. The frame protocol (§5) only requires "a string"; the code a
 * user types is the 6 digits the embedded wallet emails, so the input is checked before it is sent.
 */
export const OTP_LENGTH = 6
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`)

export const Otp = Schema.String.check(
  Schema.isPattern(OTP_PATTERN, { expected: `${OTP_LENGTH} digits` }),
).annotate({ identifier: "Otp" })
export type Otp = typeof Otp.Type

export const isOtp = (value: string): value is Otp => OTP_PATTERN.test(value)
