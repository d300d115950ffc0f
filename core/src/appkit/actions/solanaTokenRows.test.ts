import { describe, expect, it } from "vitest"
import type { Token } from "../../domain/token"
import { networkId } from "../../testing/testkit"
import { splTokenRow, withNodeHoldings } from "./solanaTokenRows"

const chain = networkId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
const mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
const holding = (formatted: string, of = mint) =>
  splTokenRow(chain, {
    mint: of,
    programAddress: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
    amount: 0n,
    frozen: 0n,
    decimals: 6,
    formatted,
    tokenAccounts: [],
  })

describe("splTokenRow", () => {
  it("names the holding by its CAIP-10 mint, the mint shortened as its symbol, unpriced", () => {
    expect(holding("1.5")).toEqual({
      address: `${chain}:${mint}`,
      symbol: "EPjF…Dt1v",
      name: mint,
      chainId: chain,
      quantity: { decimals: "6", numeric: "1.5" },
      price: 0,
    })
  })

  it("tells the part in frozen token accounts, and says nothing of it when none is frozen", () => {
    const row = (frozen: bigint) =>
      splTokenRow(chain, {
        mint,
        programAddress: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        amount: 8_000_000n,
        frozen,
        decimals: 6,
        formatted: "8",
        tokenAccounts: [],
      }).quantity
    expect(row(3_000_000n)).toEqual({ decimals: "6", numeric: "8", frozen: "3" })
    expect(row(1n)).toEqual({ decimals: "6", numeric: "8", frozen: "0.000001" })
    expect(row(0n)).toEqual({ decimals: "6", numeric: "8" })
  })
})

describe("withNodeHoldings", () => {
  const sol: Token = { symbol: "SOL", price: 150, quantity: { decimals: "9", numeric: "2" } }
  const usdc: Token = {
    address: `${chain}:${mint}`,
    symbol: "USDC",
    name: "USD Coin",
    price: 1,
    value: 10,
    quantity: { decimals: "6", numeric: "10" },
  }

  it("takes the node's amount for a row the API listed, keeping its symbol and price", () => {
    expect(withNodeHoldings([sol, usdc], [holding("7.25")])).toEqual([
      sol,
      { ...usdc, quantity: { decimals: "6", numeric: "7.25" }, value: 7.25 },
    ])
  })

  it("adds a holding the API does not list after the rows, and leaves rows the node does not hold", () => {
    const other = holding("3", "So11111111111111111111111111111111111111112")
    expect(withNodeHoldings([sol, usdc], [other])).toEqual([sol, usdc, other])
    expect(withNodeHoldings([], [])).toEqual([])
  })

  it("drops a holding with 0 decimals (an NFT), as §5 drops such token balances", () => {
    const nft = splTokenRow(chain, {
      mint: "So11111111111111111111111111111111111111112",
      programAddress: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
      amount: 1n,
      frozen: 0n,
      decimals: 0,
      formatted: "1",
      tokenAccounts: [],
    })
    expect(withNodeHoldings([sol, usdc], [nft, holding("7.25")])).toEqual([
      sol,
      { ...usdc, quantity: { decimals: "6", numeric: "7.25" }, value: 7.25 },
    ])
  })
})
