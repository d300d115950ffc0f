import { describe, expect, it } from "vitest"
import { collectedNfts } from "./nfts"
import type { Transaction } from "./schemas"

const transaction = (id: string, transfers: Transaction["transfers"]): Transaction => ({
  id,
  metadata: {
    operationType: "receive",
    hash: `0x${id}`,
    minedAt: "2025-01-01T00:00:00Z",
    sentFrom: "0xa",
    sentTo: "0xb",
    status: "confirmed",
    nonce: 1,
    chain: "eip155:1",
  },
  transfers,
})
const nft = (name: string, isSpam: boolean, direction: "in" | "out" = "in") => ({
  nft_info: {
    name,
    content: { preview: { url: `http://127.0.0.1/${name}.png` } },
    flags: { is_spam: isSpam },
  },
  direction,
  quantity: { numeric: "1" },
})

describe("collectedNfts", () => {
  it("lists NFTs received, newest first, once each, without spam or NFTs sent away", () => {
    const list = collectedNfts([
      transaction("3", [nft("Punk", false), nft("Free mint!!", true)]),
      transaction("2", [nft("Ape", false, "out")]),
      transaction("1", [
        nft("Punk", false),
        { direction: "in", quantity: { numeric: "5" }, fungible_info: { symbol: "USDC" } },
      ]),
    ])
    expect(list).toEqual([
      { id: "3:0", name: "Punk", imageUrl: "http://127.0.0.1/Punk.png", chain: "eip155:1" },
    ])
  })

  it("names an NFT without a name and keeps one without a preview", () => {
    const list = collectedNfts([
      transaction("1", [
        {
          nft_info: { content: null, flags: { is_spam: false } },
          direction: "in",
          quantity: { numeric: "1" },
        },
      ]),
    ])
    expect(list).toEqual([{ id: "1:0", name: "Unnamed NFT", imageUrl: undefined, chain: "eip155:1" }])
  })
})
