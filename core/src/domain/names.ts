import { Schema } from "effect"
import { Identity } from "../api/blockchain/schemas"
import { HexString } from "./primitives"

/** §3 Identity (avatar, name): the identity API's wire shape is the entity, so it is defined once, in api/. */
export { Identity }

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
