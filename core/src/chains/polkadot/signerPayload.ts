import { Schema } from "effect"
import { HexString } from "../../domain/primitives"

/**
 * The transaction a dApp asks a Polkadot wallet to sign (`polkadot_signTransaction`): polkadot.js's
 * `SignerPayloadJSON`, every number hex-encoded as WalletConnect's Polkadot RPC lists it. The wallet
 * SCALE-encodes it with the chain's signed extensions and signs that.
 */
export const PolkadotSignerPayload = Schema.Struct({
  address: Schema.String,
  assetId: Schema.optionalKey(Schema.NullOr(Schema.Union([HexString, Schema.Number]))),
  blockHash: HexString,
  blockNumber: HexString,
  era: HexString,
  genesisHash: HexString,
  metadataHash: Schema.optionalKey(Schema.NullOr(HexString)),
  method: HexString,
  mode: Schema.optionalKey(Schema.Int),
  nonce: HexString,
  specVersion: HexString,
  tip: HexString,
  transactionVersion: HexString,
  signedExtensions: Schema.Array(Schema.String),
  version: Schema.Int,
  withSignedTransaction: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: "PolkadotSignerPayload" })
export type PolkadotSignerPayload = typeof PolkadotSignerPayload.Type

/** What a Polkadot wallet answers both sign methods with; `signedTransaction` only when it was asked for. */
export const PolkadotSignatureReply = Schema.Struct({
  signature: HexString,
  signedTransaction: Schema.optionalKey(HexString),
})
export type PolkadotSignatureReply = typeof PolkadotSignatureReply.Type
