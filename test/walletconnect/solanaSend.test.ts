import type { WalletConnectConnector } from "@appkit/core"
import {
  decodeSolanaKeypair,
  makeSolanaLocalSigner,
  makeSolanaRpc,
  type SolanaRpc,
  sendSol,
} from "@appkit/core/solana"
import { networkId } from "@appkit/core/testing"
import { referenceVectors, type SolanaDevnet, startSolanaDevnet } from "@appkit/fixtures"
import { base58 } from "@scure/base"
import { Effect, Exit, Result, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { proposeTo, useRelayAndWallets } from "./support"

// A Solana send through a WalletConnect wallet that signs but does not send (the first Solana RPC of
// WalletConnect had only solana_signTransaction and solana_signMessage; many wallets still answer
// solana_signAndSendTransaction with 4200): the core signs through the wallet and sends through the node,
// as Reown AppKit's WalletConnect provider does. Real sign-clients through the local relay, litesvm.

const stack = useRelayAndWallets("solana-send")
const walletAddress = referenceVectors.solana.address
let devnet: SolanaDevnet
let rpc: SolanaRpc

beforeAll(async () => {
  devnet = await startSolanaDevnet({ accounts: 2 })
  rpc = makeSolanaRpc(devnet.rpcUrl)
  // The dev wallet's key (anvil's mnemonic, Phantom's path) gets 5 SOL from a funded dev account.
  const funder = Result.getOrThrow(
    decodeSolanaKeypair(base58.encode(devnet.accounts[0]?.secretKey ?? new Uint8Array())),
  )
  await Effect.runPromise(
    sendSol(rpc, makeSolanaLocalSigner(funder, rpc), {
      from: funder.address,
      to: walletAddress,
      lamports: 5_000_000_000n,
    }),
  )
}, 30_000)
afterAll(() => devnet?.stop())

const BalanceShape = Schema.Struct({ value: Schema.Number })
const balanceOf = async (address: string) =>
  (await Effect.runPromise(rpc.call("getBalance", [address], BalanceShape))).value

/** Connects a dApp's WalletConnect connector on the local chain through `wallet`, then runs `body` with it. */
const connectedTo = <A, E>(
  wallet: Awaited<ReturnType<typeof stack.devWallet>>,
  storagePrefix: string,
  body: (connector: WalletConnectConnector) => Effect.Effect<A, E>,
) =>
  Effect.runPromise(
    proposeTo(
      {
        relayUrl: stack.relay.url,
        wallet,
        chains: [networkId(devnet.chainId)],
        name: "Solana send",
        storagePrefix,
      },
      (connector, connected): Effect.Effect<A, unknown> =>
        Exit.isSuccess(connected) ? body(connector) : Effect.failCause(connected.cause),
    ),
  )

describe("a Solana send through a WalletConnect wallet without solana_signAndSendTransaction", () => {
  it("is signed by the wallet (solana_signTransaction) and sent through the node, then confirmed", async () => {
    // Without a Solana node of its own the dev wallet answers solana_signAndSendTransaction with 4200.
    const wallet = await stack.devWallet()
    const to = devnet.accounts[1]?.address as string
    const before = await balanceOf(to)
    const sent = await connectedTo(wallet, "solana-send-dapp", (connector) =>
      sendSol(rpc, connector, { from: walletAddress, to, lamports: 1_000_000_000n }),
    )
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await balanceOf(to)) - before).toBe(1_000_000_000)
  }, 30_000)

  it("is signed and sent the same way when the wallet did not approve solana_signAndSendTransaction at all", async () => {
    const wallet = await stack.devWallet({ unapprovedMethods: ["solana_signAndSendTransaction"] })
    const to = devnet.accounts[1]?.address as string
    const before = await balanceOf(to)
    const sent = await connectedTo(wallet, "solana-send-dapp-unapproved", (connector) =>
      Effect.gen(function* () {
        // Asked on its own, the method the wallet never approved is its 4200, named.
        const refused = yield* Effect.flip(
          connector.request({ method: "solana_signAndSendTransaction", params: { transaction: "" } }),
        )
        yield* sendSol(rpc, connector, { from: walletAddress, to, lamports: 2_000_000_000n })
        return { refused }
      }),
    )
    expect(sent.refused).toMatchObject({
      _tag: "ProviderRpcError",
      code: 4200,
      message: "AppKit Dev Wallet did not approve solana_signAndSendTransaction in this session",
    })
    expect((await balanceOf(to)) - before).toBe(2_000_000_000)
  }, 30_000)
})
