import {
  evmProviderClient,
  evmRpcClient,
  getNativeBalance,
  getTokenBalance,
  getTokenDecimals,
  getWalletCapabilities,
  sendTransfer,
  sendWalletCalls,
  switchNetwork,
  waitForReceipt,
} from "@appkit/core/evm"
import { type Anvil, createDevEip1193Provider, startAnvil } from "@appkit/fixtures"
import { Effect } from "effect"
import { erc20Abi, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { deployContract } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testTokenCreationCode } from "./erc20"

// The core EVM actions against a real node: transfers, receipts and the §8 node error mapping.
describe("core EVM actions on anvil", () => {
  let anvil: Anvil
  let second: Anvil
  beforeAll(async () => {
    ;[anvil, second] = await Promise.all([
      startAnvil({ accounts: 3 }),
      startAnvil({ chainId: 1337, accounts: 1 }),
    ])
  })
  afterAll(() => Promise.all([anvil.stop(), second.stop()]))
  const run = Effect.runPromise
  const account = (index: number) => privateKeyToAccount(anvil.accounts[index]?.privateKey as `0x${string}`)

  it("sends native coin with an estimated gas limit and waits for the receipt", async () => {
    const node = evmRpcClient(anvil.rpcUrl)
    const to = account(1).address
    const before = await run(getNativeBalance(node, to))
    const hash = await run(sendTransfer(node, { signer: account(0), to, amount: parseEther("0.25") }))
    const receipt = await run(waitForReceipt(node, hash))
    expect(receipt.status).toBe("success")
    expect(receipt.gasUsed).toBe(21_000n)
    expect((await run(getNativeBalance(node, to))) - before).toBe(parseEther("0.25"))
  })

  it("transfers an ERC-20 and reads its decimals and balances", async () => {
    const node = evmRpcClient(anvil.rpcUrl)
    const deployHash = await deployContract(node, {
      abi: erc20Abi,
      bytecode: testTokenCreationCode(1_000n),
      account: account(0),
      chain: null,
    })
    const token = (await run(waitForReceipt(node, deployHash))).contractAddress as `0x${string}`
    expect(await run(getTokenDecimals(node, token))).toBe(18)
    const hash = await run(
      sendTransfer(node, { signer: account(0), to: account(2).address, amount: 400n, token }),
    )
    expect((await run(waitForReceipt(node, hash))).status).toBe("success")
    expect(await run(getTokenBalance(node, token, account(2).address))).toBe(400n)

    // An overdraft reverts in the gas estimate: refused before anything is broadcast.
    const overdraft = await run(
      Effect.flip(sendTransfer(node, { signer: account(2), to: account(0).address, amount: 401n, token })),
    )
    expect(overdraft).toMatchObject({ _tag: "NodeError", kind: "Unknown" })
  })

  it("maps the node's refusals to typed NodeErrors", async () => {
    const node = evmRpcClient(anvil.rpcUrl)
    const poor = privateKeyToAccount(`0x${"11".repeat(32)}`)
    const error = await run(
      Effect.flip(sendTransfer(node, { signer: poor, to: account(0).address, amount: parseEther("1") })),
    )
    expect(error).toMatchObject({ _tag: "NodeError", kind: "InsufficientFunds" })
    expect(error.message).toBe("The account has insufficient funds for this transaction")
  })

  it("keeps a wallet refusal as a 4001 ProviderRpcError rather than a node error", async () => {
    const wallet = createDevEip1193Provider({
      privateKeys: [anvil.accounts[0]?.privateKey as `0x${string}`],
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      approve: (request) => request.method !== "eth_sendTransaction",
    })
    const client = evmProviderClient(wallet)
    await wallet.request({ method: "eth_requestAccounts" })
    const error = await run(
      Effect.flip(
        sendTransfer(
          client,
          { signer: account(0).address, to: account(1).address, amount: 1n },
          evmRpcClient(anvil.rpcUrl),
        ),
      ),
    )
    expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
    expect(wallet.requests.map((request) => request.method)).toContain("eth_sendTransaction")
  })

  it("asks the wallet for its capabilities and sends an EIP-5792 batch that moves exactly its values", async () => {
    const wallet = createDevEip1193Provider({
      privateKeys: [anvil.accounts[2]?.privateKey as `0x${string}`],
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    })
    const client = evmProviderClient(wallet)
    const node = evmRpcClient(anvil.rpcUrl)
    const from = account(2).address
    const to = account(1).address
    await wallet.request({ method: "eth_requestAccounts" })
    const capabilities = await run(getWalletCapabilities(client, from))
    expect(capabilities[anvil.chainId]).toEqual({ atomic: { status: "unsupported" } })
    const before = await run(getNativeBalance(node, to))
    const chain = {
      id: anvil.chainId,
      name: "anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    }
    const id = await run(
      sendWalletCalls(client, {
        signer: from,
        chain,
        calls: [
          { to, value: 1n },
          { to, value: 2n },
        ],
      }),
    )
    const status = (await wallet.request({ method: "wallet_getCallsStatus", params: [id] })) as {
      receipts: ReadonlyArray<{ transactionHash: `0x${string}` }>
    }
    for (const { transactionHash } of status.receipts) await run(waitForReceipt(node, transactionHash))
    expect(status.receipts).toHaveLength(2)
    expect((await run(getNativeBalance(node, to))) - before).toBe(3n)
  })

  it("adds an unknown network to the wallet and switches to it", async () => {
    const wallet = createDevEip1193Provider({
      privateKeys: [anvil.accounts[0]?.privateKey as `0x${string}`],
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    })
    const chain = {
      id: 1337,
      name: "Second",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [second.rpcUrl] } },
    }
    await run(switchNetwork(evmProviderClient(wallet), chain))
    expect(await wallet.request({ method: "eth_chainId" })).toBe("0x539")
  })
})
