import { QUANTITY_SIGN } from "../../config/constants"
import type { OperationType } from "../../domain/history"
import type { TokenBalance, Transaction } from "./schemas"

/** §9: the sign shown before an activity's amount, by operation type; other operations have none. */
export const activityLabel = (operationType: string): "+" | "-" | "" =>
  QUANTITY_SIGN[operationType.toLowerCase() as OperationType] ?? ""

const isSpamTransfer = (transfer: Transaction["transfers"][number]) =>
  transfer.nft_info?.flags.is_spam === true

/**
 * Drops spam NFT transfers, and transactions left with nothing else; keeps only the connected chain's
 * transactions (an entry that does not name its chain is kept: the request was already for that chain).
 */
export const visibleTransactions = (
  transactions: ReadonlyArray<Transaction>,
  caipNetworkId: string,
): ReadonlyArray<Transaction> =>
  transactions.flatMap((transaction) => {
    if (transaction.metadata.chain !== undefined && transaction.metadata.chain !== caipNetworkId) return []
    const transfers = transaction.transfers.filter((transfer) => !isSpamTransfer(transfer))
    if (transfers.length === 0 && transaction.transfers.length > 0) return []
    return transfers.length === transaction.transfers.length ? [transaction] : [{ ...transaction, transfers }]
  })

/** Token balances reported with 0 decimals are not fungible holdings the UI can show (§ issue 3 item 4). */
export const displayableBalances = <B extends Pick<TokenBalance, "quantity">>(
  balances: ReadonlyArray<B>,
): ReadonlyArray<B> => balances.filter((balance) => balance.quantity.decimals !== "0")

/**
 * A holding's USD value: the API's when it sends one, else price × amount. A priced holding without a value
 * would show no value and be left out of every total.
 */
export const withValue = <B extends Pick<TokenBalance, "price" | "quantity" | "value">>(balance: B): B => {
  if (balance.value !== undefined) return balance
  const value = Number(balance.quantity.numeric) * balance.price
  return Number.isFinite(value) ? { ...balance, value } : balance
}
