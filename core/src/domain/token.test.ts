import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { Token } from "./token"

const usdc = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:8453",
  address: "eip155:8453:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  value: 12.34,
  price: 0.9998,
  quantity: { decimals: "6", numeric: "12.342468" },
  iconUrl: "https://cdn.example.com/usdc.png",
}

describe("Token", () => {
  schemaCases(Token, {
    valid: [
      ["an ERC-20 balance", usdc],
      [
        "a native token without an address",
        { symbol: "ETH", price: 3120.5, quantity: { decimals: "18", numeric: "0.000123456789" } },
      ],
    ],
    invalid: [
      ["a float quantity", { ...usdc, quantity: { decimals: "6", numeric: 12.34 } }],
      ["scientific notation", { ...usdc, quantity: { decimals: "6", numeric: "1e-7" } }],
      ["numeric decimals", { ...usdc, quantity: { decimals: 6, numeric: "1" } }],
      ["a negative price", { ...usdc, price: -1 }],
      ["a chain id that is not CAIP-2", { ...usdc, chainId: "8453" }],
    ],
  })
})
