// @appkit/core/cosmos: signing with cosmos wallets over WalletConnect (direct, amino, ADR-036) and checking
// what they signed. A subpath of its own, so an app that never connects cosmos never loads it.
export type { WalletRequest } from "../walletRequest"
export { cosmosAddressOf } from "./address"
export { type AminoSignDoc, makeAdr036SignDoc } from "./adr036"
export { serializeAminoSignDoc } from "./aminoJson"
export { CosmosSignatureError, cosmosMessages } from "./errors"
export { type CosmosAccount, getCosmosAccounts } from "./getAccounts"
export { type AminoSignResponse, signCosmosAdr036, signCosmosAmino } from "./signAmino"
export { type DirectSignResponse, signCosmosDirect } from "./signDirect"
export {
  type CosmosSignDoc,
  CosmosSignDocJson,
  encodeSignDoc,
  signDocFromJson,
  signDocToJson,
} from "./signDoc"
export { CosmosStdSignature, secp256k1PubKeyType } from "./stdSignature"
export {
  verifyCosmosAdr036Signature,
  verifyCosmosAminoSignature,
  verifyCosmosDirectSignature,
  verifyCosmosSignBytes,
} from "./verifySignature"
