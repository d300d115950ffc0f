import {
  createDevSolanaWallet,
  type DevSolanaWalletRequest,
  type SolanaDevnet,
  startSolanaDevnet,
} from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { base58, base64, hex } from "@scure/base"
import type { Wallet } from "@wallet-standard/base"
import { Effect, Exit, Fiber, Scope, Stream } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ConnectorEvent } from "../../../connectors/Connector"
import { networkId } from "../../../testing/testkit"
import { SolanaClusters, solanaChainMap } from "../clusters"
import { makeWalletStandardConnector } from "./WalletStandardConnector"

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ accounts: 2 })
})
afterAll(() => devnet?.stop())

const setup = async (
  approve?: (request: DevSolanaWalletRequest) => boolean | Promise<boolean>,
  chains = [
    { id: "solana:localnet" as const, rpcUrl: devnet.rpcUrl },
    { id: "solana:devnet" as const, rpcUrl: devnet.rpcUrl },
  ],
  /** Replaces some of the wallet's features (a wallet that answers what the standard does not allow). */
  replaced: Record<string, unknown> = {},
) => {
  const dev = createDevSolanaWallet({ keypairs: devnet.accounts, chains, ...(approve ? { approve } : {}) })
  const wallet: Wallet = Object.create(dev.wallet, {
    features: { value: { ...dev.wallet.features, ...replaced } },
  })
  const scope = Effect.runSync(Scope.make())
  const connector = await Effect.runPromise(
    Scope.provide(makeWalletStandardConnector(wallet, { chains: solanaChainMap(devnet.chainId) }), scope),
  )
  const events: Array<ConnectorEvent> = []
  Effect.runFork(Stream.runForEach(connector.events, (event) => Effect.sync(() => events.push(event))))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return { dev, connector, events, close: () => Effect.runPromise(Scope.close(scope, undefined as never)) }
}
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect))
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const devAccount = (index: number) => devnet.accounts[index] as NonNullable<SolanaDevnet["accounts"][number]>
const alice = () => devAccount(0)
const bob = () => devAccount(1)

