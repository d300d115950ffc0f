import { collectedNfts } from "@appkit/core"
import { useMemo } from "react"
import { AppKitImage } from "../image/Image"
import { ScrollList, Spinner } from "../modal/parts"
import { useTransactions } from "./useTransactions"

/** The NFTs the account received, from the core's activity list (spam never shown). */
export default function NftsTab() {
  const list = useTransactions()
  const nfts = useMemo(() => collectedNfts(list.transactions), [list.transactions])
  if (nfts.length === 0)
    return list.loading ? (
      <Spinner label="Loading NFTs" />
    ) : (
      <p className="appkit-center appkit-muted">No NFTs yet</p>
    )
  return (
    <ScrollList label="NFTs">
      {nfts.map((nft) => (
        <li key={nft.id} className="appkit-row">
          <AppKitImage src={nft.imageUrl} alt={nft.name} size={48} shape="square" decorative />
          <span className="appkit-row-main">
            <span>{nft.name}</span>
            {nft.chain !== undefined && <span className="appkit-muted">{nft.chain}</span>}
          </span>
        </li>
      ))}
    </ScrollList>
  )
}
