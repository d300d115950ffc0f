import { Result, Schema } from "effect"
import { isCaipReference, parseChainId } from "../../domain/caip"
import type { SiwxMessageData } from "../../domain/siwx"
import { Refusal } from "../../validation/address/AddressCheck"
import { checkSolanaAddress } from "../../validation/address/solana"
import { formatCaip122Text, parseCaip122Text } from "../caip122Text"
import { UnsupportedSiwxNamespace } from "../errors"
import { InvalidSiweMessage, SiweMessage } from "../SiweMessage"

/**
 * A Sign-In With Solana message: CAIP-122 with the Solana namespace's profile — the header names the
 * Solana account, the address is base58 (an ed25519 public key), the Chain ID line holds the CAIP-2
 * reference (the genesis-hash prefix), and there is no scheme. Every other field follows EIP-4361's rules.
 */
const { scheme: _scheme, address: _address, chainId: _chainId, ...sharedFields } = SiweMessage.fields

export const SolanaSiwxMessage = Schema.Struct({
  ...sharedFields,
  address: Schema.String.check(
    Schema.makeFilter((text: string) => !(checkSolanaAddress(text) instanceof Refusal), {
      expected: "a Solana address (32-44 base58 characters, 32 bytes)",
    }),
  ),
  chainId: Schema.String.check(Schema.makeFilter(isCaipReference, { expected: "a CAIP-2 reference" })),
})
export type SolanaSiwxMessage = typeof SolanaSiwxMessage.Type

const decode = Schema.decodeUnknownResult(SolanaSiwxMessage)
const invalid = (detail: string) => new InvalidSiweMessage({ message: `Invalid sign-in message: ${detail}` })

export const createSolanaSiwxMessage = (
  fields: unknown,
): Result.Result<SolanaSiwxMessage, InvalidSiweMessage> =>
  Result.mapError(decode(fields), (error) => invalid(error.message.replace(/\s*\n\s*/g, " ")))

/** The exact text a Solana wallet signs (its UTF-8 bytes). */
export const formatSolanaSiwxMessage = (message: SolanaSiwxMessage): string =>
  formatCaip122Text("Solana", message)

/** Parses the text back, field rules included; parse and create accept exactly the same messages. */
export const parseSolanaSiwxMessage = (
  text: string,
): Result.Result<SolanaSiwxMessage, InvalidSiweMessage> => {
  const layout = parseCaip122Text(text, "Solana")
  if (Result.isFailure(layout)) return Result.fail(invalid(layout.failure))
  const { scheme, ...fields } = layout.success
  if (scheme !== undefined) return Result.fail(invalid("a Solana sign-in message has no scheme"))
  return createSolanaSiwxMessage(fields)
}

/** CAIP-122 data on a solana chain as the Sign-In With Solana message it stands for. */
export const solanaSiwxMessageFromSiwx = (
  data: SiwxMessageData,
): Result.Result<SolanaSiwxMessage, InvalidSiweMessage | UnsupportedSiwxNamespace> => {
  const chain = parseChainId(data.chainId)
  if (Result.isFailure(chain) || chain.success.namespace !== "solana")
    return Result.fail(
      new UnsupportedSiwxNamespace({ message: `Sign-in messages for ${data.chainId} are not supported` }),
    )
  const { accountAddress, chainId: _, ...fields } = data
  return createSolanaSiwxMessage({ ...fields, address: accountAddress, chainId: chain.success.reference })
}

/** The text a Solana wallet signs for CAIP-122 data on a solana chain. */
export const solanaSiwxText = (
  data: SiwxMessageData,
): Result.Result<string, InvalidSiweMessage | UnsupportedSiwxNamespace> =>
  Result.map(solanaSiwxMessageFromSiwx(data), formatSolanaSiwxMessage)