describe("the Wallet Standard connector", () => {
  it("connects on the first chain it knows and reports CAIP-10 accounts and §3 account type objects", async () => {
    const { connector } = await setup()
    expect(connector).toMatchObject({
      id: "wallet-standard:Dev Solana Wallet",
      type: "ANNOUNCED",
      chain: "solana",
    })
    const connection = await run(connector.connect())
    expect(connection).toEqual({
      accounts: [`${devnet.chainId}:${alice().address}`],
      chainId: devnet.chainId,
      allAccounts: [
        {
          namespace: "solana",
          address: alice().address,
          type: "eoa",
          publicKey: hex.encode(alice().publicKey),
        },
      ],
    })
    expect((await flip(connector.connect())).message).toBe("Connector already connected.")
  })

  it("connects on the chain the dApp asks for when the wallet has it, and refuses one it does not", async () => {
    const { connector } = await setup()
    expect((await run(connector.connect({ chainId: SolanaClusters.devnet }))).chainId).toBe(
      SolanaClusters.devnet,
    )
    const other = await setup()
    expect((await flip(other.connector.connect({ chainId: SolanaClusters.mainnet }))).message).toBe(
      "Connector chain mismatch.",
    )
  })

  it("passes the user's refusal on as a 4001 ProviderRpcError", async () => {
    const { connector } = await setup(() => false)
    expect(await flip(connector.connect())).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
  })

  it("turns the wallet's change events into accountsChanged, chainChanged and disconnect", async () => {
    const { dev, connector, events } = await setup()
    await run(connector.connect())
    dev.selectAccount(1)
    await settle()
    expect(events).toEqual([
      {
        _tag: "accountsChanged",
        accounts: [`${devnet.chainId}:${bob().address}`],
        allAccounts: [
          {
            namespace: "solana",
            address: bob().address,
            type: "eoa",
            publicKey: hex.encode(bob().publicKey),
          },
        ],
      },
    ])
    dev.setChains(["solana:devnet"])
    await settle()
    expect(events.slice(1).map((event) => event._tag)).toEqual(["chainChanged", "accountsChanged"])
    expect(events[1]).toEqual({ _tag: "chainChanged", chainId: SolanaClusters.devnet })
    dev.setChains(["solana:unknownnet"])
    await settle()
    expect(events.at(-1)).toEqual({ _tag: "disconnect" })
    expect((await flip(connector.request({ method: "solana_signMessage", params: {} }))).message).toBe(
      "Connector not connected.",
    )
  })

  it("reports a disconnect from the wallet's side once, and stops listening when its scope closes", async () => {
    const { dev, connector, events, close } = await setup()
    await run(connector.connect())
    dev.disconnect()
    dev.disconnect()
    await settle()
    expect(events).toEqual([{ _tag: "disconnect" }])
    await run(connector.connect())
    await close()
    dev.selectAccount(1)
    await settle()
    expect(events).toEqual([{ _tag: "disconnect" }])
  })

  it("switches among the account's chains only", async () => {
    const { connector, events } = await setup()
    expect((await flip(connector.switchChain(SolanaClusters.devnet))).message).toBe(
      "Connector not connected.",
    )
    await run(connector.connect())
    await run(connector.switchChain(SolanaClusters.devnet))
    await settle()
    expect(events).toEqual([{ _tag: "chainChanged", chainId: SolanaClusters.devnet }])
    expect((await flip(connector.switchChain(SolanaClusters.mainnet))).message).toBe(
      "Connector chain mismatch.",
    )
    expect((await flip(connector.switchChain(networkId("eip155:1")))).message).toBe(
      "Connector chain mismatch.",
    )
  })

  it("reconnects silently: a wallet that has not approved the site answers no accounts and is never asked", async () => {
    const { dev, connector } = await setup()
    const refused = await flip(connector.connect({ silent: true }))
    expect(refused).toMatchObject({ _tag: "ConnectionError", reason: "connectorAccountNotFound" })
    expect(dev.requests).toEqual([])
  })

  it("disconnects through standard:disconnect and forgets the session", async () => {
    const { dev, connector, events } = await setup()
    await run(connector.connect())
    await run(connector.disconnect())
    await settle()
    expect(dev.requests.map((request) => request.method)).toEqual(["standard:connect", "standard:disconnect"])
    expect(events).toEqual([{ _tag: "disconnect" }])
    expect(dev.wallet.accounts).toEqual([])
  })

  it("signs a message (solana_signMessage, base58 in and out) that ed25519 verifies", async () => {
    const { connector } = await setup()
    await run(connector.connect())
    const message = new TextEncoder().encode("gm from the dApp")
    const { signature } = (await run(
      connector.request({
        method: "solana_signMessage",
        params: { message: base58.encode(message), pubkey: alice().address },
      }),
    )) as { signature: string }
    expect(ed25519.verify(base58.decode(signature), message, alice().publicKey)).toBe(true)
  })

  it("refuses what is not a Solana sign method, bad params and a foreign pubkey before the wallet is asked", async () => {
    const { dev, connector } = await setup()
    await run(connector.connect())
    const asked = dev.requests.length
    expect((await flip(connector.request({ method: "eth_sendTransaction", params: [] }))).message).toBe(
      "Requested RPC call is not allowed",
    )
    expect(
      await flip(
        connector.request({
          method: "solana_signMessage",
          params: { message: "0OIl", pubkey: alice().address },
        }),
      ),
    ).toMatchObject({
      code: -32602,
    })
    expect(
      await flip(
        connector.request({ method: "solana_signMessage", params: { message: "2", pubkey: bob().address } }),
      ),
    ).toMatchObject({ code: 4100 })
    expect(
      await flip(connector.request({ method: "solana_signTransaction", params: { transaction: "!" } })),
    ).toMatchObject({
      code: -32602,
    })
    expect(dev.requests.length).toBe(asked)
  })

  it("signs, and signs and sends, transactions on the active chain", async () => {
    const { connector } = await setup()
    await run(connector.connect())
    const wire = await unsignedTransfer(alice().address, bob().address)
    const signed = (await run(
      connector.request({ method: "solana_signTransaction", params: { transaction: wire } }),
    )) as {
      signature: string
      transaction: string
    }
    expect(base64.decode(signed.transaction).subarray(1, 65)).toEqual(base58.decode(signed.signature))
    const all = (await run(
      connector.request({ method: "solana_signAllTransactions", params: { transactions: [wire, wire] } }),
    )) as { transactions: ReadonlyArray<string> }
    expect(all.transactions).toEqual([signed.transaction, signed.transaction])
    const sent = (await run(
      connector.request({ method: "solana_signAndSendTransaction", params: { transaction: wire } }),
    )) as { signature: string }
    expect(sent.signature).toBe(signed.signature)
    expect(await rpc("getSignatureStatuses", [[sent.signature]])).toMatchObject({ value: [{ err: null }] })
  })

  it("a connect reply that is not an accounts list (none, null accounts, accounts of the wrong shape) is 'connector account not found', never a crash", async () => {
    const replies = [
      undefined,
      { accounts: null },
      { accounts: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU" },
      { accounts: [null, { address: 42, publicKey: "x", chains: "solana:devnet" }] },
    ]
    for (const reply of replies) {
      const { connector } = await setup(undefined, undefined, {
        "standard:connect": { version: "1.0.0", connect: async () => reply },
      })
      const exit = await Effect.runPromiseExit(connector.connect())
      expect(exit).toEqual(Exit.fail(expect.objectContaining({ reason: "connectorAccountNotFound" })))
    }
  })

  it("an account whose address is no Solana address, or whose public key is not its address's, is no account", async () => {
    const key = alice().publicKey
    const replies = [
      {
        accounts: [
          { address: "not-a-solana-address", publicKey: key, chains: ["solana:localnet"], features: [] },
        ],
      },
      { accounts: [{ address: bob().address, publicKey: key, chains: ["solana:localnet"], features: [] }] },
    ]
    for (const reply of replies) {
      const { connector } = await setup(undefined, undefined, {
        "standard:connect": { version: "1.0.0", connect: async () => reply },
      })
      const exit = await Effect.runPromiseExit(connector.connect())
      expect(exit).toEqual(Exit.fail(expect.objectContaining({ reason: "connectorAccountNotFound" })))
    }
  })

  it("a sign reply that is not the standard's output (none, null, a base58 string for bytes) is a -32603 ProviderRpcError, never a crash", async () => {
    const message = { method: "solana_signMessage", params: { message: "2", pubkey: "" } }
    const wire = await unsignedTransfer(alice().address, bob().address)
    const cases = [
      { feature: "solana:signMessage", request: message, replies: [null, [null], [{ signature: "2" }]] },
      {
        feature: "solana:signTransaction",
        request: { method: "solana_signAllTransactions", params: { transactions: [wire] } },
        replies: [undefined, [{ signedTransaction: wire }]],
      },
      {
        feature: "solana:signAndSendTransaction",
        request: { method: "solana_signAndSendTransaction", params: { transaction: wire } },
        replies: [{}, [{ signature: null }]],
      },
    ]
    for (const { feature, request, replies } of cases)
      for (const reply of replies) {
        const method = feature.split(":")[1] as string
        const { connector } = await setup(undefined, undefined, {
          [feature]: { version: "1.0.0", [method]: async () => reply },
        })
        await run(connector.connect())
        const params = request === message ? { ...message.params, pubkey: alice().address } : request.params
        const exit = await Effect.runPromiseExit(connector.request({ method: request.method, params }))
        expect({ feature, reply, exit }).toEqual({
          feature,
          reply,
          exit: Exit.fail(expect.objectContaining({ _tag: "ProviderRpcError", code: -32603 })),
        })
      }
  })

  it("a signature that is not 64 bytes, or a signed transaction with no signature in it, is a -32603 ProviderRpcError, never passed on", async () => {
    const wire = await unsignedTransfer(alice().address, bob().address)
    const cases = [
      {
        feature: "solana:signMessage",
        request: { method: "solana_signMessage", params: { message: "2", pubkey: alice().address } },
        reply: [{ signedMessage: new Uint8Array([1]), signature: new Uint8Array(63).fill(7) }],
      },
      {
        feature: "solana:signAndSendTransaction",
        request: { method: "solana_signAndSendTransaction", params: { transaction: wire } },
        reply: [{ signature: new Uint8Array(65).fill(7) }],
      },
      {
        feature: "solana:signTransaction",
        request: { method: "solana_signTransaction", params: { transaction: wire } },
        reply: [{ signedTransaction: new Uint8Array([1, 2, 3]) }],
      },
      {
        feature: "solana:signTransaction",
        request: { method: "solana_signTransaction", params: { transaction: wire } },
        reply: [{ signedTransaction: new Uint8Array(0) }],
      },
    ]
    for (const { feature, request, reply } of cases) {
      const method = feature.split(":")[1] as string
      const { connector } = await setup(undefined, undefined, {
        [feature]: { version: "1.0.0", [method]: async () => reply },
      })
      await run(connector.connect())
      const exit = await Effect.runPromiseExit(connector.request(request))
      expect({ feature, reply, exit }).toEqual({
        feature,
        reply,
        exit: Exit.fail(expect.objectContaining({ _tag: "ProviderRpcError", code: -32603 })),
      })
    }
  })

  it("a wallet whose events feature cannot be listened to (no on, or an on that throws) still connects", async () => {
    const broken = [
      { version: "1.0.0" },
      {
        version: "1.0.0",
        on: () => {
          throw new Error("events are not supported")
        },
      },
    ]
    for (const events of broken) {
      const made = await setup(undefined, undefined, { "standard:events": events }).then(
        async ({ connector }) => (await run(connector.connect())).accounts,
        (error: unknown) => `the connector could not be made: ${String(error)}`,
      )
      expect(made).toEqual([`${devnet.chainId}:${alice().address}`])
    }
  })

  it("gives up on a wallet that never answers after 5 minutes (WalletRequestTimeout)", async () => {
    const { connector } = await setup(() => new Promise<boolean>(() => {}))
    const error = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Effect.flip(connector.connect()))
        yield* TestClock.adjust("299999 millis")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("1 millis")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(error).toMatchObject({
      _tag: "WalletRequestTimeout",
      walletName: "Dev Solana Wallet",
      method: "standard:connect",
      timeoutMs: 300_000,
    })
    expect(error.message).toBe(
      "Dev Solana Wallet did not answer standard:connect within 5m: check that the wallet is open and still connected, then try again",
    )
  })
})

const rpc = async (method: string, params: ReadonlyArray<unknown>) => {
  const response = await fetch(devnet.rpcUrl, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** A 1-lamport transfer message with an empty signature slot, built by hand (v0 wire layout). */
const unsignedTransfer = async (from: string, to: string): Promise<string> => {
  const { value } = (await rpc("getLatestBlockhash", [])) as { value: { blockhash: string } }
  const {
    compileTransaction,
    createTransactionMessage,
    pipe,
    setTransactionMessageFeePayer,
    setTransactionMessageLifetimeUsingBlockhash,
    appendTransactionMessageInstruction,
    getTransactionEncoder,
    address,
    createNoopSigner,
  } = await import("@solana/kit")
  const { getTransferSolInstruction } = await import("@solana-program/system")
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: value.blockhash as never, lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(from)),
          destination: address(to),
          amount: 1n,
        }),
        m,
      ),
  )
  return base64.encode(new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))))
}
