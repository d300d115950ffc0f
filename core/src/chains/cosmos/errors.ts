import { Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { reasonOf } from "../../errors/catalogue"

/**
 * What can go wrong signing with a cosmos wallet (the wallet's own refusals stay ProviderRpcErrors):
 * - invalidAddress: the signer is not a cosmos bech32 account address.
 * - invalidSignDoc: the document to sign is not a SignDoc / amino StdSignDoc.
 * - invalidReply: the wallet's answer is not the documented `{ signature, signed }` (or account list).
 * - unsupportedKey: a public key type other than secp256k1 (e.g. Ethermint's eth_secp256k1).
 * - addressMismatch: the returned public key is not the signer's: its address differs.
 * - invalidSignature: the signature does not verify for that key and document.
 */
export const cosmosMessages = {
  invalidAddress: "Invalid cosmos address",
  invalidSignDoc: "Invalid cosmos sign document",
  invalidReply: "The wallet's reply is not a cosmos signature",
  unsupportedKey: "Unsupported cosmos public key type",
  addressMismatch: "The public key does not belong to the signer address",
  invalidSignature: "The cosmos signature does not match the signed document",
} as const

export class CosmosSignatureError extends AppKitError(
  Schema.TaggedError<CosmosSignatureError>()("CosmosSignatureError", {
    reason: reasonOf(cosmosMessages),
    detail: Schema.optional(Schema.String),
  }),
  { topic: (error) => cosmosMessages[error.reason], details: (error) => error.detail },
) {
  override get message(): string {
    const text = cosmosMessages[this.reason]
    return this.detail === undefined ? text : `${text}: ${this.detail}`
  }
}

export const cosmosError = (reason: CosmosSignatureError["reason"], detail?: string) =>
  new CosmosSignatureError(detail === undefined ? { reason } : { reason, detail })
