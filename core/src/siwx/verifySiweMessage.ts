import { hex } from "@scure/base"
import { Effect, Result } from "effect"
import { type ClaimOptions, checkSiwxClaims, claimTime } from "./claims"
import { hashPersonalMessage, recoverPersonalSignAddress } from "./eip191"
import { SiweInvalidSignature, SiweRpcError } from "./errors"
import { parseSiweMessage } from "./parseSiweMessage"
import { formatSiweMessage, type SiweMessage } from "./SiweMessage"

export interface VerifySiweOptions extends ClaimOptions {
  /** An RPC URL of the message's chain, for contract wallets (EIP-1271) whose signature recovers to no EOA. */
  readonly rpcUrl?: string
  /** Bound on the EIP-1271 call; default 10 s. */
  readonly rpcTimeoutMs?: number
}

/**
 * Verifies a signed EIP-4361 message: takes the time to check at (an impossible `time` option fails first,
 * whatever the text), parses the text (exact ABNF), checks scheme, domain and nonce against the
 * options, the validity window (`now >= expirationTime` is expired, `now < notBefore` not yet valid) at
 * `time` or the Clock's now, then the EIP-191 signature; if that recovers to another address and an RPC
 * URL is given, asks the address as an EIP-1271 contract wallet. Succeeds with the parsed message.
 */
export const verifySiweMessage = Effect.fn("Siwe.verify")(function* (
  message: string | SiweMessage,
  signature: string,
  options: VerifySiweOptions = {},
) {
  const now = yield* claimTime(options)
  const text = typeof message === "string" ? message : formatSiweMessage(message)
  const parsed = parseSiweMessage(text)
  if (Result.isFailure(parsed)) return yield* parsed.failure
  const fields = parsed.success

  yield* checkSiwxClaims(fields, options, now)

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
