import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { SwapQuoteInput } from "./swap"

const quote = {
  amount: "1000000000000000000",
  userAddress: "eip155:1:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  from: "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
  to: "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  gasPrice: "24000000000",
}

describe("SwapQuoteInput", () => {
  schemaCases(SwapQuoteInput, {
    valid: [["1 ETH to USDC on mainnet", quote]],
    invalid: [
      ["a decimal amount (base units expected)", { ...quote, amount: "1.5" }],
      ["a bare token address", { ...quote, to: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" }],
      ["a numeric gas price", { ...quote, gasPrice: 24000000000 }],
    ],
  })
})
