import { Clock, Effect, Result } from "effect"
import { parseDateTime } from "./dateTime"
import {
  InvalidVerifyTime,
  SiweDomainMismatch,
  SiweExpired,
  SiweNonceMismatch,
  SiweNotYetValid,
  SiweSchemeMismatch,
} from "./errors"

/** What a verifier expects of a sign-in message besides its signature (every namespace alike). */
export interface ClaimOptions {
  /** The domain this server is (binding against phishing): must equal the message's. */
  readonly domain?: string
  readonly scheme?: string
  /** The nonce this server issued: must equal the message's. */
  readonly nonce?: string
  /** The instant to check the validity window against (RFC 3339); defaults to the Effect Clock's now. */
  readonly time?: string
}

/** The parts of a parsed CAIP-122 message the claims are about. */
export interface Claims {
  readonly scheme?: string | undefined
  readonly domain: string
  readonly nonce: string
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
}

/** Dates of a parsed message: the parser already proved they are real date-times. */
const dateOf = (text: string): number => Result.getOrThrow(parseDateTime(text))

/**
 * The instant a verifier checks the validity window at: `time` or the Clock's now. A verifier asks for it
 * before it reads the message, so an impossible `time` (the caller's mistake) is named whatever the text is.
 */
export const claimTime = (options: ClaimOptions): Effect.Effect<number, InvalidVerifyTime> => {
  if (options.time === undefined) return Clock.currentTimeMillis
  const time = parseDateTime(options.time)
  return Result.isSuccess(time)
    ? Effect.succeed(time.success)
    : Effect.fail(new InvalidVerifyTime({ message: `Invalid time: ${time.failure}` }))
}

/**
 * Checks scheme, domain and nonce against the options, then the validity window at `now` (see claimTime):
 * `now >= expirationTime` is expired, `now < notBefore` is not yet valid.
 */
export const checkSiwxClaims = Effect.fn("Siwx.checkClaims")(function* (
  fields: Claims,
  options: ClaimOptions,
  now: number,
) {
  if (options.scheme !== undefined && options.scheme !== fields.scheme)
    return yield* new SiweSchemeMismatch({
      message: `Scheme mismatch: expected ${options.scheme}, got ${fields.scheme ?? "none"}`,
    })
  if (options.domain !== undefined && options.domain !== fields.domain)
    return yield* new SiweDomainMismatch({
      message: `Domain mismatch: expected ${options.domain}, got ${fields.domain}`,
    })
  if (options.nonce !== undefined && options.nonce !== fields.nonce)
    return yield* new SiweNonceMismatch({
      message: `Nonce mismatch: expected ${options.nonce}, got ${fields.nonce}`,
    })
  if (fields.expirationTime !== undefined && now >= dateOf(fields.expirationTime))
    return yield* new SiweExpired({ message: `Message expired at ${fields.expirationTime}` })
  if (fields.notBefore !== undefined && now < dateOf(fields.notBefore))
    return yield* new SiweNotYetValid({ message: `Message is not valid before ${fields.notBefore}` })
})
