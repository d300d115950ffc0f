import { Schema } from "effect"

const TypedDataField = Schema.Struct({ name: Schema.String, type: Schema.String })

/**
 * The eth_signTypedData_v4 payload (EIP-712) as it arrives from outside (a file, a dApp): checked for shape
 * here; viem then checks the values against the declared types when it encodes them.
 */
export const TypedDataV4 = Schema.Struct({
  domain: Schema.Record(Schema.String, Schema.Unknown),
  types: Schema.Record(Schema.String, Schema.Array(TypedDataField)),
  primaryType: Schema.String,
  message: Schema.Record(Schema.String, Schema.Unknown),
})
export type TypedDataV4 = typeof TypedDataV4.Type

/** Parses a JSON document into a typed-data payload. */
export const decodeTypedDataJson = Schema.decodeUnknownEffect(Schema.fromJsonString(TypedDataV4))
