import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { knownChainNames, resolveChainInput } from "./chainInput"

const caip2Of = (input: string, namespace?: "eip155") => {
  const resolved = resolveChainInput(input, { namespace })
  return Result.isSuccess(resolved) ? resolved.success.caip2 : resolved.failure.message
}

describe("resolveChainInput", () => {
  it("takes a CAIP-2 id, a decimal chain id or a known name", () => {
    expect(caip2Of("eip155:1")).toBe("eip155:1")
    expect(caip2Of("1")).toBe("eip155:1")
    expect(caip2Of("mainnet")).toBe("eip155:1")
    expect(caip2Of("Sepolia")).toBe("eip155:11155111")
    expect(caip2Of("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    expect(Result.getOrThrow(resolveChainInput("31337")).evmChainId).toBe(31337)
  })

  it("refuses what is none of them, with the reason", () => {
    expect(caip2Of("ethereum")).toMatch(
      /^Invalid chain 'ethereum': expected a CAIP-2 id \(eip155:1\), a decimal chain id \(1\) or a known name \(mainnet, sepolia/,
    )
    expect(caip2Of("01")).toBe(
      "Invalid chain '01': the reference must be a decimal chain id without leading zeros",
    )
    expect(caip2Of("eip155:abc")).toBe(
      "Invalid chain 'eip155:abc': the reference must be a decimal chain id without leading zeros",
    )
    expect(caip2Of("tron:0x2b6653dc")).toBe(
      "Invalid chain 'tron:0x2b6653dc': 'tron' is not one of eip155, solana, polkadot, bip122, cosmos",
    )
    expect(caip2Of("")).toMatch(/^Invalid chain '': expected a CAIP-2 id/)
    expect(caip2Of("9007199254740991")).toBe("eip155:9007199254740991")
    expect(caip2Of("9007199254740992")).toBe(
      "Invalid chain '9007199254740992': EVM chain ids above 2^53 - 1 are not supported",
    )
  })

  it("holds the chain to a namespace when asked", () => {
    expect(caip2Of("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "eip155")).toBe(
      "Invalid chain 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': expected an eip155 chain, got solana",
    )
    expect(caip2Of("base", "eip155")).toBe("eip155:8453")
  })

  it("every known name and every decimal id resolves to the eip155 chain it names", () => {
    for (const [name, id] of Object.entries(knownChainNames)) expect(caip2Of(name)).toBe(`eip155:${id}`)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(caip2Of(String(id))).toBe(`eip155:${id}`)
        expect(caip2Of(`eip155:${id}`)).toBe(`eip155:${id}`)
      }),
    )
  })

  it("never throws on any text", () => {
    fc.assert(fc.property(fc.string(), (input) => void resolveChainInput(input)))
  })
})
