import type { AppKit } from "@appkit/core"
import {
  connectDiscoveredSolanaWallet,
  createLocalSolanaApp,
  decodeSolanaTransaction,
} from "@appkit/core/testing"
import {
  createDevSolanaWallet,
  deterministicKeypair,
  registerWallet,
  type SolanaDevnet,
  startSolanaDevnet,
} from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { lamportsOf, solanaRpc } from "./support"

// Issue 12 acceptance through the app's own entry: createAppKit with a Solana network finds the Wallet
// Standard dev wallet on the page, and its facade sends on the local litesvm chain.

let devnet: SolanaDevnet
let appKit: AppKit
let sender: string

beforeAll(async () => {
  devnet = await startSolanaDevnet({ accounts: 2 })
  const page = new EventTarget()
  const dev = createDevSolanaWallet({
    keypairs: devnet.accounts,
    chains: [{ id: "solana:localnet", rpcUrl: devnet.rpcUrl }],
  })
  registerWallet(page, dev.wallet)
  appKit = createLocalSolanaApp(devnet, page, { projectId: "appkit-e2e" })
  await connectDiscoveredSolanaWallet(appKit)
  expect(appKit.getState().connectors.connectors).toHaveLength(1)
  sender = devnet.accounts[0]?.address as string
})
afterAll(async () => {
  await appKit?.dispose()
  await devnet?.stop()
})

/** The transaction as the chain stored it, once it has landed. */
const landed = async (signature: string) => {
  const result = await vi.waitFor(
    async () => {
      const found = await solanaRpc(devnet, "getTransaction", [
        signature,
        { encoding: "base64", maxSupportedTransactionVersion: 0 },
      ])
      if (found === null) throw new Error("not landed yet")
      return found
    },
    { timeout: 10_000 },
  )
  return { fee: BigInt(result.meta.fee), decoded: decodeSolanaTransaction(result.transaction[0]) }
}

describe("createAppKit on the local Solana chain", () => {
  it("sends 1.5 SOL: balances change by exactly the amount and the fee; the §9 compute budget is on chain", async () => {
    const recipient = devnet.accounts[1]?.address as string
    const [senderBefore, recipientBefore] = [
      await lamportsOf(devnet, sender),
      await lamportsOf(devnet, recipient),
    ]
    expect((await appKit.getBalance()).value).toBe(senderBefore)
    const signature = await appKit.sendTransaction({ to: recipient, value: 1_500_000_000n })
    const { fee, decoded } = await landed(signature)
    expect(fee).toBe(5_000n + 10_000n)
    expect(await lamportsOf(devnet, sender)).toBe(senderBefore - 1_500_000_000n - fee)
    expect(await lamportsOf(devnet, recipient)).toBe(recipientBefore + 1_500_000_000n)
    expect((await appKit.getBalance({ address: recipient })).value).toBe(recipientBefore + 1_500_000_000n)
    expect(decoded.programs.slice(0, 2)).toEqual([
      "ComputeBudget111111111111111111111111111111",
      "ComputeBudget111111111111111111111111111111",
    ])
    expect(decoded.computeUnitLimit).toBe(500)
    expect(decoded.computeUnitPriceMicroLamports).toBe(20_000_000n)
  })

  it("sends an SPL token from the send form to a fresh owner, creating its token account", async () => {
    const fresh = deterministicKeypair("appKit e2e fresh SPL owner").address
    expect((await appKit.getBalance({ address: fresh, token: devnet.mint.address })).value).toBe(0n)
    await appKit.updateSend({
      token: {
        symbol: "DEV",
        name: "Dev token",
        address: `${devnet.chainId}:${devnet.mint.address}`,
        quantity: { decimals: String(devnet.mint.decimals), numeric: "1000000" },
        price: 0,
      },
      sendTokenAmount: "2.5",
      receiverAddress: fresh,
    })
    const outcome = await appKit.submitSend()
    expect(outcome.status).toBe("confirmed")
    const held = await appKit.getBalance({ address: fresh, token: devnet.mint.address })
    expect(held).toMatchObject({ value: 2_500_000n, formatted: "2.5" })
    const { decoded } = await landed(outcome.hash)
    expect(decoded.programs).toContain("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL")
    expect(decoded.computeUnitPriceMicroLamports).toBe(20_000_000n)
  })
})
