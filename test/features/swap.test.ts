import { formatPriceImpact } from "@appkit/core"
import { BlockchainApi } from "@appkit/core/effect"
import { type DevEip1193Provider, factoryAbi, failedTransactionCause, pairAbi } from "@appkit/fixtures"
import { Effect } from "effect"
import {
  type Address,
  createClient,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  parseEther,
  parseUnits,
  toHex,
} from "viem"
import {
  getBalance,
  getGasPrice,
  getTransactionCount,
  readContract,
  waitForTransactionReceipt,
} from "viem/actions"
import { describe, expect, it } from "vitest"
import { runAgainst, succeed } from "../api/support"
import { runCli } from "../support/cli"
import { startApp, useSwapStack } from "./support"

// The swap flow as the core's Swap service will run it, end to end on the local stack: the core's Blockchain
// API client asks the fixture API, which answers from the Uniswap deployment on anvil; a dev wallet sends
// exactly the transactions it was given.
const stack = useSwapStack()
const CHAIN = "eip155:1"

/** The transaction the convert endpoints build, sent as an EIP-1193 wallet request; resolves with its outcome once mined. */
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
  // Waited for as a dApp does (bounded): a busy node may not have the receipt at the first ask.
  const node = createClient({ transport: http(stack().anvil.rpcUrl) })
  const receipt = await waitForTransactionReceipt(node, { hash, timeout: 15_000 })
  // A failure names its cause (out of gas, or the revert reason replayed at its block) in the assertion.
  return receipt.status === "success" ? "success" : `reverted: ${await failedTransactionCause(node, hash)}`
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

    expect(await sendThroughWallet(wallet, prepared.approve.tx)).toBe("success")
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
    expect(await sendThroughWallet(wallet, built.tx)).toBe("success")
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
      priceImpact: string | null
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
    // TKA $1, TKB $0.50: what the pool gives for 1.5 TKA against the 3 TKB those prices say.
    const marketUnits = parseUnits("3", 6)
    const impact = 1 - Number(BigInt(quoted.toAmountUnits)) / Number(marketUnits)
    expect(impact).toBeGreaterThan(0)
    expect(quoted.priceImpact).toBe(formatPriceImpact(impact))
  })

  it("appkit-cli swap --execute swaps 10 TKA → TKB with a local key: approve, swap, balances move by the quote", async () => {
    const { api, anvil } = stack()
    const account = anvil.accounts[3] as { address: string; privateKey: string }
    const user = account.address as Address
    const [tka, tkb] = stack().swap.tokens.map((token) => token.address as Address) as [Address, Address]
    const before = { tka: await tokenBalance(tka, user), tkb: await tokenBalance(tkb, user) }
    const env = {
      APPKIT_API_URL: api.url,
      APPKIT_PROJECT_ID: "test",
      APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
      APPKIT_RPC_URL: anvil.rpcUrl,
      APPKIT_PRIVATE_KEY: account.privateKey,
    }
    const args = ["swap", "--from", "TKA", "--to", "TKB", "--amount", "10", "--json"]

    // Without --execute: the quote only, nothing signed.
    const quoted = await runCli(args, { env })
    expect(quoted.stderr).toBe("")
    const quote = JSON.parse(quoted.stdout) as { executed: boolean; toAmountUnits: string }
    expect(quote.executed).toBe(false)
    expect(await tokenBalance(tka, user)).toBe(before.tka)

    const swapped = await runCli([...args, "--execute"], { env, timeoutMs: 60_000 })
    expect(swapped.stderr).toBe("")
    expect(swapped.code).toBe(0)
    const outcome = JSON.parse(swapped.stdout) as {
      executed: boolean
      approveHash: string | null
      swapHash: string
      toAmountUnits: string
      balances: { from: { units: string }; to: { units: string } }
    }
    // A fresh account has no allowance: the approval came first.
    expect(outcome.approveHash).toMatch(/^0x[0-9a-f]{64}$/)
    // The pool did not move between the two quotes, so the executed one equals the one shown first.
    expect(outcome.toAmountUnits).toBe(quote.toAmountUnits)
    const amount = parseUnits("10", 18)
    expect(await tokenBalance(tka, user)).toBe(before.tka - amount)
    expect(await tokenBalance(tkb, user)).toBe(before.tkb + BigInt(outcome.toAmountUnits))
    expect(outcome.balances).toMatchObject({
      from: { units: (before.tka - amount).toString() },
      to: { units: (before.tkb + BigInt(outcome.toAmountUnits)).toString() },
    })

    // The approval covers the amount now: a second swap sends no approval.
    const again = JSON.parse((await runCli([...args, "--execute"], { env, timeoutMs: 60_000 })).stdout)
    expect(again.approveHash).toBeNull()
  }, 120_000)

  it("appkit-cli swap refuses a chain without swaps with the §8 text, before any request", async () => {
    const { api, anvil } = stack()
    const result = await runCli(
      ["swap", "--from", "TKA", "--to", "TKB", "--amount", "10", "--chain", "eip155:31337"],
      {
        env: {
          APPKIT_API_URL: api.url,
          APPKIT_RPC_URL: anvil.rpcUrl,
          APPKIT_PRIVATE_KEY: anvil.accounts[3]?.privateKey as string,
        },
      },
    )
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "--chain: Network not supported for Swaps\n",
    })
  })

  it("appkit-cli swap refuses buying the token it sells (exit 1, naming --to), before a quote is asked", async () => {
    const { api, anvil } = stack()
    const result = await runCli(["swap", "--from", "TKA", "--to", "tka", "--amount", "10"], {
      env: {
        APPKIT_API_URL: api.url,
        APPKIT_PROJECT_ID: "test",
        APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
        APPKIT_RPC_URL: anvil.rpcUrl,
        APPKIT_PRIVATE_KEY: anvil.accounts[3]?.privateKey as string,
      },
    })
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "--to 'tka' is the token sold (--from 'TKA'): pick another token to buy\n",
    })
  })

  it("appkit-cli swap --execute of more than the key holds exits 1 before anything is sent", async () => {
    const { api, anvil } = stack()
    const user = anvil.accounts[3]?.address as Address
    const [tka] = stack().swap.tokens.map((token) => token.address as Address) as [Address]
    const held = await tokenBalance(tka, user)
    const tooMuch = formatUnits(held + 1n, 18)
    const node = createClient({ transport: http(anvil.rpcUrl) })
    const nonce = await getTransactionCount(node, { address: user })
    const result = await runCli(["swap", "--from", "TKA", "--to", "TKB", "--amount", tooMuch, "--execute"], {
      env: {
        APPKIT_API_URL: api.url,
        APPKIT_PROJECT_ID: "test",
        APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
        APPKIT_RPC_URL: anvil.rpcUrl,
        APPKIT_PRIVATE_KEY: anvil.accounts[3]?.privateKey as string,
      },
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `Insufficient funds: ${tooMuch} TKA is more than the ${formatUnits(held, 18)} TKA held\n`,
    )
    expect(await getTransactionCount(node, { address: user })).toBe(nonce)
  })

  it("appKit.quoteSwap → executeSwap through the connected wallet: approve, swap, both tokens' rows refreshed", async () => {
    const { api } = stack()
    const wallet = stack().wallet(2)
    const { appKit, connector, dispose } = await startApp(wallet, api.url)
    try {
      await appKit.connect(connector.id)
      const user = stack().anvil.accounts[2]?.address as Address
      const [tka, tkb] = stack().swap.tokens.map((token) => token.address as Address) as [Address, Address]
      // The Tokens tab shown before swapping: its rows come from the API and are cached for 30 s.
      await appKit.refreshBalance("eip155")
      const before = { tka: await tokenBalance(tka, user), tkb: await tokenBalance(tkb, user) }
      const quote = await appKit.quoteSwap({ from: "TKA", to: "TKB", amount: "10" })
      expect(appKit.getState().swap).toMatchObject({
        status: "quoted",
        quote: { toAmountUnits: quote.toAmountUnits },
      })
      const outcome = await appKit.executeSwap()
      expect(outcome.approveHash).toBeDefined()
      expect(appKit.getState().swap.status).toBe("swapped")
      expect(await tokenBalance(tka, user)).toBe(before.tka - parseUnits("10", 18))
      expect(await tokenBalance(tkb, user)).toBe(before.tkb + quote.toAmountUnits)
      // The account's token list was read again from the API after the receipt, past the 30 s caches.
      const tokens = appKit.getState().account.byNamespace.eip155?.tokenBalance ?? []
      expect(tokens.find((token) => token.symbol === "TKA")?.quantity.numeric).toBe(
        formatUnits(before.tka - parseUnits("10", 18), 18),
      )
      expect(tokens.find((token) => token.symbol === "TKB")?.quantity.numeric).toBe(
        formatUnits(before.tkb + quote.toAmountUnits, 6),
      )
    } finally {
      await dispose()
    }
  }, 60_000)

  it("a token sent from a loaded token list shows its new amount after the send (not the 30 s cached one)", async () => {
    const { api } = stack()
    const wallet = stack().wallet(2)
    const { appKit, connector, dispose } = await startApp(wallet, api.url)
    try {
      await appKit.connect(connector.id)
      const user = stack().anvil.accounts[2]?.address as Address
      const receiver = "0x000000000000000000000000000000000000dEaD"
      const [tka] = stack().swap.tokens.map((token) => token.address as Address) as [Address]
      await appKit.refreshBalance("eip155")
      const row = () =>
        appKit.getState().account.byNamespace.eip155?.tokenBalance.find((token) => token.symbol === "TKA")
      const token = row()
      if (token === undefined) throw new Error("no TKA row")
      const before = await tokenBalance(tka, user)
      await appKit.updateSend({ token, receiverAddress: receiver, sendTokenAmount: "10" })
      expect(await appKit.submitSend()).toMatchObject({ status: "confirmed" })
      expect(await tokenBalance(tka, user)).toBe(before - parseUnits("10", 18))
      expect(row()?.quantity.numeric).toBe(formatUnits(before - parseUnits("10", 18), 18))
    } finally {
      await dispose()
    }
  }, 60_000)

  it("appKit.executeSwap of more than the account holds is refused before the wallet is asked for anything", async () => {
    const { api, anvil } = stack()
    const wallet = stack().wallet(2)
    const { appKit, connector, dispose } = await startApp(wallet, api.url)
    try {
      await appKit.connect(connector.id)
      await appKit.refreshBalance("eip155")
      const user = anvil.accounts[2]?.address as Address
      const [tka] = stack().swap.tokens.map((token) => token.address as Address) as [Address]
      const held = await tokenBalance(tka, user)
      const tooMuch = formatUnits(held + 1n, 18)
      const tokens = appKit.getState().account.byNamespace.eip155?.tokenBalance ?? []
      expect(tokens.find((token) => token.symbol === "TKA")?.quantity.numeric).toBe(formatUnits(held, 18))
      const node = createClient({ transport: http(anvil.rpcUrl) })
      const nonce = await getTransactionCount(node, { address: user })
      await appKit.quoteSwap({ from: "TKA", to: "TKB", amount: tooMuch })
      await expect(appKit.executeSwap()).rejects.toMatchObject({
        _tag: "InsufficientBalanceError",
        message: `Insufficient funds: ${tooMuch} TKA is more than the ${formatUnits(held, 18)} TKA held`,
      })
      // No approval, no swap: nothing was sent.
      expect(await getTransactionCount(node, { address: user })).toBe(nonce)
    } finally {
      await dispose()
    }
  }, 60_000)

  it("appKit.executeSwap twice at once (a double click) swaps once: the second is refused", async () => {
    const { api } = stack()
    const wallet = stack().wallet(2)
    const { appKit, connector, dispose } = await startApp(wallet, api.url)
    try {
      await appKit.connect(connector.id)
      const user = stack().anvil.accounts[2]?.address as Address
      const [tka] = stack().swap.tokens.map((token) => token.address as Address) as [Address]
      const before = await tokenBalance(tka, user)
      await appKit.quoteSwap({ from: "TKA", to: "TKB", amount: "1" })
      const first = appKit.executeSwap()
      const second = await appKit.executeSwap().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(second).toMatchObject({ _tag: "SwapInProgressError", message: "A swap is already under way" })
      // The refusal is the second click's: the swap under way still shows its own progress.
      expect(appKit.getState().swap).toMatchObject({ error: undefined })
      expect(appKit.getState().swap.status).not.toBe("error")
      await first
      expect(await tokenBalance(tka, user)).toBe(before - parseUnits("1", 18))
      expect(appKit.getState().swap.status).toBe("swapped")
    } finally {
      await dispose()
    }
  }, 60_000)

  it("appKit.executeSwap before any quote is refused with SwapNotReadyError, nothing sent", async () => {
    const { api } = stack()
    const { appKit, connector, dispose } = await startApp(stack().wallet(2), api.url)
    try {
      await appKit.connect(connector.id)
      await expect(appKit.executeSwap()).rejects.toMatchObject({ _tag: "SwapNotReadyError" })
      expect(appKit.getState().swap).toMatchObject({
        status: "error",
        error: "No swap quote to execute: ask for a quote first",
      })
    } finally {
      await dispose()
    }
  })

  describe("Max on the native coin (ETH → TKA)", () => {
    const node = () => createClient({ transport: http(stack().anvil.rpcUrl) })
    const user = () => stack().anvil.accounts[3]?.address as Address
    const fund = (wei: bigint) =>
      node().request({ method: "anvil_setBalance", params: [user(), toHex(wei)] } as never)
    /** The fee the node asks up front for the swap of `held`: the gas limit the API builds it with × the node's gas price. */
    const swapFee = async (held: bigint) => {
      const { api } = stack()
      const built = await succeed(
        runAgainst(
          api,
          BlockchainApi.use((blockchain) =>
            Effect.gen(function* () {
              const { tokens } = yield* blockchain.swapTokens({ chainId: CHAIN })
              const address = (symbol: string) =>
                tokens.find((token) => token.symbol === symbol)?.address ?? ""
              return yield* blockchain.buildTransaction({
                chainId: CHAIN,
                amount: held.toString(),
                from: address("ETH"),
                to: address("TKA"),
                userAddress: user(),
                slippage: 1,
              })
            }),
          ),
        ),
      )
      return BigInt(built.tx.eip155.gas) * (await getGasPrice(node()))
    }
    const withBalance = async (wei: bigint) => {
      await fund(wei)
      const started = await startApp(stack().wallet(3), stack().api.url)
      await started.appKit.connect(started.connector.id)
      await started.appKit.refreshBalance("eip155")
      return started
    }

    it("leaves the swap's fee and no more: the Max swap confirms and sells all but what the gas did not use", async () => {
      const { appKit, dispose } = await withBalance(parseEther("1"))
      try {
        const max = parseEther(await appKit.swapMax({ from: "ETH", to: "TKA" }))
        const reserved = parseEther("1") - max
        // It covers the fee of the swap of that amount, with at most a few calldata bytes' gas to spare.
        const fee = await swapFee(max)
        expect(reserved).toBeGreaterThanOrEqual(fee)
        expect(reserved - fee).toBeLessThanOrEqual(100n * (await getGasPrice(node())))
        await appKit.quoteSwap({ from: "ETH", to: "TKA", amount: formatUnits(max, 18) })
        expect((await appKit.executeSwap()).swapHash).toMatch(/^0x/)
        expect(appKit.getState().swap.status).toBe("swapped")
        const left = await getBalance(node(), { address: user() })
        expect(left).toBeGreaterThanOrEqual(0n)
        expect(left).toBeLessThan(reserved)
      } finally {
        await dispose()
        await fund(parseEther("10000"))
      }
    }, 60_000)

    it("with no more ETH than the fee of swapping it is 0 and says the fee is not covered", async () => {
      // A balance exactly the fee of swapping all of it (the fee varies a little with the amount's calldata).
      let fee = await swapFee(parseEther("1"))
      for (let round = 0; round < 5 && (await swapFee(fee)) !== fee; round++) fee = await swapFee(fee)
      expect(await swapFee(fee)).toBe(fee)
      const { appKit, dispose } = await withBalance(fee)
      try {
        await expect(appKit.swapMax({ from: "ETH", to: "TKA" })).rejects.toMatchObject({
          _tag: "FeeExceedsBalanceError",
          message: expect.stringMatching(/^Insufficient funds for the network fee: .+ ETH needed$/),
        })
      } finally {
        await dispose()
        await fund(parseEther("10000"))
      }
    }, 60_000)

    it("on a token is its whole balance row: its fee is paid in ETH", async () => {
      const { appKit, dispose } = await withBalance(parseEther("10000"))
      try {
        const [tka] = stack().swap.tokens.map((token) => token.address as Address) as [Address]
        expect(await appKit.swapMax({ from: "TKA", to: "ETH" })).toBe(
          formatUnits(await tokenBalance(tka, user()), 18),
        )
      } finally {
        await dispose()
      }
    }, 60_000)
  })
})
