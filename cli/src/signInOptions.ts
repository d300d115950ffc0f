import type { Command } from "commander"

const collect = (value: string, previous: ReadonlyArray<string> = []): ReadonlyArray<string> => [
  ...previous,
  value,
]

/** The optional CAIP-122 fields `siwe create` and `siwx create` both take, declared once. */
export const withSignInFieldOptions = (command: Command): Command =>
  command
    .option("--nonce <NONCE>", "at least 8 letters or digits (default: 16 random ones)")
    .option("--statement <TEXT>", "one line of text shown to the user")
    .option("--issued-at <ISO>", "RFC 3339 time (default: now)")
    .option("--expiration-time <ISO>", "RFC 3339 time after which the message is expired")
    .option("--not-before <ISO>", "RFC 3339 time before which the message is not yet valid")
    .option("--request-id <ID>", "an id for the request")
    .option("--resource <URI>", "a resource URI (repeatable)", collect)

/** The checks `siwe verify` and `siwx verify` both take. */
export const withSignInCheckOptions = (command: Command): Command =>
  command
    .option("--domain <AUTHORITY>", "require this domain")
    .option("--nonce <NONCE>", "require this nonce")
    .option("--time <ISO>", "check the validity window at this RFC 3339 time (default: now)")

/** What withSignInFieldOptions gives an action. */
export interface SignInFieldOptions {
  readonly nonce?: string | undefined
  readonly statement?: string | undefined
  readonly issuedAt?: string | undefined
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
  readonly requestId?: string | undefined
  readonly resource?: ReadonlyArray<string> | undefined
}

/** What withSignInCheckOptions gives an action, with the file, signature and EIP-1271 RPC of `verify`. */
export interface SignInVerifyOptions {
  readonly messageFile: string
  readonly signature: string
  readonly domain?: string | undefined
  readonly nonce?: string | undefined
  readonly time?: string | undefined
  readonly rpcUrl?: string | undefined
  readonly json?: boolean | undefined
}

/** The checks the user asked for, only those given (an absent one is not checked). */
export const signInChecks = (options: SignInVerifyOptions) =>
  Object.fromEntries(
    Object.entries({
      domain: options.domain,
      nonce: options.nonce,
      time: options.time,
      rpcUrl: options.rpcUrl,
    }).filter(([, value]) => value !== undefined),
  )
