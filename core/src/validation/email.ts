import { Schema } from "effect"

/**
 * Email for embedded-wallet sign-in (§5: "the email must be valid"). Deliberately pragmatic, like the
 * browser's own check: one '@', a non-empty local part without spaces, and a dotted domain whose last
 * label has at least two letters. RFC 5321 caps the whole address at 254 characters.
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/
const EMAIL_MAX_LENGTH = 254

export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)

export const Email = Schema.String.check(
  Schema.makeFilter((value: string) => isEmail(value), { expected: "a valid email address" }),
).annotate({ identifier: "Email" })
export type Email = typeof Email.Type
