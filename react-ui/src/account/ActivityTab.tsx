import { activityLabel, relativeTimeLabelOf } from "@appkit/core"
import type { BlockchainSchemas } from "@appkit/core/effect"
import { AppKitImage } from "../image/Image"
import { ScrollList, Spinner } from "../modal/parts"
import { shownQuantity } from "./format"
import { useNow } from "./useNow"
import { useTransactions } from "./useTransactions"

type Transaction = BlockchainSchemas.Transaction

/** How often the relative times are read again: the smallest unit they show is the minute. */
const RELATIVE_TIME_REFRESH_MS = 10_000

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase()

const Entry = ({ transaction, now }: { readonly transaction: Transaction; readonly now: number }) => {
  const { metadata } = transaction
  const transfer = transaction.transfers[0]
  const symbol = transfer?.fungible_info?.symbol
  const amount =
    transfer === undefined
      ? undefined
      : transfer.nft_info !== undefined
        ? (transfer.nft_info.name ?? "NFT")
        : `${activityLabel(metadata.operationType)}${shownQuantity(transfer.quantity.numeric)} ${symbol ?? ""}`
  const icon = transfer?.fungible_info?.icon?.url ?? transfer?.nft_info?.content?.preview?.url ?? undefined
  const status = metadata.status.toLowerCase()
  return (
    <li className="appkit-row" data-hash={metadata.hash} data-status={status}>
      <AppKitImage src={icon} alt={symbol ?? metadata.operationType} size={36} decorative />
      <span className="appkit-row-main">
        <span>{capitalized(metadata.operationType)}</span>
        <span className="appkit-muted">
          {relativeTimeLabelOf(metadata.minedAt, now)}
          {status === "pending" || status === "failed" ? ` · ${capitalized(status)}` : ""}
        </span>
      </span>
      {amount !== undefined && <span>{amount}</span>}
    </li>
  )
}

/** The activity tab: the core's list (spam already dropped, §5), newest first, more by cursor. */
export default function ActivityTab() {
  const list = useTransactions()
  const now = useNow(RELATIVE_TIME_REFRESH_MS)
  if (list.transactions.length === 0)
    return list.loading ? (
      <Spinner label="Loading activity" />
    ) : (
      <p className="appkit-center appkit-muted">No activity yet</p>
    )
  return (
    <div>
      <ScrollList label="Activity">
        {list.transactions.map((transaction) => (
          <Entry key={transaction.id} transaction={transaction} now={now} />
        ))}
      </ScrollList>
      {list.loading && <Spinner label="Loading more activity" />}
      {!list.loading && list.next !== undefined && (
        <div className="appkit-actions" style={{ marginTop: 8 }}>
          <button type="button" className="appkit-button" data-variant="secondary" onClick={list.more}>
            Load more
          </button>
        </div>
      )}
    </div>
  )
}
