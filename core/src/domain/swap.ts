import { Schema } from "effect"
import { UnitsString } from "./amount"
import { CaipAccountId } from "./caip"

/**
 * §3 Swap quote inputs (GET /v1/convert/quotes). Tokens are CAIP-10 ids (native tokens use the
 * 0xeeee… placeholder address); `amount` and `gasPrice` are base units (wei), never floats.
 */
export const SwapQuoteInput = Schema.Struct({
  amount: UnitsString,
  userAddress: CaipAccountId,
  from: CaipAccountId,
  to: CaipAccountId,
  gasPrice: UnitsString,
})
export type SwapQuoteInput = typeof SwapQuoteInput.Type
