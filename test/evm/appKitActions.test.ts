import { type AppKit, createAppKit, makeInjectedConnector } from "@appkit/core"
import { type Anvil, createDevEip1193Provider, startAnvil } from "@appkit/fixtures"
import { Effect, Exit, Scope } from "effect"
import { createClient, erc20Abi, formatEther, http, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { deployContract, getBalance, getTransaction, waitForTransactionReceipt } from "viem/actions"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { testTokenCreationCode } from "./erc20"

// createAppKit's wagmi-style actions against a real node, through the dev EIP-1193 wallet.
describe("AppKit actions on anvil", () => {
  let anvil: Anvil
  let token: `0x${string}`
  const scopes: Array<Scope.Closeable> = []
  const apps: Array<AppKit> = []
  const key = (index: number) => anvil.accounts[index]?.privateKey as `0x${string}`
  const address = (index: number) => privateKeyToAccount(key(index)).address
  const node = () => createClient({ transport: http(anvil.rpcUrl) })

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 3 })
    const hash = await deployContract(node(), {
      abi: erc20Abi,
      bytecode: testTokenCreationCode(5_000n),
      account: privateKeyToAccount(key(0)),
      chain: null,
    })
    token = (await waitForTransactionReceipt(node(), { hash })).contractAddress as `0x${string}`
  })
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.dispose()))
    await Promise.all(scopes.splice(0).map((scope) => Effect.runPromise(Scope.close(scope, Exit.void))))
  })
  afterAll(() => anvil.stop())

  /** An app on the anvil chain (a viem-style Chain whose RPC URL is the node) with the dev wallet of account `index`. */
  const start = async (
    index: number,
    options: { readonly approve?: (method: string) => boolean; readonly rpc?: boolean } = {},
  ) => {
    const wallet = createDevEip1193Provider({
      privateKeys: [key(index)],
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      ...(options.approve && { approve: (request) => options.approve?.(request.method) ?? true }),
    })
    const scope = Effect.runSync(Scope.make())
    scopes.push(scope)
    const connector = Effect.runSync(Scope.provide(makeInjectedConnector(wallet), scope))
    const chain = {
      id: anvil.chainId,
      name: "Anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: options.rpc === false ? [] : [anvil.rpcUrl] } },
    }
    const appKit = createAppKit({
      projectId: "test",
      networks: [chain],
      connectors: [connector],
      reconnect: false,
    })
    apps.push(appKit)
    await appKit.connect(connector.id)
    return { appKit, wallet }
  }

  it("reads the connected account's exact native balance, and any address's ERC-20 balance", async () => {
    const { appKit } = await start(1)
    const wei = await getBalance(node(), { address: address(1) })
    expect(await appKit.getBalance()).toEqual({
      value: wei,
      decimals: 18,
      symbol: "ETH",
      formatted: formatEther(wei),
    })
    expect(await appKit.getBalance({ address: address(0), token, chainId: anvil.chainId })).toEqual({
      value: 5_000n,
      decimals: 18,
      symbol: "TST",
      formatted: "0.000000000000005",
    })
  })

  it("reads through the wallet when the network has no RPC URL", async () => {
    const { appKit, wallet } = await start(1, { rpc: false })
    expect((await appKit.getBalance()).value).toBe(await getBalance(node(), { address: address(1) }))
    expect(wallet.requests.map((request) => request.method)).toContain("eth_getBalance")
  })

  it("sends a transaction and writes a contract through the wallet, each resolving to a mined hash", async () => {
    const { appKit } = await start(0)
    const before = await getBalance(node(), { address: address(2) })
    const hash = await appKit.sendTransaction({
      to: address(2),
      value: parseEther("0.5"),
      chainId: anvil.chainId,
    })
    expect((await waitForTransactionReceipt(node(), { hash })).status).toBe("success")
    expect((await getBalance(node(), { address: address(2) })) - before).toBe(parseEther("0.5"))
    // §9: eth_sendTransaction asks for a legacy transaction, and the wallet sends one.
    expect((await getTransaction(node(), { hash })).type).toBe("legacy")

    const transfer = await appKit.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [address(2), 1_200n],
    })
    expect((await waitForTransactionReceipt(node(), { hash: transfer })).status).toBe("success")
    expect((await appKit.getBalance({ address: address(2), token })).value).toBe(1_200n)
  })

  it("keeps the user's refusal a 4001 and turns the node's verdict into a typed NodeError", async () => {
    const refusing = await start(1, { approve: (method) => method !== "eth_sendTransaction" })
    await expect(refusing.appKit.sendTransaction({ to: address(0), value: 1n })).rejects.toMatchObject({
      _tag: "ProviderRpcError",
      code: 4001,
    })
    const { appKit } = await start(2)
    await expect(
      appKit.sendTransaction({ to: address(0), value: parseEther("1000000") }),
    ).rejects.toMatchObject({
      _tag: "NodeError",
      kind: "InsufficientFunds",
    })
  })

  it("switches to a network the wallet does not know yet: the wallet is told it (4902 → add), then switches", async () => {
    const second = await startAnvil({ chainId: 1337, accounts: 1 })
    try {
      const wallet = createDevEip1193Provider({
        privateKeys: [key(0)],
        chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      })
      const scope = Effect.runSync(Scope.make())
      scopes.push(scope)
      const connector = Effect.runSync(Scope.provide(makeInjectedConnector(wallet), scope))
      const nativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 }
      const appKit = createAppKit({
        projectId: "test",
        networks: [
          {
            id: anvil.chainId,
            name: "Anvil",
            nativeCurrency,
            rpcUrls: { default: { http: [anvil.rpcUrl] } },
          },
          { id: 1337, name: "Second Anvil", nativeCurrency, rpcUrls: { default: { http: [second.rpcUrl] } } },
        ],
        connectors: [connector],
        reconnect: false,
      })
      apps.push(appKit)
      await appKit.connect(connector.id)
      await appKit.switchNetwork("eip155:1337")
      expect(appKit.getState().connection.connections.eip155?.chainId).toBe("eip155:1337")
      expect(await wallet.request({ method: "eth_chainId" })).toBe("0x539")
      expect(wallet.requests.filter((request) => request.method.startsWith("wallet_"))).toEqual([
        { method: "wallet_switchEthereumChain", params: [{ chainId: "0x539" }] },
        {
          method: "wallet_addEthereumChain",
          params: [{ chainId: "0x539", chainName: "Second Anvil", nativeCurrency, rpcUrls: [second.rpcUrl] }],
        },
        { method: "wallet_switchEthereumChain", params: [{ chainId: "0x539" }] },
      ])
    } finally {
      await second.stop()
    }
  })
})
