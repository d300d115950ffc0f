import { Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { reasonOf } from "../../errors/catalogue"

/**
 * What can go wrong signing with a Polkadot wallet (the wallet's own refusals stay ProviderRpcErrors):
 * - invalidAddress: the signer is not an SS58 account address with a 32-byte key.
 * - invalidPayload: the transaction to sign is not a SignerPayloadJSON.
 * - invalidReply: the wallet answered something that is not `{ signature: 0x… }` of 64 or 65 bytes.
 * - invalidSignature: the signature does not verify for that address and data.
 * - unsupportedScheme: an ecdsa MultiSignature, whose account id is a hash a signature cannot be checked against.
 */
export const polkadotMessages = {
  invalidAddress: "Invalid Polkadot address",
  invalidPayload: "Invalid Polkadot transaction payload",
  invalidReply: "The wallet's reply is not a Polkadot signature",
  invalidSignature: "The Polkadot signature does not match the address",
  unsupportedScheme: "Unsupported Polkadot signature scheme",
} as const

export class PolkadotSignatureError extends AppKitError(
  Schema.TaggedError<PolkadotSignatureError>()("PolkadotSignatureError", {
    reason: reasonOf(polkadotMessages),
    detail: Schema.optional(Schema.String),
  }),
  { topic: (error) => polkadotMessages[error.reason], details: (error) => error.detail },
) {
  override get message(): string {
    const text = polkadotMessages[this.reason]
    return this.detail === undefined ? text : `${text}: ${this.detail}`
  }
}
