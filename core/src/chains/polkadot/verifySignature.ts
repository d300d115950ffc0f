import { ed25519 } from "@noble/curves/ed25519.js"
import { hex } from "@scure/base"
import * as sr25519 from "@scure/sr25519"
import { Result } from "effect"
import { polkadotAccountKey } from "./account"
import { PolkadotSignatureError } from "./errors"

export type PolkadotSignatureScheme = "sr25519" | "ed25519"

export interface VerifiedPolkadotSignature {
  readonly scheme: PolkadotSignatureScheme
  /** The signer's 32-byte public key, 0x-hex. */
  readonly publicKey: string
}

/** The MultiSignature type byte a wallet puts before a transaction signature (polkadot.js `withType`). */
const multiSignatureSchemes: Readonly<Record<number, PolkadotSignatureScheme | "ecdsa">> = {
  0: "ed25519",
  1: "sr25519",
  2: "ecdsa",
}

const checks: Readonly<
  Record<PolkadotSignatureScheme, (data: Uint8Array, signature: Uint8Array, key: Uint8Array) => boolean>
> = {
  // sr25519 refuses a signature without schnorrkel's marker bit by throwing; that is a bad signature too.
  sr25519: (data, signature, key) => {
    try {
      return sr25519.verify(data, signature, key)
    } catch {
      return false
    }
  },
  ed25519: (data, signature, key) => ed25519.verify(signature, data, key),
}

const fail = (reason: PolkadotSignatureError["reason"], detail?: string) =>
  Result.fail(new PolkadotSignatureError(detail === undefined ? { reason } : { reason, detail }))

const signatureBytes = (signature: string | Uint8Array): Uint8Array | undefined => {
  if (typeof signature !== "string") return signature
  return /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/.test(signature)
    ? hex.decode(signature.slice(2).toLowerCase())
    : undefined
}

/**
 * Checks a signature a Polkadot wallet made over `data` (the exact bytes it signed: a wrapped message, or a
 * transaction payload) by the account at `address` (SS58, any network prefix). A 64-byte signature is tried
 * as sr25519, then ed25519, since the address does not say which kind of key it is; a 65-byte one carries
 * its scheme in the first byte (MultiSignature). Succeeds with the scheme that verified.
 */
export const verifyPolkadotSignature = (input: {
  readonly address: string
  readonly data: Uint8Array
  /** 0x-hex of 64 bytes, or 65 with the MultiSignature type byte first; or the raw bytes. */
  readonly signature: string | Uint8Array
}): Result.Result<VerifiedPolkadotSignature, PolkadotSignatureError> => {
  const account = polkadotAccountKey(input.address)
  if (Result.isFailure(account)) return Result.fail(account.failure)
  const key = account.success
  const bytes = signatureBytes(input.signature)
  if (bytes === undefined || (bytes.length !== 64 && bytes.length !== 65))
    return fail("invalidReply", "a signature is 0x and 64 or 65 bytes of hex")
  const typed = bytes.length === 65 ? multiSignatureSchemes[bytes[0] ?? -1] : undefined
  if (bytes.length === 65 && typed === undefined) return fail("invalidReply", `unknown type byte ${bytes[0]}`)
  if (typed === "ecdsa") return fail("unsupportedScheme", "ecdsa signatures are not supported")
  const signature = bytes.length === 65 ? bytes.subarray(1) : bytes
  const candidates: ReadonlyArray<PolkadotSignatureScheme> = typed ? [typed] : ["sr25519", "ed25519"]
  const scheme = candidates.find((candidate) => checks[candidate](input.data, signature, key))
  return scheme === undefined
    ? fail("invalidSignature")
    : Result.succeed({ scheme, publicKey: `0x${hex.encode(key)}` })
}
