import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { SendState } from "./send"

const usdc = { symbol: "USDC", price: 1, quantity: { decimals: "6", numeric: "250" } }

describe("SendState", () => {
  schemaCases(SendState, {
    valid: [
      ["an empty form", { tokenBalances: [], loading: false }],
      ["an amount still being typed", { tokenBalances: [], loading: false, sendTokenAmount: "12," }],
      [
        "a filled form",
        {
          token: usdc,
          sendTokenAmount: "12.5",
          receiverAddress: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
          receiverProfileName: "vitalik.reown.id",
          receiverProfileImageUrl: "https://euc.li/vitalik.eth",
          networkBalanceInUSD: "3.2041",
          tokenBalances: [usdc],
          loading: true,
        },
      ],
    ],
    invalid: [
      ["a numeric amount", { tokenBalances: [], loading: false, sendTokenAmount: 12.5 }],
      ["a USD balance with a comma", { tokenBalances: [], loading: false, networkBalanceInUSD: "3,2" }],
      ["no loading flag", { tokenBalances: [] }],
    ],
  })
})
