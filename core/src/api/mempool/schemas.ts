import { Schema } from "effect"

/** One unspent output from a mempool explorer's GET /api/address/{address}/utxo; `value` is satoshis. */
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
export const Utxos = Schema.Array(Utxo)
