import { makeSolanaRpc, type SolanaRpc, solanaAdapter } from "@appkit/core/solana"
import { decodeSolanaTransaction } from "@appkit/core/testing"
import { type SolanaDevnet, startSolanaDevnet } from "@appkit/fixtures"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ConnectedDevWallet, discoverDevWallet, lamportsOf, solanaRpc } from "./support"

// Issue 12 acceptance, end to end on the local chain: the adapter's discovery finds the dev wallet, its
// connector connects, and every transfer goes through the wallet (solana:signAndSendTransaction) to litesvm.

let devnet: SolanaDevnet
let rpc: SolanaRpc
let wallet: ConnectedDevWallet
let sender: string
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

beforeAll(async () => {
  devnet = await startSolanaDevnet({ accounts: 2 })
  rpc = makeSolanaRpc(devnet.rpcUrl)
  wallet = await discoverDevWallet(devnet)
  const connection = await run(wallet.connector.connect())
  sender = (connection.accounts[0] ?? "").split(":")[2] ?? ""
})
afterAll(async () => {
  await wallet?.close()
  await devnet?.stop()
})

/** The transaction as the chain stored it, decoded from its wire bytes. */
const landedTransaction = async (signature: string) => {
  const result = await solanaRpc(devnet, "getTransaction", [
    signature,
    { encoding: "base64", maxSupportedTransactionVersion: 0 },
  ])
  return { fee: BigInt(result.meta.fee), decoded: decodeSolanaTransaction(result.transaction[0]) }
}

describe("Solana end to end through the adapter and the dev wallet", () => {
  it("sends 1.5 SOL: the sender pays exactly the amount and the fee, the recipient gets exactly the amount", async () => {
    const recipient = devnet.accounts[1]?.address as string
    const [senderBefore, recipientBefore] = [
      await lamportsOf(devnet, sender),
      await lamportsOf(devnet, recipient),
    ]
    const sent = await run(
      solanaAdapter.sendNative(rpc, wallet.connector, {
        from: sender,
        to: recipient,
        amount: 1_500_000_000n,
      }),
    )
    const { fee, decoded } = await landedTransaction(sent.signature)
    // §9: 5000 lamports for the signature + ceil(500 units × 20 000 000 µL / 10^6) = 15 000 lamports.
    expect(fee).toBe(15_000n)
    expect(await lamportsOf(devnet, sender)).toBe(senderBefore - 1_500_000_000n - fee)
    expect(await lamportsOf(devnet, recipient)).toBe(recipientBefore + 1_500_000_000n)
    expect((await run(solanaAdapter.getNativeBalance(rpc, recipient))).lamports).toBe(
      recipientBefore + 1_500_000_000n,
    )
    expect(decoded.programs).toEqual([
      "ComputeBudget111111111111111111111111111111",
      "ComputeBudget111111111111111111111111111111",
      "11111111111111111111111111111111",
    ])
    expect(decoded.computeUnitLimit).toBe(500)
    expect(decoded.computeUnitPriceMicroLamports).toBe(20_000_000n)
    expect(wallet.dev.requests.map((request) => request.method)).toContain("solana:signAndSendTransaction")
  })

  it("sends SPL Token and Token-2022 tokens to a fresh owner, creating its token account", async () => {
    for (const mint of [devnet.mint, devnet.token2022Mint]) {
      const fresh = (await import("@appkit/fixtures")).deterministicKeypair(
        `e2e fresh owner ${mint.address}`,
      ).address
      expect(await run(solanaAdapter.getTokenBalances(rpc, fresh))).toEqual([])
      const senderTokensBefore = (await run(solanaAdapter.getTokenBalances(rpc, sender))).find(
        (b) => b.mint === mint.address,
      )
      const sent = await run(
        solanaAdapter.sendToken(rpc, wallet.connector, {
          from: sender,
          to: fresh,
          token: mint.address,
          amount: 2_500_000n,
        }),
      )
      expect(sent.createsRecipientTokenAccount).toBe(true)
      const [held] = await run(solanaAdapter.getTokenBalances(rpc, fresh))
      expect(held).toMatchObject({
        mint: mint.address,
        programAddress: mint.programAddress,
        amount: 2_500_000n,
        formatted: "2.5",
      })
      const senderTokensAfter = (await run(solanaAdapter.getTokenBalances(rpc, sender))).find(
        (b) => b.mint === mint.address,
      )
      expect(senderTokensAfter?.amount).toBe((senderTokensBefore?.amount ?? 0n) - 2_500_000n)

      const { decoded } = await landedTransaction(sent.signature)
      expect(decoded.programs).toEqual([
        "ComputeBudget111111111111111111111111111111",
        "ComputeBudget111111111111111111111111111111",
        "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
        mint.programAddress,
      ])
      expect(decoded.computeUnitPriceMicroLamports).toBe(20_000_000n)
      expect(decoded.computeUnitLimit).toBe(sent.computeUnitLimit)
    }
  })

  it("a transfer the wallet's user rejects fails with 4001 and moves nothing", async () => {
    const refusing = await discoverDevWallet(
      devnet,
      (request) => request.method !== "solana:signAndSendTransaction",
    )
    await run(refusing.connector.connect())
    const before = await lamportsOf(devnet, sender)
    const error = await run(
      Effect.flip(
        solanaAdapter.sendNative(rpc, refusing.connector, {
          from: sender,
          to: devnet.accounts[1]?.address as string,
          amount: 1n,
        }),
      ),
    )
    expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
    expect(await lamportsOf(devnet, sender)).toBe(before)
    await refusing.close()
  })
})
