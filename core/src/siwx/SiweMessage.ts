import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { normalizedOf, Refusal } from "../validation/address/AddressCheck"
import {
  checkEvmAddress,
  checksumSuggestion,
  isChecksumAddress,
  isHexAddress,
} from "../validation/address/evm"
import { formatCaip122Text } from "./caip122Text"
import { isDateTime } from "./dateTime"
import { isAuthority, isPchars, isScheme, isStatementText, isUri } from "./rfc3986"

const text = (predicate: (value: string) => boolean, expected: string) =>
  Schema.String.check(Schema.makeFilter(predicate, { expected }))

const DateTime = text(isDateTime, "an RFC 3339 date-time such as 2024-01-01T00:00:00Z")
const Uri = text(isUri, "an RFC 3986 URI")

/** Every field of an EIP-4361 sign-in message, each held to the rule of the ERC's ABNF. */
export const SiweMessage = Schema.Struct({
  /** The optional `scheme://` in front of the domain. */
  scheme: Schema.optionalKey(text(isScheme, "an RFC 3986 scheme")),
  domain: text(isAuthority, "an RFC 3986 authority (host, optional user@ and :port)"),
  address: text(isChecksumAddress, "0x and an EIP-55 checksummed address") as Schema.Codec<`0x${string}`>,
  statement: Schema.optionalKey(
    text(
      (s) => s.length > 0 && isStatementText(s),
      "a non-empty one-line statement of URI characters and spaces",
    ),
  ),
  uri: Uri,
  version: Schema.Literal("1"),
  chainId: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  nonce: text((s) => /^[A-Za-z0-9]{8,}$/.test(s), "at least 8 letters or digits"),
  issuedAt: DateTime,
  expirationTime: Schema.optionalKey(DateTime),
  notBefore: Schema.optionalKey(DateTime),
  requestId: Schema.optionalKey(text(isPchars, "RFC 3986 path characters")),
  resources: Schema.optionalKey(Schema.Array(Uri)),
})
export type SiweMessage = typeof SiweMessage.Type

export class InvalidSiweMessage extends AppKitError(
  Schema.TaggedError<InvalidSiweMessage>()("InvalidSiweMessage", {
    message: Schema.String,
  }),
  { topic: "Invalid SIWE message" },
) {}

const decode = Schema.decodeUnknownResult(SiweMessage)

/**
 * Checks a field object (from a form, a CLI, JSON or a wallet) and returns it as a SiweMessage, or says what
 * is wrong. The address is held to the rule for an EVM address a person types (§5): a single-case one carries
 * no checksum and is written EIP-55 checksummed, as EIP-4361 requires in the message; a mixed-case one is a
 * checksum claim that must hold.
 */
export const createSiweMessage = (fields: unknown): Result.Result<SiweMessage, InvalidSiweMessage> => {
  const address = (fields as { readonly address?: unknown } | null)?.address
  const checked = typeof address === "string" ? checkEvmAddress(address) : undefined
  return checkSiweFields(
    checked === undefined || checked instanceof Refusal
      ? fields
      : { ...(fields as object), address: normalizedOf(checked) },
  )
}

/** The fields exactly as given, the address already EIP-55 (what a message's own text must hold). */
export const checkSiweFields = (fields: unknown): Result.Result<SiweMessage, InvalidSiweMessage> =>
  Result.mapError(decode(fields), (error) => {
    // Schema reports "Expected …\n  at [\"field\"]"; one line suits CLI output and logs.
    const reason = error.message.replace(/\s*\n\s*/g, " ")
    const hint = reason.endsWith('at ["address"]') ? addressHint(fields) : ""
    return new InvalidSiweMessage({ message: `Invalid SIWE message: ${reason}${hint}` })
  })

/** A hex address refused here has a wrong checksum, the likeliest slip: name its EIP-55 form. */
const addressHint = (fields: unknown): string => {
  const address = (fields as { readonly address?: unknown } | null)?.address
  return typeof address === "string" && isHexAddress(address) ? `; ${checksumSuggestion(address)}` : ""
}

/** Renders the exact EIP-4361 text (LF line ends, no trailing newline) that the wallet signs. */
export const formatSiweMessage = (message: SiweMessage): string =>
  formatCaip122Text("Ethereum", { ...message, chainId: String(message.chainId) })
