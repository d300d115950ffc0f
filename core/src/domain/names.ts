import { Schema } from "effect"
import { HexString } from "./primitives"

/** §3 Identity (avatar, name), as GET /v1/identity/{address} sends it: the wire shape is the entity. */
export const Identity = Schema.Struct({
  name: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String),
})
export type Identity = typeof Identity.Type

export const NameAttribute = Schema.Struct({ key: Schema.String, value: Schema.String })

/** A registered name: its addresses keyed by coin type. */
export const NameRecord = Schema.Struct({
  name: Schema.String,
  registered: Schema.Number,
  updated: Schema.Number,
  addresses: Schema.Record(
    Schema.String,
    Schema.Struct({ address: Schema.String, created: Schema.optionalKey(Schema.String) }),
  ),
  attributes: Schema.Array(NameAttribute),
})
export type NameRecord = typeof NameRecord.Type

/**
 * §3 Name registration payload (POST /v1/profile/account). `coin_type` is the ENSIP-11 coin type of the
 * EVM chain (validation/chainId: evmChainIdToCoinType); `message` is the signed JSON text.
 */
export const NameRegistrationPayload = Schema.Struct({
  coin_type: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 ** 32 - 1 })),
  address: Schema.NonEmptyString,
  message: Schema.NonEmptyString,
  signature: HexString,
})
export type NameRegistrationPayload = typeof NameRegistrationPayload.Type
