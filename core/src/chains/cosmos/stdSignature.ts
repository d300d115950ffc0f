import { Schema } from "effect"
import { Base64String } from "./signDoc"

/** The public key type of a plain cosmos account; the only one whose address a signature can be tied to here. */
export const secp256k1PubKeyType = "tendermint/PubKeySecp256k1"

/** A signature as cosmos wallets return it (amino `StdSignature`): the signer's key and 64 bytes r‖s, base64. */
export const CosmosStdSignature = Schema.Struct({
  pub_key: Schema.Struct({ type: Schema.String, value: Base64String }),
  signature: Base64String,
})
export type CosmosStdSignature = typeof CosmosStdSignature.Type
