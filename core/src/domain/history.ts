import { Schema } from "effect"
import { AmountString } from "./amount"
import { CaipNetworkId } from "./caip"
import { IsoDateTime } from "./primitives"

const Nullable = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

// The history API's wire shapes (§7), which the entity below narrows.
export const TransferDirection = Schema.Literals(["in", "out", "self"])

export const FungibleInfo = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  symbol: Schema.String,
  icon: Nullable(Schema.Struct({ url: Schema.String })),
})

export const NftInfo = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  content: Nullable(
    Schema.Struct({
      preview: Nullable(
        Schema.Struct({ url: Schema.String, content_type: Schema.optionalKey(Schema.String) }),
      ),
    }),
  ),
  flags: Schema.Struct({ is_spam: Schema.Boolean }),
})

export const TransactionTransfer = Schema.Struct({
  fungible_info: Schema.optionalKey(FungibleInfo),
  nft_info: Schema.optionalKey(NftInfo),
  direction: TransferDirection,
  quantity: Schema.Struct({ numeric: Schema.String }),
  value: Schema.optionalKey(Schema.Number),
  price: Schema.optionalKey(Schema.Number),
})
export type TransactionTransfer = typeof TransactionTransfer.Type

export const TransactionMetadata = Schema.Struct({
  operationType: Schema.String,
  hash: Schema.String,
  minedAt: Schema.String,
  sentFrom: Schema.String,
  sentTo: Schema.String,
  status: Schema.String,
  nonce: Schema.Number,
  /** CAIP-2 id of the chain the transaction was mined on. */
  chain: Schema.optionalKey(Schema.String),
})

/**
 * §3 Transaction history entry. The wire shape is above; the entity narrows the fields the UI acts on:
 * the operation type picks the +/- label (§9), the status the icon, and quantities are exact decimals.
 */
export const OperationType = Schema.Literals([
  "approve",
  "borrow",
  "burn",
  "buy",
  "cancel",
  "claim",
  "deploy",
  "deposit",
  "execute",
  "mint",
  "receive",
  "repay",
  "send",
  "stake",
  "trade",
  "unstake",
  "withdraw",
])
export type OperationType = typeof OperationType.Type

/** Chain statuses, plus the onramp provider's statuses for fiat purchases shown in the same list. */
export const TransactionStatus = Schema.Literals([
  "confirmed",
  "failed",
  "pending",
  "ONRAMP_TRANSACTION_STATUS_SUCCESS",
  "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS",
  "ONRAMP_TRANSACTION_STATUS_FAILED",
])
export type TransactionStatus = typeof TransactionStatus.Type

export const HistoryTransfer = Schema.Struct({
  ...TransactionTransfer.fields,
  quantity: Schema.Struct({ numeric: AmountString }),
})
export type HistoryTransfer = typeof HistoryTransfer.Type

export const TransactionHistoryEntry = Schema.Struct({
  id: Schema.NonEmptyString,
  metadata: Schema.Struct({
    ...TransactionMetadata.fields,
    minedAt: IsoDateTime,
    operationType: OperationType,
    status: TransactionStatus,
    chain: Schema.optionalKey(CaipNetworkId),
  }),
  transfers: Schema.Array(HistoryTransfer),
})
export type TransactionHistoryEntry = typeof TransactionHistoryEntry.Type
