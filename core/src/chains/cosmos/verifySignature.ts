import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64 } from "@scure/base"
import { Result } from "effect"
import { normalizedOf, Refusal } from "../../validation/address/AddressCheck"
import { decodeBech32 } from "../../validation/address/bech32"
import { checkCosmosAddress } from "../../validation/address/cosmos"
import { cosmosAddressOf } from "./address"
import { makeAdr036SignDoc } from "./adr036"
import { serializeAminoSignDoc } from "./aminoJson"
import { type CosmosSignatureError, cosmosError } from "./errors"
import { type CosmosSignDoc, encodeSignDoc } from "./signDoc"
import { type CosmosStdSignature, secp256k1PubKeyType } from "./stdSignature"

/**
 * The checks every cosmos signature shares: `signerAddress` is a cosmos account, the signature carries a
 * compressed secp256k1 key whose address is that account, and its 64-byte r‖s (low s, as the SDK demands)
 * verifies over SHA-256 of `signBytes`.
 */
export const verifyCosmosSignBytes = (input: {
  readonly signerAddress: string
  readonly signBytes: Uint8Array
  readonly signature: CosmosStdSignature
}): Result.Result<void, CosmosSignatureError> => {
  const address = checkCosmosAddress(input.signerAddress)
  if (address instanceof Refusal) return Result.fail(cosmosError("invalidAddress", address.message))
  const { pub_key, signature } = input.signature
  if (pub_key.type !== secp256k1PubKeyType) return Result.fail(cosmosError("unsupportedKey", pub_key.type))
  const publicKey = base64.decode(pub_key.value)
  if (publicKey.length !== 33) return Result.fail(cosmosError("invalidReply", "the key is not 33 bytes"))
  const prefix = Result.getOrThrow(decodeBech32(input.signerAddress)).prefix
  if (cosmosAddressOf(publicKey, prefix) !== normalizedOf(address))
    return Result.fail(cosmosError("addressMismatch"))
  const signatureBytes = base64.decode(signature)
  if (signatureBytes.length !== 64)
    return Result.fail(cosmosError("invalidReply", "the signature is not 64 bytes"))
  let verified: boolean
  try {
    verified = secp256k1.verify(signatureBytes, input.signBytes, publicKey)
  } catch {
    // Not a point on the curve.
    return Result.fail(cosmosError("invalidReply", "the key is not a secp256k1 point"))
  }
  return verified ? Result.void : Result.fail(cosmosError("invalidSignature"))
}

/** Checks a `cosmos_signDirect` signature over the SignDoc the wallet returned as signed. */
export const verifyCosmosDirectSignature = (input: {
  readonly signerAddress: string
  readonly signDoc: CosmosSignDoc
  readonly signature: CosmosStdSignature
}): Result.Result<void, CosmosSignatureError> =>
  verifyCosmosSignBytes({ ...input, signBytes: encodeSignDoc(input.signDoc) })

/** Checks a `cosmos_signAmino` signature over the amino StdSignDoc the wallet returned as signed. */
export const verifyCosmosAminoSignature = (input: {
  readonly signerAddress: string
  readonly signDoc: unknown
  readonly signature: CosmosStdSignature
}): Result.Result<void, CosmosSignatureError> =>
  Result.flatMap(
    Result.mapError(serializeAminoSignDoc(input.signDoc), (why) => cosmosError("invalidSignDoc", why)),
    (signBytes) => verifyCosmosSignBytes({ ...input, signBytes }),
  )

/**
 * Checks an ADR-036 signature: `signer` signed arbitrary `data` (Keplr's signArbitrary, a cosmos sign-in),
 * as the amino `sign/MsgSignData` document with empty chain id, zero numbers and no fee.
 */
export const verifyCosmosAdr036Signature = (input: {
  readonly signer: string
  readonly data: string | Uint8Array
  readonly signature: CosmosStdSignature
}): Result.Result<void, CosmosSignatureError> =>
  verifyCosmosAminoSignature({
    signerAddress: input.signer,
    signDoc: makeAdr036SignDoc(input.signer, input.data),
    signature: input.signature,
  })
