import { Schema } from "effect"
import { Utxo } from "../../domain/bitcoin"

export { Utxo }

export const Utxos = Schema.Array(Utxo)
