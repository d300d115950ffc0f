import { Schema } from "effect"

/**
 * A name to register (§5): ASCII letters, digits and hyphens, at least 4 characters. The UI shows no
 * message for a bad name (it just disables submit), so this is a predicate and a schema, not an error.
 */
const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9-]{4,}$/

export const AccountName = Schema.String.check(
  Schema.isPattern(ACCOUNT_NAME_PATTERN, { expected: "letters, digits and hyphens, at least 4 characters" }),
).annotate({ identifier: "AccountName" })
export type AccountName = typeof AccountName.Type

export const isAccountName = (value: string): value is AccountName => ACCOUNT_NAME_PATTERN.test(value)

/**
 * Names are registered in lowercase, as Reown's view types them: "Alice" and "alice" are one name, whichever
 * path (the skin's form, the CLI) registers it.
 */
export const normalizeAccountName = (label: string): string => label.toLowerCase()
