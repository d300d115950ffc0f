import { describe, expect, it } from "vitest"
import { chainRoute } from "./chainRoute"

describe("chainRoute", () => {
  it("sends solana chains to the Solana code and everything else a chain argument may be to the EVM code", () => {
    expect(chainRoute("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "send")).toBe("solana")
    expect(chainRoute("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "balance")).toBe("solana")
    for (const chain of [
      undefined,
      "eip155:1",
      "1",
      "mainnet",
      "solanа:x",
      "Solana:x",
      "foo:1",
      ":1",
      "solana",
    ])
      expect(chainRoute(chain, "send")).toBe("eip155")
  })

  it("answers 'Unsupported chain' for namespaces without balances or sends (§1), as the refused argument it is (exit 1)", () => {
    for (const chain of [
      "polkadot:91b171bb158e2d3848fa23a9f1c25182",
      "cosmos:cosmoshub-4",
      "bip122:000000000019d6689c085ae165831e93",
    ])
      for (const action of ["balance", "send"] as const)
        expect(() => chainRoute(chain, action)).toThrow(
          expect.objectContaining({
            code: "UnsupportedSendChainError",
            exitCode: 1,
            message: `--chain ${chain}: Unsupported chain`,
          }),
        )
  })
})
