import { deterministicKeypair } from "@appkit/fixtures"
import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { useSolanaDevnet } from "../../testing/solanaDevnet.testSupport"
import { parseUnits } from "../../validation/amount"
import { getSolBalance, solBalance } from "./balance"
import { getSplTokenBalances } from "./tokenBalances"

const solana = useSolanaDevnet()

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect))
const alice = () => solana.address(0)

describe("Solana balances", () => {
  it("formats lamports exactly as SOL (1e9 per SOL), and the text parses back to the same lamports", () => {
    expect(solBalance(1_500_000_000n)).toEqual({
      lamports: 1_500_000_000n,
      sol: "1.5",
      symbol: "SOL",
      decimals: 9,
    })
    expect(solBalance(1n).sol).toBe("0.000000001")
    expect(solBalance(0n).sol).toBe("0")
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (lamports) => {
        expect(Result.getOrThrow(parseUnits(solBalance(lamports).sol, 9))).toBe(lamports)
      }),
    )
  })

  it("reads a native balance from the node, and refuses an address that is not Solana's", async () => {
    expect(await run(getSolBalance(solana.rpc(), alice()))).toMatchObject({
      lamports: 1000n * 10n ** 9n,
      sol: "1000",
    })
    expect(await flip(getSolBalance(solana.rpc(), "0xabc"))).toMatchObject({
      _tag: "InvalidAddress",
      namespace: "solana",
    })
  })

  it("lists SPL Token and Token-2022 holdings per mint, and nothing for a fresh owner", async () => {
    const balances = await run(getSplTokenBalances(solana.rpc(), alice()))
    expect(
      balances.map(({ mint, programAddress, amount, decimals, formatted }) => ({
        mint,
        programAddress,
        amount,
        decimals,
        formatted,
      })),
    ).toEqual([
      {
        mint: solana.devnet().mint.address,
        programAddress: solana.devnet().mint.programAddress,
        amount: 10n ** 12n,
        decimals: 6,
        formatted: "1000000",
      },
      {
        mint: solana.devnet().token2022Mint.address,
        programAddress: solana.devnet().token2022Mint.programAddress,
        amount: 10n ** 12n,
        decimals: 6,
        formatted: "1000000",
      },
    ])
    expect(await run(getSplTokenBalances(solana.rpc(), deterministicKeypair("nobody").address))).toEqual([])
  })
})
