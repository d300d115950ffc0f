import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseChainId } from "./caip"
import { checkChainReference } from "./caipProfiles"

const check = (input: string) => Result.flatMap(parseChainId(input), checkChainReference)
const isValid = (input: string) => Result.isSuccess(check(input))

describe("checkChainReference", () => {
  it("holds eip155 to a decimal chain id without leading zeros", () => {
    for (const good of ["eip155:1", "eip155:0", "eip155:31337", "eip155:1313161554"])
      expect(isValid(good)).toBe(true)
    for (const bad of ["eip155:abc", "eip155:-1", "eip155:01x", "eip155:01", "eip155:0x1", "eip155:1a"])
      expect(isValid(bad)).toBe(false)
    const refused = check("eip155:abc")
    expect(Result.isFailure(refused) && refused.failure).toMatchObject({
      message:
        "Invalid eip155 chain id 'eip155:abc': the reference must be a decimal chain id without leading zeros",
    })
  })

  it("holds bip122 and polkadot to 32 lowercase hex, solana to 32 base58, right at the edges", () => {
    expect(isValid("bip122:000000000019d6689c085ae165831e93")).toBe(true)
    expect(isValid("bip122:000000000019d6689c085ae165831e9")).toBe(false) // 31
    expect(isValid("bip122:000000000019d6689c085ae165831e93a")).toBe(false) // 33 is beyond the grammar too
    expect(isValid("bip122:000000000019D6689C085AE165831E93")).toBe(false)
    expect(isValid("polkadot:91b171bb158e2d3848fa23a9f1c25182")).toBe(true)
    expect(isValid("polkadot:91b171bb158e2d3848fa23a9f1c2518")).toBe(false)
    expect(isValid("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe(true)
    expect(isValid("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvd")).toBe(false) // 31
    expect(isValid("solana:0eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe(false) // 0 is not base58
    expect(isValid("cosmos:cosmoshub-4")).toBe(true)
    expect(isValid("cosmos:cosmos_hub")).toBe(false)
  })

  it("leaves namespaces without a profile to the grammar", () => {
    expect(isValid("hedera:mainnet")).toBe(true)
    expect(isValid("tron:0x2b6653dc")).toBe(true)
  })

  it("accepts every eip155 chain id a number prints, and nothing with a leading zero", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 32n - 1n }), (id) => {
        expect(isValid(`eip155:${id}`)).toBe(true)
        expect(isValid(`eip155:0${id}`)).toBe(false)
      }),
    )
  })
})
