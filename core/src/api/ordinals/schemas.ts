import { Schema } from "effect"

/**
 * Request and response shapes of the ordinals (runes) service of §7. Amounts are satoshis, fee rates
 * sat/vB. Server behaviour is not shown by the spec; these follow the sats-connect runes API.
 */

const OrderCommon = {
  destinationAddress: Schema.String,
  feeRate: Schema.Number,
  appServiceFee: Schema.optionalKey(Schema.Number),
  appServiceFeeAddress: Schema.optionalKey(Schema.String),
}

export const MintEstimateRequest = Schema.Struct({
  ...OrderCommon,
  runeName: Schema.String,
  repeats: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
})
export type MintEstimateRequest = typeof MintEstimateRequest.Type

export const EtchTerms = Schema.Struct({
  amount: Schema.String,
  cap: Schema.String,
  heightStart: Schema.optionalKey(Schema.String),
  heightEnd: Schema.optionalKey(Schema.String),
  offsetStart: Schema.optionalKey(Schema.String),
  offsetEnd: Schema.optionalKey(Schema.String),
})

export const EtchEstimateRequest = Schema.Struct({
  ...OrderCommon,
  runeName: Schema.String,
  divisibility: Schema.optionalKey(Schema.Number),
  symbol: Schema.optionalKey(Schema.String),
  premine: Schema.optionalKey(Schema.String),
  isMintable: Schema.Boolean,
  terms: Schema.optionalKey(EtchTerms),
  delegateInscriptionId: Schema.optionalKey(Schema.String),
})
export type EtchEstimateRequest = typeof EtchEstimateRequest.Type

/** Satoshis (and vbytes): whole and non-negative, so they convert to bigint and BTC strings exactly. */
const Satoshis = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const OrderEstimate = Schema.Struct({
  totalSize: Satoshis,
  totalCost: Satoshis,
  costBreakdown: Schema.Struct({
    postage: Satoshis,
    networkFee: Satoshis,
    serviceFee: Satoshis,
    appServiceFee: Satoshis,
  }),
})
export type OrderEstimate = typeof OrderEstimate.Type

/** Creating an order also names where a refund goes. */
export const MintOrderRequest = Schema.Struct({ ...MintEstimateRequest.fields, refundAddress: Schema.String })
export type MintOrderRequest = typeof MintOrderRequest.Type
export const EtchOrderRequest = Schema.Struct({ ...EtchEstimateRequest.fields, refundAddress: Schema.String })
export type EtchOrderRequest = typeof EtchOrderRequest.Type

export const CreatedOrder = Schema.Struct({
  orderId: Schema.String,
  fundAddress: Schema.String,
  fundAmount: Satoshis,
  fundTransactionId: Schema.optionalKey(Schema.String),
})
export type CreatedOrder = typeof CreatedOrder.Type

/** POST /runes/{mint|etch}/orders/{id}/execute body and response. */
export const ExecuteOrderRequest = Schema.Struct({ fundTransactionId: Schema.String })
export const ExecutedOrder = Schema.Struct({
  id: Schema.String,
  orderId: Schema.String,
  state: Schema.String,
})
export type ExecutedOrder = typeof ExecutedOrder.Type

export const OrderState = Schema.Literals([
  "new",
  "pending",
  "executing",
  "complete",
  "failed",
  "refunded",
  "stale",
])

/** GET /orders/{id} */
export const Order = Schema.Struct({
  id: Schema.String,
  orderType: Schema.Literals(["rune_mint", "rune_etch"]),
  state: OrderState,
  fundingAddress: Schema.String,
  reason: Schema.optionalKey(Schema.String),
  createdAt: Schema.String,
})
export type Order = typeof Order.Type

/** POST /orders/{id}/rbf-estimate body and response. */
export const RbfEstimateRequest = Schema.Struct({ newFeeRate: Schema.Number })
export const RbfEstimate = Schema.Struct({ rbfCost: Satoshis, fundingAddress: Schema.String })
export type RbfEstimate = typeof RbfEstimate.Type
