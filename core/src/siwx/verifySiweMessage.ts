import { hex } from "@scure/base"
import { Clock, Effect, Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { parseDateTime } from "./dateTime"
import { hashPersonalMessage, recoverPersonalSignAddress } from "./eip191"
import { parseSiweMessage } from "./parseSiweMessage"
import { formatSiweMessage, type InvalidSiweMessage, type SiweMessage } from "./SiweMessage"

const failure = { message: Schema.String }
export class SiweDomainMismatch extends AppKitError(
  Schema.TaggedError<SiweDomainMismatch>()("SiweDomainMismatch", failure),
  { topic: "SIWE domain mismatch" },
) {}
export class SiweSchemeMismatch extends AppKitError(
  Schema.TaggedError<SiweSchemeMismatch>()("SiweSchemeMismatch", failure),
  { topic: "SIWE scheme mismatch" },
) {}
export class SiweNonceMismatch extends AppKitError(
  Schema.TaggedError<SiweNonceMismatch>()("SiweNonceMismatch", failure),
  { topic: "SIWE nonce mismatch" },
) {}
export class SiweExpired extends AppKitError(Schema.TaggedError<SiweExpired>()("SiweExpired", failure), {
  topic: "SIWE message expired",
}) {}
export class SiweNotYetValid extends AppKitError(
  Schema.TaggedError<SiweNotYetValid>()("SiweNotYetValid", failure),
  { topic: "SIWE message not yet valid" },
) {}
export class SiweInvalidSignature extends AppKitError(
  Schema.TaggedError<SiweInvalidSignature>()("SiweInvalidSignature", failure),
  { topic: "SIWE invalid signature" },
) {}
/** The EIP-1271 RPC could not be reached: not a verdict on the signature. */
export class SiweRpcError extends AppKitError(Schema.TaggedError<SiweRpcError>()("SiweRpcError", failure), {
  topic: "SIWE RPC error",
}) {}
/** A bad `time` option: a caller error, not a verdict on the message. */
export class InvalidVerifyTime extends AppKitError(
  Schema.TaggedError<InvalidVerifyTime>()("InvalidVerifyTime", failure),
  { topic: "Invalid verify time" },
) {}

export type SiweVerificationError =
  | InvalidSiweMessage
  | SiweDomainMismatch
  | SiweSchemeMismatch
  | SiweNonceMismatch
  | SiweExpired
  | SiweNotYetValid
  | SiweInvalidSignature
  | SiweRpcError
  | InvalidVerifyTime

export interface VerifySiweOptions {
  /** The domain this server is (binding against phishing): must equal the message's. */
  readonly domain?: string
  readonly scheme?: string
  /** The nonce this server issued: must equal the message's. */
  readonly nonce?: string
  /** The instant to check the validity window against (RFC 3339); defaults to the Effect Clock's now. */
  readonly time?: string
  /** An RPC URL of the message's chain, for contract wallets (EIP-1271) whose signature recovers to no EOA. */
  readonly rpcUrl?: string
  /** Bound on the EIP-1271 call; default 10 s. */
  readonly rpcTimeoutMs?: number
}

/** Dates of a parsed message: the parser already proved they are real date-times. */
const dateOf = (text: string): number => Result.getOrThrow(parseDateTime(text))

/**
 * Verifies a signed EIP-4361 message: parses it (exact ABNF), checks scheme, domain and nonce against the
 * options, the validity window (`now >= expirationTime` is expired, `now < notBefore` not yet valid) at
 * `time` or the Clock's now, then the EIP-191 signature; if that recovers to another address and an RPC
 * URL is given, asks the address as an EIP-1271 contract wallet. Succeeds with the parsed message.
 */
export const verifySiweMessage = Effect.fn("Siwe.verify")(function* (
  message: string | SiweMessage,
  signature: string,
  options: VerifySiweOptions = {},
) {
  const text = typeof message === "string" ? message : formatSiweMessage(message)
  const parsed = parseSiweMessage(text)
  if (Result.isFailure(parsed)) return yield* parsed.failure
  const fields = parsed.success

  let now: number
  if (options.time === undefined) now = yield* Clock.currentTimeMillis
  else {
    const time = parseDateTime(options.time)
    if (Result.isFailure(time))
      return yield* new InvalidVerifyTime({ message: `Invalid time: ${time.failure}` })
    now = time.success
  }

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

  const signer = recoverPersonalSignAddress(text, signature)
  if (signer === fields.address) return fields
  if (options.rpcUrl === undefined) {
    const reason = signer === undefined ? "is malformed" : `was made by ${signer}, not ${fields.address}`
    return yield* new SiweInvalidSignature({ message: `Invalid signature: it ${reason}` })
  }
  if (!/^0x([0-9a-fA-F]{2})*$/.test(signature))
    return yield* new SiweInvalidSignature({ message: "Invalid signature: not hex bytes" })
  const rpcUrl = options.rpcUrl
  const outcome = yield* Effect.tryPromise({
    try: async () => {
      const { checkEip1271Signature } = await import("./eip1271")
      const hash = `0x${hex.encode(hashPersonalMessage(text))}` as const
      const timeoutMs = options.rpcTimeoutMs ?? 10_000
      return checkEip1271Signature(rpcUrl, fields.address, hash, signature as `0x${string}`, timeoutMs)
    },
    catch: (error) =>
      new SiweRpcError({ message: `EIP-1271 check through ${rpcUrl} failed: ${String(error)}` }),
  })
  if (outcome === "unreachable")
    return yield* new SiweRpcError({ message: `Could not reach ${rpcUrl} for EIP-1271` })
  if (outcome === "invalid")
    return yield* new SiweInvalidSignature({
      message: `Invalid signature: neither ${fields.address}'s key nor its EIP-1271 contract accepts it`,
    })
  return fields
})
