import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parseChainId } from "../../domain/caip"
import { SolanaClusters, solanaChainMap } from "./clusters"

describe("Solana clusters", () => {
  it("are CAIP-2 ids with a 32-character genesis-hash reference", () => {
    for (const id of Object.values(SolanaClusters)) {
      const parsed = Result.getOrThrow(parseChainId(id))
      expect(parsed.namespace).toBe("solana")
      expect(parsed.reference).toHaveLength(32)
    }
  })

  it("map Wallet Standard names to CAIP-2 ids and back; the local one only when the app names it", () => {
    const local = "solana:F7RpanAbV2JJsTC2h5A1Ecfyn1UB6VNx"
    const map = solanaChainMap(local)
    expect(map.toCaip("solana:mainnet")).toBe(SolanaClusters.mainnet)
    expect(map.toCaip("solana:localnet")).toBe(local)
    expect(map.toWallet(SolanaClusters.devnet)).toBe("solana:devnet")
    expect(map.toWallet(local)).toBe("solana:localnet")
    expect(map.toCaip(SolanaClusters.testnet)).toBe(SolanaClusters.testnet)
    expect(solanaChainMap().toCaip("solana:localnet")).toBeUndefined()
    expect(map.toCaip("solana:mainnet-beta")).toBeUndefined()
    expect(map.toWallet("eip155:1")).toBeUndefined()
  })
})
