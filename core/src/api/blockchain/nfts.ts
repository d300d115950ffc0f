import type { Transaction } from "./schemas"

/** One NFT the account received, as the NFTs tab shows it. */
export interface CollectedNft {
  readonly id: string
  readonly name: string
  readonly imageUrl: string | undefined
  readonly chain: string | undefined
}

/**
 * The NFTs tab's items from the activity list (§7 has no NFT endpoint): NFTs transferred in, newest first,
 * each once, spam excluded (the history client already drops spam transfers; this holds even without it).
 */
export const collectedNfts = (transactions: ReadonlyArray<Transaction>): ReadonlyArray<CollectedNft> => {
  const seen = new Set<string>()
  return transactions.flatMap((transaction) =>
    transaction.transfers.flatMap((transfer, index) => {
      const nft = transfer.nft_info
      if (nft === undefined || nft.flags.is_spam || transfer.direction !== "in") return []
      const name = nft.name ?? "Unnamed NFT"
      const key = `${transaction.metadata.chain ?? ""}:${name}:${nft.content?.preview?.url ?? ""}`
      if (seen.has(key)) return []
      seen.add(key)
      return [
        {
          id: `${transaction.id}:${index}`,
          name,
          imageUrl: nft.content?.preview?.url ?? undefined,
          chain: transaction.metadata.chain,
        },
      ]
    }),
  )
}
