import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { bitcoinScriptPubKey, decodeBitcoinAddress } from "../../../validation/address/bitcoin"
import { dustLimit } from "./dust"

const scriptOf = (address: string) => bitcoinScriptPubKey(Result.getOrThrow(decodeBitcoinAddress(address)))

describe("dustLimit", () => {
  it("is Bitcoin Core's threshold for each address type", () => {
    expect(dustLimit(scriptOf("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"))).toBe(294n)
    expect(dustLimit(scriptOf("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"))).toBe(330n)
    expect(dustLimit(scriptOf("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"))).toBe(330n)
    expect(dustLimit(scriptOf("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"))).toBe(546n)
    expect(dustLimit(scriptOf("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"))).toBe(540n)
  })

  it("puts no limit on an OP_RETURN output, which is never spent", () => {
    expect(dustLimit(Uint8Array.of(0x6a, 0x04, 1, 2, 3, 4))).toBe(0n)
  })
})
