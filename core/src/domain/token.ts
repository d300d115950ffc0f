import { Schema } from "effect"
import { AmountString, UnitsString } from "./amount"
import { CaipNetworkId } from "./caip"

/**
 * §3 Token. Quantities stay decimal strings end to end (no floats for money): `numeric` is the
 * human amount, `decimals` the token's decimals as the balance API sends them (a digit string), `frozen` the part
 * of `numeric` a send cannot spend (Solana token accounts the mint's freeze authority froze), when there is one.
 */
export const TokenQuantity = Schema.Struct({
  decimals: UnitsString,
  numeric: AmountString,
  frozen: Schema.optionalKey(AmountString),
})
export type TokenQuantity = typeof TokenQuantity.Type

export const Token = Schema.Struct({
  /** CAIP-10 token address; absent for a chain's native token. */
  address: Schema.optionalKey(Schema.String),
  symbol: Schema.String,
  name: Schema.optionalKey(Schema.String),
  chainId: Schema.optionalKey(CaipNetworkId),
  quantity: TokenQuantity,
  /** USD price of one token, a market quote rather than a held amount. */
  price: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  /** USD value of the holding. */
  value: Schema.optionalKey(Schema.Finite),
  iconUrl: Schema.optionalKey(Schema.String),
})
export type Token = typeof Token.Type
