import { Schema } from "effect"

/**
 * §3 UTXO (`value` in satoshis): the mempool explorer's wire shape is the entity, defined once. Apart from
 * ./bitcoin, since the API layer every app builds reads UTXOs and must not bring the Bitcoin wallets' schemas
 * (address entries, PSBTs, requests) into an app that never connects one. One unspent output from a mempool
 * explorer's GET /api/address/{address}/utxo.
 */
export const Utxo = Schema.Struct({
  txid: Schema.String,
  vout: Schema.Number,
  value: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  status: Schema.optionalKey(
    Schema.Struct({
      confirmed: Schema.Boolean,
      block_height: Schema.optionalKey(Schema.Number),
      block_hash: Schema.optionalKey(Schema.String),
      block_time: Schema.optionalKey(Schema.Number),
    }),
  ),
})
export type Utxo = typeof Utxo.Type
