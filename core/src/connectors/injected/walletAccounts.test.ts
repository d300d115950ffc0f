import { describe, expect, it } from "vitest"
import { parseWalletAccounts } from "./walletAccounts"

describe("parseWalletAccounts", () => {
  it("keeps 0x addresses in order, EIP-55 checksummed, and drops everything else", () => {
    const a = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
    const b = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    expect(parseWalletAccounts([a, "nope", 7, b.toLowerCase(), `${a}00`, a.slice(2)])).toEqual([a, b])
    expect(parseWalletAccounts([a.toUpperCase().replace("0X", "0x"), `0X${a.slice(2)}`])).toEqual([a])
    expect(parseWalletAccounts("0xabc")).toEqual([])
    expect(parseWalletAccounts(undefined)).toEqual([])
  })
})
