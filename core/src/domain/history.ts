import { Schema } from "effect"
import { TransactionMetadata, TransactionTransfer } from "../api/blockchain/schemas"
import { AmountString } from "../validation/amount"
import { CaipChainId } from "./caip"
import { IsoDateTime } from "./primitives"

/**
 * §3 Transaction history entry. The wire shape is api/'s; the entity narrows the fields the UI acts on:
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
    chain: Schema.optionalKey(CaipChainId),
  }),
  transfers: Schema.Array(HistoryTransfer),
})
export type TransactionHistoryEntry = typeof TransactionHistoryEntry.Type
