import { describe, expect, it } from "vitest"
import type { SwapToken } from "../../api/blockchain/schemas"
import type { Token } from "../../domain/token"
import { withBalances } from "./swap"

const token = (symbol: string, contract: string): SwapToken => ({
  name: symbol,
  symbol,
  address: `eip155:1:${contract}`,
  decimals: 18,
  logoUri: "",
})
const eth = token("ETH", "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")
const tka = token("TKA", `0x${"a".repeat(40)}`)
const tkb = token("TKB", `0x${"b".repeat(40)}`)
const row = (symbol: string, numeric: string, address?: string): Token => ({
  symbol,
  price: 1,
  quantity: { decimals: "18", numeric },
  ...(address === undefined ? {} : { address }),
})

describe("withBalances", () => {
  it("gives each swap token the Tokens tab's balance, held ones first in the list's order", () => {
    const choices = withBalances(
      [eth, tka, tkb],
      // The balance API writes addresses checksummed; the swap list in lower case.
      [row("ETH", "1.5"), row("TKB", "20", `eip155:1:0x${"B".repeat(40)}`)],
    )
    expect(choices.map((choice) => [choice.token.symbol, choice.balance])).toEqual([
      ["ETH", "1.5"],
      ["TKB", "20"],
      ["TKA", "0"],
    ])
  })

  it("never takes the native row for a token, nor a token's row for the native coin", () => {
    const choices = withBalances([tka, eth], [row("TKA", "3", tka.address)])
    expect(choices.map((choice) => [choice.token.symbol, choice.balance])).toEqual([
      ["TKA", "3"],
      ["ETH", "0"],
    ])
    expect(withBalances([tka], [row("ETH", "2")])[0]?.balance).toBe("0")
  })
})
