import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Effect, Result } from "effect"
import { type ClaimOptions, checkSiwxClaims, claimTime } from "../claims"
import { SiweInvalidSignature } from "../errors"
import { formatSolanaSiwxMessage, parseSolanaSiwxMessage, type SolanaSiwxMessage } from "./SolanaSiwxMessage"

const utf8 = new TextEncoder()

/**
 * Verifies a signed Sign-In With Solana message: parses it, checks domain, nonce and validity window as for
 * SIWE, then the ed25519 signature (64 bytes, base58 as wallets return it) over the text's UTF-8 bytes with
 * the address as public key. Strict RFC 8032 verification, as Solana's runtime verifies. Succeeds with the
 * parsed message.
 */
export const verifySolanaSiwxMessage = Effect.fn("Siws.verify")(function* (
  message: string | SolanaSiwxMessage,
  signature: string,
  options: ClaimOptions = {},
) {
  const now = yield* claimTime(options)
  const text = typeof message === "string" ? message : formatSolanaSiwxMessage(message)
  const parsed = parseSolanaSiwxMessage(text)
  if (Result.isFailure(parsed)) return yield* parsed.failure
  const fields = parsed.success
  yield* checkSiwxClaims(fields, options, now)

  let signatureBytes: Uint8Array
  try {
    signatureBytes = base58.decode(signature)
  } catch {
    return yield* new SiweInvalidSignature({ message: "Invalid signature: it is not base58" })
  }
  if (signatureBytes.length !== 64)
    return yield* new SiweInvalidSignature({
      message: `Invalid signature: it is ${signatureBytes.length} bytes, an ed25519 signature is 64`,
    })
  const valid = ed25519.verify(signatureBytes, utf8.encode(text), base58.decode(fields.address), {
    zip215: false,
  })
  if (!valid)
    return yield* new SiweInvalidSignature({
      message: `Invalid signature: it was not made by ${fields.address}`,
    })
  return fields
})
