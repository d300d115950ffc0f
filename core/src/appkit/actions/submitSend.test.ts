import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { type Anvil, createDevEip1193Provider, startAnvil } from "@appkit/fixtures"
import { Effect, Scope } from "effect"
import { createClient, getAddress, http, parseEther, toHex } from "viem"
import { getBalance, getGasPrice } from "viem/actions"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { makeInjectedConnector } from "../../connectors/injected/InjectedConnector"
import { initialSendState } from "../../state/Send"
import { createAppKit } from "../createAppKit"

const info = {
  uuid: "5e4d",
  name: "Dev Wallet",
  icon: "data:image/svg+xml;base64,PHN2Zy8+",
  rdns: "dev.appkit.wallet",
}

describe("submitSend and the node balance, on anvil through the dev wallet", () => {
  let anvil: Anvil
  const scope = Effect.runSync(Scope.make())
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
  })
  afterAll(async () => {
    await Effect.runPromise(Scope.close(scope, Effect.void as never))
    await anvil.stop()
  })

  const setUp = async (approve?: (request: { method: string }) => boolean, rpcUrl = anvil.rpcUrl) => {
    const wallet = createDevEip1193Provider({
      privateKeys: anvil.accounts.map((account) => account.privateKey),
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      ...(approve ? { approve } : {}),
    })
    const connector = await Effect.runPromise(Scope.provide(makeInjectedConnector(wallet, info), scope))
    const appKit = createAppKit({
      projectId: "p",
      networks: [
        {
          id: anvil.chainId,
          chainNamespace: "eip155",
          caipNetworkId: `eip155:${anvil.chainId}`,
          name: "Anvil",
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl] } },
        },
      ],
      connectors: [connector],
      reconnect: false,
    })
    await appKit.connect(connector.id)
    return appKit
  }
  const node = () => createClient({ transport: http(anvil.rpcUrl) })
  const receiver = () => getAddress(anvil.accounts[1]?.address as string)
  const native = { symbol: "ETH", quantity: { decimals: "18", numeric: "10000" }, price: 0 }

  it("sends 0.1 ETH, shows it pending then confirmed in activity, resets the form and reads the node balance", async () => {
    const appKit = await setUp()
    await appKit.refreshBalance()
    const account = appKit.getState().account.byNamespace.eip155
    expect(account?.balance).toBe("10000")
    expect(account?.tokenBalance[0]).toMatchObject({ symbol: "ETH", quantity: { numeric: "10000" } })

    const before = await getBalance(node(), { address: receiver() })
    await appKit.updateSend({ token: native, sendTokenAmount: "0.1", receiverAddress: receiver() })
    const outcome = await appKit.submitSend()
    expect(outcome.status).toBe("confirmed")
    expect((await getBalance(node(), { address: receiver() })) - before).toBe(parseEther("0.1"))
    const state = appKit.getState()
    expect(state.transactions.transactions[0]).toMatchObject({
      id: outcome.hash,
      metadata: { status: "confirmed", operationType: "send", sentTo: receiver() },
      transfers: [{ direction: "out", quantity: { numeric: "0.1" }, fungible_info: { symbol: "ETH" } }],
    })
    // The form is back to its initial, empty state.
    expect(state.send).toEqual(initialSendState)
    // 0.1 ETH and the gas are gone from the sender, as the node says.
    expect(Number(state.account.byNamespace.eip155?.balance)).toBeLessThan(9999.9)
    await appKit.dispose()
  })

  it("sends once when the form is submitted twice at once (a double click): the second is refused", async () => {
    const appKit = await setUp()
    const before = await getBalance(node(), { address: receiver() })
    await appKit.updateSend({ token: native, sendTokenAmount: "0.1", receiverAddress: receiver() })
    const [first, second] = await Promise.allSettled([appKit.submitSend(), appKit.submitSend()])
    expect(first).toMatchObject({ status: "fulfilled", value: { status: "confirmed" } })
    expect(second).toMatchObject({
      status: "rejected",
      reason: { _tag: "SendInProgressError", message: "A send is already under way" },
    })
    expect((await getBalance(node(), { address: receiver() })) - before).toBe(parseEther("0.1"))
    expect(appKit.getState().send.loading).toBe(false)
    await appKit.dispose()
  })

  it("refuses the form with the §5 messages before the wallet sees anything", async () => {
    const appKit = await setUp()
    await expect(appKit.submitSend()).rejects.toMatchObject({
      message: "An amount and receiver address are required",
    })
    await appKit.updateSend({ sendTokenAmount: "0.1", receiverAddress: receiver() })
    await expect(appKit.submitSend()).rejects.toMatchObject({ message: "A token is required" })
    // One digit more than the token has is refused, never rounded.
    await appKit.updateSend({
      token: { ...native, quantity: { decimals: "2", numeric: "1" } },
      sendTokenAmount: "0.001",
    })
    await expect(appKit.submitSend()).rejects.toMatchObject({ _tag: "AmountPrecisionError" })
    // Zero is no amount; one wei beyond the account's 10000 ETH is more than it holds.
    await appKit.updateSend({ token: native, sendTokenAmount: "0.0" })
    await expect(appKit.validateSend()).rejects.toMatchObject({
      message: "An amount and receiver address are required",
    })
    await appKit.updateSend({ sendTokenAmount: "10000.000000000000000001" })
    await expect(appKit.submitSend()).rejects.toMatchObject({ _tag: "InsufficientBalanceError" })
    expect(appKit.getState().transactions.transactions).toEqual([])
    await appKit.dispose()
  })

  it("a refusal in the wallet shows 'Signature declined', records nothing and leaves the form as typed", async () => {
    const appKit = await setUp((request) => request.method !== "eth_sendTransaction")
    await appKit.updateSend({ token: native, sendTokenAmount: "0.1", receiverAddress: receiver() })
    await expect(appKit.submitSend()).rejects.toMatchObject({ code: 4001 })
    const state = appKit.getState()
    expect(state.toast).toMatchObject({ open: true, message: "Signature declined" })
    expect(state.transactions.transactions).toEqual([])
    expect(state.send).toMatchObject({ sendTokenAmount: "0.1", loading: false })
    await appKit.dispose()
  })
  describe("the form's Max", () => {
    const sender = () => getAddress(anvil.accounts[0]?.address as string)
    const fund = (wei: bigint) =>
      node().request({ method: "anvil_setBalance", params: [sender(), toHex(wei)] } as never)
    /** The connected app, its send form on the native row the node's balance gives (as the Tokens tab shows it). */
    const withNodeBalance = async (wei: bigint, rpcUrl = anvil.rpcUrl) => {
      await fund(wei)
      const appKit = await setUp(undefined, rpcUrl)
      await appKit.refreshBalance()
      const row = appKit.getState().account.byNamespace.eip155?.tokenBalance[0]
      await appKit.updateSend({ token: row, receiverAddress: receiver() })
      return appKit
    }
    const transferFee = async () => 21_000n * (await getGasPrice(node()))
    afterEach(() => fund(parseEther("10000")))

    it("on ETH leaves the network fee: the send of it confirms and empties the account, never below 0", async () => {
      const appKit = await withNodeBalance(parseEther("1"))
      const fee = await transferFee()
      const max = await appKit.setSendMax()
      expect(max).toBe(appKit.getState().send.sendTokenAmount)
      expect(parseEther(max)).toBe(parseEther("1") - fee)
      expect((await appKit.submitSend()).status).toBe("confirmed")
      const left = await getBalance(node(), { address: sender() })
      expect(left).toBeGreaterThanOrEqual(0n)
      expect(left).toBeLessThan(fee)
      await appKit.dispose()
    })

    it("with no more ETH than the fee is 0 and says the fee is not covered; one wei more is 1 wei", async () => {
      const fee = await transferFee()
      const appKit = await withNodeBalance(fee)
      await expect(appKit.setSendMax()).rejects.toMatchObject({
        _tag: "FeeExceedsBalanceError",
        message: expect.stringMatching(/^Insufficient funds for the network fee: .+ ETH needed$/),
      })
      expect(appKit.getState().send.sendTokenAmount).toBe("0")
      await appKit.dispose()
      const richer = await withNodeBalance(fee + 1n)
      expect(await richer.setSendMax()).toBe("0.000000000000000001")
      await richer.dispose()
    })

    it("leaves the form alone when the token changes while the fee is read (Max clicked, then another token)", async () => {
      // The app's node: anvil behind a proxy that holds eth_estimateGas until the test lets it through.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let estimating = () => {}
      const asked = new Promise<void>((resolve) => {
        estimating = resolve
      })
      const proxy = createServer(async (request, response) => {
        const chunks: Array<Buffer> = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        const body = Buffer.concat(chunks).toString()
        if (body.includes("eth_estimateGas")) {
          estimating()
          await held
        }
        const answer = await fetch(anvil.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        })
        response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text())
      })
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
      const { port } = proxy.address() as AddressInfo
      const appKit = await withNodeBalance(parseEther("1"), `http://127.0.0.1:${port}`)
      try {
        const token = {
          symbol: "TKA",
          address: `eip155:${anvil.chainId}:0x00000000000000000000000000000000000000aa`,
          quantity: { decimals: "18", numeric: "12.5" },
          price: 0,
        }
        const max = appKit.setSendMax()
        await asked
        await appKit.updateSend({ token, sendTokenAmount: "3" })
        release()
        await max.catch(() => undefined)
        expect(appKit.getState().send).toMatchObject({ token, sendTokenAmount: "3" })
      } finally {
        release()
        await appKit.dispose()
        await new Promise((resolve) => proxy.close(resolve))
      }
    })

    it("on a token (ERC-20) is its whole balance: its fee is paid in ETH", async () => {
      const appKit = await setUp()
      await appKit.updateSend({
        token: {
          symbol: "TKA",
          address: `eip155:${anvil.chainId}:0x00000000000000000000000000000000000000aa`,
          quantity: { decimals: "18", numeric: "12.5" },
          price: 0,
        },
      })
      expect(await appKit.setSendMax()).toBe("12.5")
      expect(appKit.getState().send.sendTokenAmount).toBe("12.5")
      await appKit.dispose()
    })

    it("on a token with a frozen part (Solana) is what the send can spend: the balance less the frozen part", async () => {
      const appKit = await setUp()
      const token = {
        symbol: "TKN",
        address: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        quantity: { decimals: "6", numeric: "8.5", frozen: "3.000001" },
        price: 0,
      }
      await appKit.updateSend({ token })
      expect(await appKit.setSendMax()).toBe("5.499999")
      expect(appKit.getState().send.sendTokenAmount).toBe("5.499999")
      await appKit.updateSend({ token: { ...token, quantity: { ...token.quantity, frozen: "8.5" } } })
      expect(await appKit.setSendMax()).toBe("0")
      await appKit.dispose()
    })
  })
})
