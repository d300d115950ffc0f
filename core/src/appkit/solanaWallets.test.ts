import { createDevSolanaWallet, type DevSolanaWallet, registerWallet } from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Result } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createLocalSolanaApp, discoveredSolanaWallet } from "../testing/localSolanaApp"
import { useSolanaDevnet } from "../testing/solanaDevnet.testSupport"
import { formatUnits, parseUnits } from "../validation/amount"
import type { AppKit } from "./AppKit"
import { createAppKit } from "./createAppKit"

// A Solana network in `networks` makes createAppKit load the adapter, find the Wallet Standard wallets on
// the page and drive them through the same facade as eip155 ones: connect, balance, send, sign, sign-in.

const chain = useSolanaDevnet(3)
const instances: AppKit[] = []
afterEach(async () => {
  await Promise.all(instances.splice(0).map((appKit) => appKit.dispose()))
})

/** Lamports straight from the node, past the code under test. */
const lamportsOf = async (address: string): Promise<bigint> => {
  const response = await fetch(chain.devnet().rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getBalance", params: [address] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

const setUp = (
  options: {
    readonly siwx?: boolean
    readonly approve?: (method: string) => boolean
    readonly withoutAdapter?: boolean
  } = {},
) => {
  const devnet = chain.devnet()
  const page = new EventTarget()
  const dev: DevSolanaWallet = createDevSolanaWallet({
    keypairs: devnet.accounts,
    chains: [{ id: "solana:localnet", rpcUrl: devnet.rpcUrl }],
    ...(options.approve ? { approve: (request) => options.approve?.(request.method) ?? true } : {}),
  })
  registerWallet(page, dev.wallet)
  const appKit = createLocalSolanaApp(devnet, page, {
    projectId: "p",
    ...(options.withoutAdapter ? { solanaAdapter: undefined } : {}),
    ...(options.siwx ? { siwx: { domain: "app.example", uri: "https://app.example" } } : {}),
  })
  instances.push(appKit)
  return { appKit, dev, page, devnet }
}

/** The Wallet Standard connector createAppKit made for the dev wallet (discovery runs after the import). */
const walletConnectorId = async (appKit: AppKit) => (await discoveredSolanaWallet(appKit)).id

describe("createAppKit with a solana network", () => {
  it("discovers a wallet registered before or after it, connects it and follows its account changes", async () => {
    const { appKit, dev, page, devnet } = setUp()
    const id = await walletConnectorId(appKit)
    expect(id).toBe(`wallet-standard:${dev.wallet.name}`)
    expect(appKit.getState().connectors.connectors.find((c) => c.id === id)?.type).toBe("ANNOUNCED")

    await appKit.connect(id)
    const first = devnet.accounts[0]?.address as string
    expect(appKit.getState().account.byNamespace.solana?.caipAddress).toBe(`${devnet.chainId}:${first}`)
    expect(appKit.getState().connection.connections.solana?.chainId).toBe(devnet.chainId)

    dev.selectAccount(1)
    const second = devnet.accounts[1]?.address as string
    await vi.waitFor(() =>
      expect(appKit.getState().account.byNamespace.solana?.caipAddress).toBe(`${devnet.chainId}:${second}`),
    )

    // A wallet that loads after the app registers itself and becomes a connector too.
    const late = createDevSolanaWallet({
      keypairs: devnet.accounts,
      chains: [{ id: "solana:localnet", rpcUrl: devnet.rpcUrl }],
      name: "Late Solana Wallet",
    })
    registerWallet(page, late.wallet)
    await vi.waitFor(() =>
      expect(appKit.getState().connectors.connectors.map((c) => c.id)).toContain(
        "wallet-standard:Late Solana Wallet",
      ),
    )

    await appKit.disconnect("solana")
    expect(appKit.getState().account.byNamespace.solana?.caipAddress).toBeUndefined()
  })

  it("reads the balance exactly in lamports as SOL, and an SPL mint's holding", async () => {
    const { appKit, devnet } = setUp()
    await appKit.connect(await walletConnectorId(appKit))
    const owner = devnet.accounts[0]?.address as string
    const lamports = await lamportsOf(owner)
    const balance = await appKit.getBalance()
    expect(balance).toMatchObject({ value: lamports, decimals: 9, symbol: "SOL" })
    expect(Result.getOrThrow(parseUnits(balance.formatted, 9))).toBe(lamports)
    const token = await appKit.getBalance({ token: devnet.mint.address })
    expect(token).toMatchObject({ decimals: devnet.mint.decimals, symbol: devnet.mint.address })
    expect(token.value).toBeGreaterThan(0n)
    // An owner without a token account of the mint holds zero of it.
    const fresh = await appKit.getBalance({
      address: "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2",
      token: devnet.mint.address,
    })
    expect(fresh).toMatchObject({ value: 0n, formatted: "0" })
    await expect(appKit.getBalance({ address: "0xnot-solana" })).rejects.toMatchObject({
      _tag: "InvalidAddress",
    })
  })

  it("sends SOL with sendTransaction: the recipient gets exactly the amount, the sender pays it and the fee", async () => {
    const { appKit, devnet } = setUp()
    await appKit.connect(await walletConnectorId(appKit))
    const [from, to] = [devnet.accounts[0]?.address as string, devnet.accounts[2]?.address as string]
    const read = lamportsOf
    const [fromBefore, toBefore] = [await read(from), await read(to)]
    const signature = await appKit.sendTransaction({ to, value: 1_500_000_000n })
    expect(base58.decode(signature)).toHaveLength(64)
    await vi.waitFor(async () => expect(await read(to)).toBe(toBefore + 1_500_000_000n), { timeout: 10_000 })
    // §9: 5000 lamports per signature + 500 units × 20 000 000 µlamports = 15 000 lamports.
    expect(await read(from)).toBe(fromBefore - 1_500_000_000n - 15_000n)
    await expect(appKit.sendTransaction({ to, value: 0n })).rejects.toMatchObject({
      _tag: "InvalidParameterError",
    })
  })

  it("submits the send form on solana: pending then confirmed, the form reset and the node balance read", async () => {
    const { appKit, devnet } = setUp()
    await appKit.connect(await walletConnectorId(appKit))
    const to = devnet.accounts[1]?.address as string
    await appKit.updateSend({
      token: { symbol: "SOL", name: "Solana", quantity: { decimals: "9", numeric: "1000" }, price: 0 },
      sendTokenAmount: "0.25",
      receiverAddress: to,
    })
    const outcome = await appKit.submitSend()
    expect(outcome.status).toBe("confirmed")
    expect(base58.decode(outcome.hash)).toHaveLength(64)
    expect(appKit.getState().send.sendTokenAmount).toBeUndefined()
    const owner = devnet.accounts[0]?.address as string
    const lamports = await lamportsOf(owner)
    expect(appKit.getState().account.byNamespace.solana?.balance).toBe(
      (await appKit.getBalance({ address: owner })).formatted,
    )
    expect(lamports).toBe((await appKit.getBalance({ address: owner })).value)
    const entry = appKit.getState().transactions.transactions.find((t) => t.id === outcome.hash)
    expect(entry?.metadata.status).toBe("confirmed")
  })

  it("Max on SOL is the balance less the transfer's fee: the send of it confirms and leaves the account at 0", async () => {
    const { appKit, dev, devnet } = setUp()
    await appKit.connect(await walletConnectorId(appKit))
    // The third account is emptied: the other tests send from the first.
    dev.selectAccount(2)
    const [owner, to] = [devnet.accounts[2]?.address as string, devnet.accounts[1]?.address as string]
    await vi.waitFor(() =>
      expect(appKit.getState().account.byNamespace.solana?.caipAddress).toBe(`${devnet.chainId}:${owner}`),
    )
    const held = await lamportsOf(owner)
    await appKit.updateSend({
      token: {
        symbol: "SOL",
        name: "Solana",
        quantity: { decimals: "9", numeric: Result.getOrThrow(formatUnits(held, 9)) },
        price: 0,
      },
      receiverAddress: to,
    })
    // §9: 5000 lamports per signature + 500 units × 20 000 000 µlamports = 15 000 lamports.
    expect(await appKit.setSendMax()).toBe(Result.getOrThrow(formatUnits(held - 15_000n, 9)))
    expect((await appKit.submitSend()).status).toBe("confirmed")
    expect(await lamportsOf(owner)).toBe(0n)
  })

  it("signs a message with ed25519, and a declined one stays the wallet's refusal", async () => {
    let approve = true
    const { appKit, devnet } = setUp({ approve: () => approve })
    await appKit.connect(await walletConnectorId(appKit))
    const signature = await appKit.signMessage({ message: "hello solana", namespace: "solana" })
    const owner = devnet.accounts[0]?.address as string
    expect(
      ed25519.verify(
        base58.decode(signature),
        new TextEncoder().encode("hello solana"),
        base58.decode(owner),
      ),
    ).toBe(true)
    expect(
      ed25519.verify(
        base58.decode(signature),
        new TextEncoder().encode("hello solanA"),
        base58.decode(owner),
      ),
    ).toBe(false)
    approve = false
    await expect(appKit.signMessage({ message: "no", namespace: "solana" })).rejects.toMatchObject({
      _tag: "ProviderRpcError",
      code: 4001,
    })
  })

  it("signs in with Solana through the SIWX flow: the session is verified and kept", async () => {
    const { appKit } = setUp({ siwx: true })
    await appKit.connect(await walletConnectorId(appKit))
    await vi.waitFor(() => expect(appKit.getState().router.view).toBe("SIWXSignMessage"))
    await appKit.signIn()
    expect(appKit.getState().siwx.status).toBe("success")
    expect(appKit.getState().modal.open).toBe(false)
  })
})

describe("createAppKit with a solana network but no Solana support", () => {
  it("finds no Wallet Standard wallets and answers 'Chain adapter not found' without a call", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch")
    try {
      const { appKit, devnet, page } = setUp({ withoutAdapter: true })
      // A control app with Solana support on the same page: once it has found the wallet, discovery has had
      // its chance in the app without support too.
      const control = createLocalSolanaApp(devnet, page, { projectId: "p" })
      instances.push(control)
      await discoveredSolanaWallet(control)
      expect(appKit.getState().connectors.connectors).toEqual([])
      await expect(
        appKit.getBalance({ address: devnet.accounts[0]?.address as string }),
      ).rejects.toMatchObject({ message: "Chain adapter not found" })
      await expect(
        appKit.sendTransaction({ to: devnet.accounts[1]?.address as string, value: 1n }),
      ).rejects.toMatchObject({ message: "Chain adapter not found" })
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      fetchSpy.mockRestore()
    }
  })
})

describe("createAppKit without balances or sends (polkadot, cosmos)", () => {
  const networks = [
    {
      id: "91b171bb158e2d3848fa23a9f1c25182",
      chainNamespace: "polkadot",
      caipNetworkId: "polkadot:91b171bb158e2d3848fa23a9f1c25182",
      name: "Polkadot",
      rpcUrl: "http://127.0.0.1:9/polkadot",
    },
    {
      id: "cosmoshub-4",
      chainNamespace: "cosmos",
      caipNetworkId: "cosmos:cosmoshub-4",
      name: "Cosmos Hub",
      rpcUrl: "http://127.0.0.1:9/cosmos",
    },
  ] as const

  it("answers 'Unsupported chain' for balance and send without any HTTP or RPC call", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch")
    try {
      const appKit = createAppKit({
        projectId: "p",
        networks: [networks[0], networks[1]],
        apiUrl: "http://127.0.0.1:9/api",
        reconnect: false,
        walletStandardTarget: new EventTarget(),
      })
      instances.push(appKit)
      // The start-up's own read of the project's remote config is not a balance or send call.
      await appKit.ready
      fetchSpy.mockClear()
      for (const network of networks) {
        const balance = appKit.getBalance({
          chainId: network.caipNetworkId,
          address: "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY",
        })
        await expect(balance).rejects.toMatchObject({
          _tag: "UnsupportedSendChainError",
          message: "Unsupported chain",
          namespace: network.chainNamespace,
        })
        const send = appKit.sendTransaction({ chainId: network.caipNetworkId, to: "x", value: 1n })
        await expect(send).rejects.toMatchObject({ message: "Unsupported chain" })
      }
      // The active network (polkadot) and the send form say the same.
      await expect(appKit.getBalance()).rejects.toMatchObject({ message: "Unsupported chain" })
      await appKit.updateSend({ sendTokenAmount: "1", receiverAddress: "x" })
      await expect(appKit.submitSend()).rejects.toMatchObject({ message: "Unsupported chain" })
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      fetchSpy.mockRestore()
    }
  })
})
