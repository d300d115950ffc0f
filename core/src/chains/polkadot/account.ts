import { Result } from "effect"
import { decodeSs58 } from "../../validation/address/polkadot"
import { PolkadotSignatureError } from "./errors"

/**
 * The 32-byte public key an SS58 account address carries (sr25519 or ed25519: the address does not say
 * which). ecdsa accounts are refused: their account id is a hash of the key, so no signature can be
 * checked against the address alone.
 */
export const polkadotAccountKey = (address: string): Result.Result<Uint8Array, PolkadotSignatureError> => {
  const decoded = decodeSs58(address)
  if (Result.isFailure(decoded))
    return Result.fail(
      new PolkadotSignatureError({ reason: "invalidAddress", detail: decoded.failure.message }),
    )
  const { publicKey } = decoded.success
  return publicKey.length === 32
    ? Result.succeed(publicKey)
    : Result.fail(
        new PolkadotSignatureError({
          reason: "unsupportedScheme",
          detail: "ecdsa accounts are not supported",
        }),
      )
}
