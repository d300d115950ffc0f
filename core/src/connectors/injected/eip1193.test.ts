import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseWalletChainId } from "./eip1193"

describe("parseWalletChainId", () => {
  it("reads hex (EIP-1193), decimal strings and numbers alike", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 50 }), (chainId) => {
        expect(parseWalletChainId(`0x${chainId.toString(16)}`)).toBe(chainId)
        expect(parseWalletChainId(`0x${chainId.toString(16).toUpperCase()}`)).toBe(chainId)
        expect(parseWalletChainId(String(chainId))).toBe(chainId)
        expect(parseWalletChainId(chainId)).toBe(chainId)
      }),
    )
  })

  it("never yields anything but a positive safe integer or undefined", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.object()), (value) => {
        const parsed = parseWalletChainId(value)
        expect(parsed === undefined || (Number.isSafeInteger(parsed) && parsed > 0)).toBe(true)
      }),
    )
    for (const bad of ["0x", "0x0", "1.5", "-1", "eip155:1", " 1", 0, -5, 1.5, Number.NaN, "0xzz"]) {
      expect(parseWalletChainId(bad)).toBeUndefined()
    }
  })
})
