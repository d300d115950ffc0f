import { Context, Effect, Layer } from "effect"
import type { BitcoinNetwork } from "../../domain/bitcoin"
import { DataError } from "../../errors/data"
import { ApiClient, type ApiError, type WireSchema } from "../../http/ApiClient"
import { networkPathPrefix } from "../mempool/Mempool"
import {
  CreatedOrder,
  type EtchEstimateRequest,
  type EtchOrderRequest,
  ExecutedOrder,
  type MintEstimateRequest,
  type MintOrderRequest,
  Order,
  OrderEstimate,
  RbfEstimate,
} from "./schemas"

export type OrdinalsError = ApiError | DataError
export type RuneOrderKind = "mint" | "etch"

export interface OrdinalsShape {
  readonly estimateMint: (
    network: BitcoinNetwork,
    request: MintEstimateRequest,
  ) => Effect.Effect<OrderEstimate, OrdinalsError>
  readonly estimateEtch: (
    network: BitcoinNetwork,
    request: EtchEstimateRequest,
  ) => Effect.Effect<OrderEstimate, OrdinalsError>
  readonly createMintOrder: (
    network: BitcoinNetwork,
    request: MintOrderRequest,
  ) => Effect.Effect<CreatedOrder, OrdinalsError>
  readonly createEtchOrder: (
    network: BitcoinNetwork,
    request: EtchOrderRequest,
  ) => Effect.Effect<CreatedOrder, OrdinalsError>
  /** Starts an order once its funding transaction is broadcast. */
  readonly executeOrder: (
    network: BitcoinNetwork,
    params: { readonly kind: RuneOrderKind; readonly orderId: string; readonly fundTransactionId: string },
  ) => Effect.Effect<ExecutedOrder, OrdinalsError>
  readonly getOrder: (network: BitcoinNetwork, orderId: string) => Effect.Effect<Order, OrdinalsError>
  /** What replacing the order's funding transaction at `newFeeRate` (sat/vB) would cost. */
  readonly estimateRbf: (
    network: BitcoinNetwork,
    params: { readonly orderId: string; readonly newFeeRate: number },
  ) => Effect.Effect<RbfEstimate, OrdinalsError>
}

/** The runes ordinals service of §7 (a third party: it gets no project id). Regtest has no such service. */
export class Ordinals extends Context.Service<Ordinals, OrdinalsShape>()("appkit/Ordinals") {
  static readonly layer: Layer.Layer<Ordinals, never, ApiClient> = Layer.effect(
    Ordinals,
    Effect.gen(function* () {
      return makeOrdinals(yield* ApiClient)
    }),
  )
}

export const makeOrdinals = (api: ApiClient["Service"]): OrdinalsShape => {
  const call = <S extends WireSchema>(
    network: BitcoinNetwork,
    method: "GET" | "POST",
    path: string,
    schema: S,
    body?: unknown,
  ): Effect.Effect<S["Type"], OrdinalsError> =>
    network === "Regtest"
      ? Effect.fail(new DataError({ reason: "ordinalsRegtestUnsupported" }))
      : api.json(
          {
            method,
            baseUrl: api.config.ordinalsUrl,
            path: `${networkPathPrefix(network)}${path}`,
            body,
            sdkParams: false,
          },
          schema,
        )
  const id = encodeURIComponent

  return {
    estimateMint: (network, request) => call(network, "POST", "/runes/mint/estimate", OrderEstimate, request),
    estimateEtch: (network, request) => call(network, "POST", "/runes/etch/estimate", OrderEstimate, request),
    createMintOrder: (network, request) => call(network, "POST", "/runes/mint/orders", CreatedOrder, request),
    createEtchOrder: (network, request) => call(network, "POST", "/runes/etch/orders", CreatedOrder, request),
    executeOrder: (network, { kind, orderId, fundTransactionId }) =>
      call(network, "POST", `/runes/${kind}/orders/${id(orderId)}/execute`, ExecutedOrder, {
        fundTransactionId,
      }),
    getOrder: (network, orderId) => call(network, "GET", `/orders/${id(orderId)}`, Order),
    estimateRbf: (network, { orderId, newFeeRate }) =>
      call(network, "POST", `/orders/${id(orderId)}/rbf-estimate`, RbfEstimate, { newFeeRate }),
  }
}
