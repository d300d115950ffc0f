import { Schema } from "effect"
import { Utxo } from "../../domain/utxo"

export { Utxo }

export const Utxos = Schema.Array(Utxo)
