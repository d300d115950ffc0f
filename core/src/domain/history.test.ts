import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { TransactionHistoryEntry } from "./history"

const receive = {
  id: "0x8fa3c1e4d2b6a7f9e0c1d2b3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d9c0b1a2f3:0",
  metadata: {
    operationType: "receive",
    hash: "0x8fa3c1e4d2b6a7f9e0c1d2b3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d9c0b1a2f3",
    minedAt: "2024-05-02T10:15:00Z",
    sentFrom: "0x4bbd3bD5E07AF2a5FbbfAa2f1e3B0f9bB27C0a9E",
    sentTo: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
    status: "confirmed",
    nonce: 14,
    chain: "eip155:8453",
  },
  transfers: [
    {
      fungible_info: { name: "USD Coin", symbol: "USDC", icon: { url: "https://cdn.example.com/usdc.png" } },
      direction: "in",
      quantity: { numeric: "25.5" },
      value: 25.49,
      price: 0.9998,
    },
  ],
}
const spamNft = {
  nft_info: {
    name: "Claim your reward",
    content: { preview: { url: "https://spam.example/x.png" } },
    flags: { is_spam: true },
  },
  direction: "in",
  quantity: { numeric: "1" },
}

describe("TransactionHistoryEntry", () => {
  schemaCases(TransactionHistoryEntry, {
    valid: [
      ["a token receive", receive],
      [
        "a spam NFT mint (filtered later, still decodable)",
        { ...receive, metadata: { ...receive.metadata, operationType: "mint" }, transfers: [spamNft] },
      ],
      [
        "a fiat purchase in progress",
        {
          ...receive,
          metadata: {
            ...receive.metadata,
            operationType: "buy",
            status: "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS",
          },
        },
      ],
    ],
    invalid: [
      ["an unknown operation", { ...receive, metadata: { ...receive.metadata, operationType: "teleport" } }],
      ["a status outside the list", { ...receive, metadata: { ...receive.metadata, status: "done" } }],
      [
        "minedAt without a time zone",
        { ...receive, metadata: { ...receive.metadata, minedAt: "2024-05-02 10:15" } },
      ],
      [
        "a float quantity",
        { ...receive, transfers: [{ ...receive.transfers[0], quantity: { numeric: 25.5 } }] },
      ],
      ["an unknown direction", { ...receive, transfers: [{ ...spamNft, direction: "sideways" }] }],
    ],
  })
})
