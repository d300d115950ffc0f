import { base64 } from "@scure/base"
import { Result } from "effect"
import { bitcoinScriptPubKey, decodeBitcoinAddress } from "../../../validation/address/bitcoin"
import { InvalidMessageSignatureError } from "../errors"
import { type Bip322Format, type ProvenOutput, verifyBip322 } from "./bip322"
import { looksLikeLegacySignature, verifyLegacySignature } from "./legacy"

export type MessageSignatureProtocol = "ecdsa" | `bip322-${"simple" | "full" | "proof-of-funds"}`

const bip322Protocol: Record<Bip322Format, MessageSignatureProtocol> = {
  simple: "bip322-simple",
  full: "bip322-full",
  proofOfFunds: "bip322-proof-of-funds",
}

export type MessageVerification =
  | {
      readonly valid: true
      readonly protocol: MessageSignatureProtocol
      readonly lockTime?: number
      readonly sequence?: number
      readonly provenOutputs?: ReadonlyArray<ProvenOutput>
    }
  | {
      readonly valid: false
      readonly protocol?: MessageSignatureProtocol
      /** BIP-322's third state: the scripts use rules reserved for upgrades, so nothing can be concluded. */
      readonly inconclusive: boolean
      readonly reason: string
    }

export interface VerifyMessageParameters {
  readonly address: string
  readonly message: string
  readonly signature: string
}

const decodeBase64 = (text: string) => {
  try {
    return base64.decode(text)
  } catch {
    return undefined
  }
}

/**
 * Verifies a signed message for a Bitcoin address: BIP-322 (simple, full and proof of funds; the
 * smp/ful/pof prefixes or the older unprefixed form) and the legacy ECDSA signature (BIP-137 headers).
 * Fails only when the address itself is not a Bitcoin address; a bad signature is a `valid: false` verdict.
 */
export const verifyBitcoinMessage = ({
  address,
  message,
  signature,
}: VerifyMessageParameters): Result.Result<MessageVerification, InvalidMessageSignatureError> =>
  Result.map(
    Result.mapError(
      decodeBitcoinAddress(address.trim()),
      () => new InvalidMessageSignatureError({ reason: `Invalid address '${address}'` }),
    ),
    (decoded): MessageVerification => {
      const trimmed = signature.trim()
      const bytes = decodeBase64(trimmed)
      if (bytes !== undefined && looksLikeLegacySignature(bytes)) {
        const kind =
          decoded.type === "p2pkh"
            ? "p2pkh"
            : decoded.type === "p2wpkh"
              ? "p2wpkh"
              : decoded.type === "p2sh"
                ? "p2sh-p2wpkh"
                : undefined
        if (kind === undefined)
          return {
            valid: false,
            protocol: "ecdsa",
            inconclusive: false,
            reason: `ECDSA message signatures cannot sign for ${decoded.type} addresses`,
          }
        return verifyLegacySignature(message, bytes, { kind, hash: decoded.program })
          ? { valid: true, protocol: "ecdsa" }
          : {
              valid: false,
              protocol: "ecdsa",
              inconclusive: false,
              reason: "the signature is not by this address's key",
            }
      }
      const verdict = verifyBip322(message, bitcoinScriptPubKey(decoded), trimmed)
      if (!verdict.valid)
        return {
          valid: false,
          ...(verdict.format ? { protocol: bip322Protocol[verdict.format] } : {}),
          inconclusive: verdict.inconclusive,
          reason: verdict.reason,
        }
      return {
        valid: true,
        protocol: bip322Protocol[verdict.format],
        lockTime: verdict.lockTime,
        sequence: verdict.sequence,
        provenOutputs: verdict.provenOutputs,
      }
    },
  )
