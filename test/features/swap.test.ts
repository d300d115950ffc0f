import { BlockchainApi } from "@appkit/core/effect"
import { type DevEip1193Provider, factoryAbi, pairAbi } from "@appkit/fixtures"
import { Effect } from "effect"
import { type Address, createClient, erc20Abi, formatUnits, type Hex, http, parseUnits, toHex } from "viem"
import { readContract } from "viem/actions"
import { describe, expect, it } from "vitest"
import { runAgainst, succeed } from "../api/support"
import { runCli } from "../support/cli"
import { useSwapStack } from "./support"

// The swap flow as the core's Swap service will run it, end to end on the local stack: the core's Blockchain
// API client asks the fixture API, which answers from the Uniswap deployment on anvil; a dev wallet sends
// exactly the transactions it was given.
const stack = useSwapStack()
const CHAIN = "eip155:1"

/** The transaction the convert endpoints build, sent as an EIP-1193 wallet request; resolves once mined. */
const sendThroughWallet = async (
  wallet: DevEip1193Provider,
  tx: {
    from: string
    to: string
    data: string
    value?: string
    amount?: string
    eip155: { gas: string | number }
  },
) => {
  const hash = (await wallet.request({
    method: "eth_sendTransaction",
    params: [
      {
        from: tx.from,
        to: tx.to,
        data: tx.data,
        value: toHex(BigInt(tx.value ?? tx.amount ?? "0")),
        gas: toHex(BigInt(tx.eip155.gas)),
      },
    ],
  })) as Hex
  const receipt = (await wallet.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
    status: Hex
  }
  return receipt.status
}

describe("a swap on the local chain through the core's Blockchain API client", () => {
  const tokenBalance = (address: Address, owner: Address) =>
    readContract(createClient({ transport: http(stack().anvil.rpcUrl) }), {
      address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [owner],
    })

  it("swaps 10 TKA → TKB: allowance → approve → swap, and both balances move exactly by the quote", async () => {
    const { api, anvil } = stack()
    const user = anvil.accounts[1]?.address as Address
    const wallet = stack().wallet(1)
    await wallet.request({ method: "eth_requestAccounts" })
    const amount = parseUnits("10", 18)

    const prepared = await succeed(
      runAgainst(
        api,
        Effect.gen(function* () {
          const client = yield* BlockchainApi
          const { tokens } = yield* client.swapTokens({ chainId: CHAIN })
          const bySymbol = (symbol: string) => tokens.find((token) => token.symbol === symbol)
          const from = bySymbol("TKA")
          const to = bySymbol("TKB")
          if (!from || !to) return yield* Effect.die(new Error("the local tokens are not listed"))
          const gas = yield* client.gasPrice({ chainId: CHAIN })
          const { quotes } = yield* client.swapQuotes({
            chainId: CHAIN,
            amount: amount.toString(),
            userAddress: `${CHAIN}:${user}`,
            from: from.address,
            to: to.address,
            gasPrice: gas.standard,
          })
          const { allowance } = yield* client.allowance({
            chainId: CHAIN,
            tokenAddress: from.address,
            userAddress: user,
          })
          const approve = yield* client.buildApprove({
            chainId: CHAIN,
            userAddress: user,
            from: from.address,
            to: to.address,
          })
          return { from, to, quote: quotes[0], allowance, approve }
        }),
      ),
    )
    expect(prepared.allowance).toBe("0")
    expect(prepared.quote?.fromAmount).toBe(amount.toString())
    const [tka, tkb] = [
      prepared.from.address.split(":")[2] as Address,
      prepared.to.address.split(":")[2] as Address,
    ]

    // The quote is the pool's constant-product price with its 0.3 % fee, to the base unit.
    const client = createClient({ transport: http(anvil.rpcUrl) })
    const pair = await readContract(client, {
      address: stack().swap.factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [tka, tkb],
    })
    const [r0, r1] = await readContract(client, { address: pair, abi: pairAbi, functionName: "getReserves" })
    const tkaIsToken0 =
      (await readContract(client, { address: pair, abi: pairAbi, functionName: "token0" })).toLowerCase() ===
      tka.toLowerCase()
    const [reserveIn, reserveOut] = tkaIsToken0 ? [r0, r1] : [r1, r0]
    const expectedOut = (amount * 997n * reserveOut) / (reserveIn * 1000n + amount * 997n)
    expect(prepared.quote?.toAmount).toBe(expectedOut.toString())

    expect(await sendThroughWallet(wallet, prepared.approve.tx)).toBe("0x1")
    const before = { tka: await tokenBalance(tka, user), tkb: await tokenBalance(tkb, user) }
    const built = await succeed(
      runAgainst(
        api,
        BlockchainApi.use((blockchain) =>
          Effect.gen(function* () {
            const { allowance } = yield* blockchain.allowance({
              chainId: CHAIN,
              tokenAddress: prepared.from.address,
              userAddress: user,
            })
            expect(BigInt(allowance)).toBeGreaterThanOrEqual(amount)
            return yield* blockchain.buildTransaction({
              chainId: CHAIN,
              amount: amount.toString(),
              from: prepared.from.address,
              to: prepared.to.address,
              userAddress: user,
            })
          }),
        ),
      ),
    )
    expect(built.tx.to).toBe(stack().swap.router)
    expect(await sendThroughWallet(wallet, built.tx)).toBe("0x1")
    expect(await tokenBalance(tka, user)).toBe(before.tka - amount)
    expect(await tokenBalance(tkb, user)).toBe(before.tkb + expectedOut)

    // The portfolio the views refresh after the receipt reads the same numbers from the chain.
    const balances = await succeed(
      runAgainst(
        api,
        BlockchainApi.use((blockchain) => blockchain.balance({ address: user, chainId: CHAIN })),
      ),
    )
    expect(balances.find((entry) => entry.symbol === "TKA")?.quantity.numeric).toBe(
      formatUnits(before.tka - amount, 18),
    )
    expect(balances.find((entry) => entry.symbol === "TKB")?.quantity.numeric).toBe(
      formatUnits(before.tkb + expectedOut, 6),
    )
  })

  it("appkit-cli swap quote prices TKA → TKB on the local chain from the pool", async () => {
    const { api, anvil } = stack()
    const result = await runCli(
      [
        "swap",
        "quote",
        "--chain",
        CHAIN,
        "--from",
        "TKA",
        "--to",
        "tkb",
        "--amount",
        "1.5",
        "--address",
        anvil.accounts[2]?.address as string,
        "--json",
      ],
      {
        env: {
          APPKIT_API_URL: api.url,
          APPKIT_PROJECT_ID: "test",
          APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
        },
      },
    )
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const quoted = JSON.parse(result.stdout) as {
      fromAmountUnits: string
      toAmountUnits: string
      to: { symbol: string; decimals: number }
    }
    expect([quoted.fromAmountUnits, quoted.to.symbol, quoted.to.decimals]).toEqual([
      parseUnits("1.5", 18).toString(),
      "TKB",
      6,
    ])
    const onChain = await succeed(
      runAgainst(
        api,
        BlockchainApi.use((blockchain) =>
          blockchain.swapQuotes({
            chainId: CHAIN,
            amount: parseUnits("1.5", 18).toString(),
            userAddress: anvil.accounts[2]?.address as string,
            from: `${CHAIN}:${stack().swap.tokens[0]?.address}`,
            to: `${CHAIN}:${stack().swap.tokens[1]?.address}`,
            gasPrice: "1",
          }),
        ),
      ),
    )
    expect(quoted.toAmountUnits).toBe(onChain.quotes[0]?.toAmount)
  })
})
