import { Effect, Schema } from "effect"
import { Ordinals, type OrdinalsError } from "../../api/ordinals/Ordinals"
import type {
  CreatedOrder,
  EtchOrderRequest,
  MintOrderRequest,
  OrderEstimate,
  RbfEstimate,
} from "../../api/ordinals/schemas"
import { AppKitError } from "../../domain/appKitError"
import type { BitcoinNetwork } from "../../domain/bitcoin"
import { DataError } from "../../errors/data"
import type { BitcoinConnector, BitcoinConnectorError } from "./connectors/BitcoinConnector"

/**
 * Rune mint and etch orders through the ordinals service (§7): estimate, create the order, pay its
 * funding address with the wallet's sendTransfer, then start the order with the funding txid. Regtest
 * has no ordinals service and is refused before anything is asked.
 */

/** The service asked to be paid more than it estimated: the payment is not made. */
export class RuneOrderCostError extends AppKitError(
  Schema.TaggedError<RuneOrderCostError>()("RuneOrderCostError", {
    estimated: Schema.Number,
    asked: Schema.Number,
  }),
  { topic: "Rune order cost mismatch" },
) {
  override get message(): string {
    return `The order asks for ${this.asked} sat but was estimated at ${this.estimated} sat; nothing was paid`
  }
}

export interface RuneOrderResult {
  readonly orderId: string
  readonly fundTransactionId: string
  readonly fundingAddress: string
  readonly estimate: OrderEstimate
}

export type RuneOrderError = OrdinalsError | BitcoinConnectorError | RuneOrderCostError

type Payer = Pick<BitcoinConnector, "sendTransfer">

type Service = Ordinals["Service"]

/** The flow both kinds share; `estimate` and `create` are the kind's two service calls. */
const placeOrder = (
  kind: "mint" | "etch",
  network: BitcoinNetwork,
  wallet: Payer,
  estimate: (ordinals: Service) => Effect.Effect<OrderEstimate, OrdinalsError>,
  create: (ordinals: Service) => Effect.Effect<CreatedOrder, OrdinalsError>,
): Effect.Effect<RuneOrderResult, RuneOrderError, Ordinals> =>
  Effect.gen(function* () {
    if (network === "Regtest") return yield* new DataError({ reason: "ordinalsRegtestUnsupported" })
    const ordinals = yield* Ordinals
    const estimated = yield* estimate(ordinals)
    const order = yield* create(ordinals)
    if (order.fundAmount > estimated.totalCost)
      return yield* new RuneOrderCostError({ estimated: estimated.totalCost, asked: order.fundAmount })
    const fundTransactionId = yield* Effect.tryPromise({
      try: () => wallet.sendTransfer([{ recipient: order.fundAddress, amount: String(order.fundAmount) }]),
      // A connector rejects only with its typed errors.
      catch: (error) => error as BitcoinConnectorError,
    })
    yield* ordinals.executeOrder(network, { kind, orderId: order.orderId, fundTransactionId })
    return {
      orderId: order.orderId,
      fundTransactionId,
      fundingAddress: order.fundAddress,
      estimate: estimated,
    }
  })

export const mintRunes = ({
  network,
  order,
  wallet,
}: {
  readonly network: BitcoinNetwork
  readonly order: MintOrderRequest
  readonly wallet: Payer
}): Effect.Effect<RuneOrderResult, RuneOrderError, Ordinals> => {
  const { refundAddress: _refund, ...request } = order
  return placeOrder(
    "mint",
    network,
    wallet,
    (o) => o.estimateMint(network, request),
    (o) => o.createMintOrder(network, order),
  )
}

export const etchRunes = ({
  network,
  order,
  wallet,
}: {
  readonly network: BitcoinNetwork
  readonly order: EtchOrderRequest
  readonly wallet: Payer
}): Effect.Effect<RuneOrderResult, RuneOrderError, Ordinals> => {
  const { refundAddress: _refund, ...request } = order
  return placeOrder(
    "etch",
    network,
    wallet,
    (o) => o.estimateEtch(network, request),
    (o) => o.createEtchOrder(network, order),
  )
}

/** What speeding up an order's funding transaction to `newFeeRate` sat/vB would cost (replace-by-fee). */
export const estimateRuneOrderRbf = (params: {
  readonly network: BitcoinNetwork
  readonly orderId: string
  readonly newFeeRate: number
}): Effect.Effect<RbfEstimate, OrdinalsError, Ordinals> =>
  Effect.flatMap(Ordinals, (ordinals) =>
    ordinals.estimateRbf(params.network, { orderId: params.orderId, newFeeRate: params.newFeeRate }),
  )
