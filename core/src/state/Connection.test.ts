import { Deferred, Effect, Fiber, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import type { CaipNetworkId } from "../domain/caip"
import { ConnectionError } from "../errors/connection"
import { captureLogs } from "../testing/logCapture"
import { specTexts } from "../testing/specTexts"
import {
  accountId,
  base,
  devAccount,
  ethereum,
  networkId,
  runState,
  scriptedWallet,
  solana,
  testOptions,
  waitFor,
} from "../testing/testkit"
import { Account } from "./Account"
import { Connection } from "./Connection"
import { Connectors } from "./Connectors"
import { Network } from "./Network"
import { Pairing } from "./Pairing"
import { Send } from "./Send"

const evmAccount = `eip155:1:${devAccount.address}`
const solanaAccount = `${solana.caipNetworkId}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`

const connectionState = Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))

/** A Rabby (eip155) and a Phantom (solana) wallet; each reload finds new instances. */
const rabbyAndPhantom = () => ({
  evm: Effect.runSync(scriptedWallet({ id: "io.rabby" })),
  sol: Effect.runSync(
    scriptedWallet({
      id: "phantom",
      chain: "solana",
      chainId: solana.caipNetworkId,
      accounts: [solanaAccount],
    }),
  ),
})

/** A storage both connected in: what a reload then finds. */
const storedRabbyAndPhantom = async () => {
  const map = new Map<string, string>()
  const { evm, sol } = rabbyAndPhantom()
  await runState(
    Effect.gen(function* () {
      const connection = yield* Connection
      yield* connection.connect("io.rabby")
      yield* connection.connect("phantom")
    }),
    { map, connectors: [evm.connector, sol.connector] },
  )
  return map
}

describe("Connection", () => {
  it("connects: status, account, network and recent wallet follow, and the connection is stored", async () => {
    const map = new Map<string, string>()
    const wallet = Effect.runSync(
      scriptedWallet({ id: "io.metamask", rdns: "io.metamask", chainId: "eip155:8453" }),
    )
    const result = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("io.metamask")
        return {
          connection: yield* connectionState,
          account: (yield* SubscriptionRef.get((yield* Account).state)).byNamespace.eip155,
          network: (yield* SubscriptionRef.get((yield* Network).state)).caipNetwork.caipNetworkId,
          recent: (yield* SubscriptionRef.get((yield* Connectors).state)).recentWallets,
        }
      }),
      { map, connectors: [wallet.connector] },
    )
    expect(result.connection.status).toBe("connected")
    expect(result.account).toMatchObject({
      address: devAccount.address,
      connectedWalletInfo: { name: "Wallet io.metamask" },
    })
    expect(result.network).toBe("eip155:8453")
    expect(result.recent.map((w) => w.id)).toEqual(["io.metamask"])
    expect(JSON.parse(map.get("@appkit/connection_status") ?? "null")).toBe("connected")
    expect(JSON.parse(map.get("@appkit/connected_namespaces") ?? "null")).toEqual(["eip155"])
  })

  it("refuses to connect a connector twice and to disconnect a namespace that is not connected", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const errors = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect("injected")
        return yield* Effect.all([
          Effect.flip(connection.connect("injected")),
          Effect.flip(connection.disconnect("solana")),
        ])
      }),
      { connectors: [wallet.connector] },
    )
    expect(errors.map((e) => (e as Error).message)).toEqual([
      "Connector already connected.",
      "Connector not connected.",
    ])
  })

  it("reconnect leaves a connection made in this instance alone (its wallet would refuse a second connect)", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const state = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect("injected")
        yield* connection.reconnect
        return yield* connectionState
      }),
      { connectors: [wallet.connector] },
    )
    expect(wallet.calls).toEqual(["connect"])
    expect(state.status).toBe("connected")
    expect(state.connections.eip155?.connectorId).toBe("injected")
  })

  it("drops a stored connection whose wallet does not answer within 10 s of a reload", async () => {
    const map = new Map<string, string>()
    const first = Effect.runSync(scriptedWallet({ id: "injected" }))
    await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("injected"))), {
      map,
      connectors: [first.connector],
    })
    const silent = Effect.runSync(scriptedWallet({ id: "injected" }))
    silent.stall.add("connect")
    const seen = await runState(
      Effect.gen(function* () {
        const reconnecting = yield* Effect.forkChild((yield* Connection).reconnect)
        yield* TestClock.adjust("9999 millis")
        const waiting = (yield* connectionState).status
        yield* TestClock.adjust("1 millis")
        yield* Fiber.join(reconnecting)
        return { waiting, after: yield* connectionState }
      }),
      { map, connectors: [silent.connector] },
    )
    expect(seen.waiting).toBe("connecting")
    expect(seen.after).toMatchObject({ status: "disconnected", connections: {} })
    expect(JSON.parse(map.get("@appkit/connection_status") ?? "null")).toBe("disconnected")
  })

  it("reconnects a stored wallet that registers after the app started (an EIP-6963 announcement)", async () => {
    const map = new Map<string, string>()
    const first = Effect.runSync(scriptedWallet({ id: "io.rabby" }))
    await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("io.rabby"))), {
      map,
      connectors: [first.connector],
    })
    const announced = Effect.runSync(scriptedWallet({ id: "io.rabby" }))
    const seen = await runState(
      Effect.gen(function* () {
        const reconnecting = yield* Effect.forkChild((yield* Connection).reconnect)
        yield* TestClock.adjust("5 seconds")
        const waiting = (yield* connectionState).status
        yield* (yield* Connectors).register([announced.connector])
        yield* Fiber.join(reconnecting)
        return { waiting, after: yield* connectionState }
      }),
      { map },
    )
    expect(seen.waiting).toBe("connecting")
    expect(announced.calls).toEqual(["connect"])
    expect(seen.after.status).toBe("connected")
    expect(seen.after.connections.eip155?.connectorId).toBe("io.rabby")
  })

  it("refuses requests with 'Connector unavailable while reconnecting.' until the stored wallet answers again", async () => {
    const map = new Map<string, string>()
    const first = Effect.runSync(scriptedWallet({ id: "io.rabby" }))
    await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("io.rabby"))), {
      map,
      connectors: [first.connector],
    })
    // After the reload the wallet never answers connect (dropped after 10 s); nobody may reach it meanwhile.
    const slow = Effect.runSync(scriptedWallet({ id: "io.rabby" }))
    slow.stall.add("connect")
    const notRegistered = Effect.runSync(scriptedWallet({ id: "io.rabby" }))
    const seen = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        // Not registered again yet (an EIP-6963 wallet announces itself a moment after load).
        const beforeAnnounce = yield* Effect.flip(connection.signMessage("eip155", "hi"))
        const reconnecting = yield* Effect.forkChild(connection.reconnect, { startImmediately: true })
        yield* (yield* Connectors).register([slow.connector])
        const whileRestoring = yield* Effect.flip(connection.signMessage("eip155", "hi"))
        const switching = yield* Effect.flip(connection.switchNetwork("eip155:8453"))
        yield* TestClock.adjust("10 seconds")
        yield* Fiber.join(reconnecting)
        return { beforeAnnounce, whileRestoring, switching, status: (yield* connectionState).status }
      }),
      { map },
    )
    expect(seen.beforeAnnounce.message).toBe("Connector unavailable while reconnecting.")
    expect(seen.whileRestoring.message).toBe("Connector unavailable while reconnecting.")
    expect(seen.switching.message).toBe("Connector unavailable while reconnecting.")
    // The wallet was asked to connect, and nothing else while it was being restored.
    expect(slow.calls).toEqual(["connect"])
    expect(notRegistered.calls).toEqual([])
    expect(seen.status).toBe("disconnected")

    // Restored in time: the same request reaches the wallet.
    await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("io.rabby"))), {
      map,
      connectors: [Effect.runSync(scriptedWallet({ id: "io.rabby" })).connector],
    })
    const restored = Effect.runSync(scriptedWallet({ id: "io.rabby" }))
    const signature = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.reconnect
        return yield* connection.signMessage("eip155", "hi")
      }),
      { map, connectors: [restored.connector] },
    )
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(restored.calls).toEqual(["connect", "personal_sign"])
  })

  it("drops at start a stored connection of a namespace the app no longer configures (no reconnect needed)", async () => {
    const map = await storedRabbyAndPhantom()
    // The app dropped Solana from its networks: the stored Solana connection is gone from the first state.
    const after = rabbyAndPhantom()
    const seen = await runState(
      Effect.gen(function* () {
        const first = yield* connectionState
        const account = yield* SubscriptionRef.get((yield* Account).state)
        yield* (yield* Connection).reconnect
        return { first, accounts: Object.keys(account.byNamespace), after: yield* connectionState }
      }),
      {
        map,
        options: { ...testOptions, networks: [ethereum, base] },
        connectors: [after.evm.connector, after.sol.connector],
      },
    )
    expect(Object.keys(seen.first.connections)).toEqual(["eip155"])
    expect(seen.accounts).toEqual(["eip155"])
    expect(after.sol.calls).toEqual([])
    expect(seen.after.status).toBe("connected")
    // Only Solana was stored: nothing is connected.
    const onlySolana = new Map<string, string>()
    await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("phantom"))), {
      map: onlySolana,
      connectors: [rabbyAndPhantom().sol.connector],
    })
    const evmOnly = await runState(connectionState, {
      map: onlySolana,
      options: { ...testOptions, networks: [ethereum] },
    })
    expect(evmOnly).toMatchObject({ status: "disconnected", connections: {} })
  })

  it("refuses requests to a stored wallet still waiting its turn to be restored, while another wallet is asked first", async () => {
    const map = await storedRabbyAndPhantom()
    // After the reload the EVM wallet is asked first and takes its time; the Solana one waits its turn.
    const after = rabbyAndPhantom()
    after.evm.stall.add("connect")
    const seen = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const reconnecting = yield* Effect.forkChild(connection.reconnect, { startImmediately: true })
        // As the facade's walletRequest does: the namespace's connector, then the request.
        const queued = yield* Effect.match(
          Effect.flatMap(connection.walletOf("solana"), ({ connector }) =>
            connector.request({ method: "solana_signMessage", params: {} }),
          ),
          { onFailure: (error) => error.message, onSuccess: () => "the request reached the wallet" },
        )
        const solanaCallsMeanwhile = [...after.sol.calls]
        yield* TestClock.adjust("10 seconds")
        yield* Fiber.join(reconnecting)
        return { queued, solanaCallsMeanwhile, state: yield* connectionState }
      }),
      { map, connectors: [after.evm.connector, after.sol.connector] },
    )
    expect(seen.queued).toBe("Connector unavailable while reconnecting.")
    expect(seen.solanaCallsMeanwhile).toEqual([])
    expect(after.sol.calls).toEqual(["connect"])
    expect(Object.keys(seen.state.connections)).toEqual(["solana"])
  })

  it("removes the stored connector id of each namespace it disconnects, and the key with the last one", async () => {
    const map = new Map<string, string>()
    const evm = Effect.runSync(scriptedWallet({ id: "injected" }))
    const phantom = Effect.runSync(
      scriptedWallet({
        id: "phantom",
        chain: "solana",
        chainId: solana.caipNetworkId,
        accounts: [solanaAccount],
      }),
    )
    const storedIds = () => JSON.parse(map.get("@appkit/connected_connector_id") ?? "null")
    const seen = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect("injected")
        yield* connection.connect("phantom")
        const both = storedIds()
        yield* connection.disconnect("eip155")
        const one = storedIds()
        yield* connection.disconnect()
        return { both, one }
      }),
      { map, connectors: [evm.connector, phantom.connector] },
    )
    expect(seen.both).toEqual({ eip155: "injected", solana: "phantom" })
    expect(seen.one).toEqual({ solana: "phantom" })
    expect(map.has("@appkit/connected_connector_id")).toBe(false)
    expect(map.has("@appkit/connected_namespaces")).toBe(false)
  })

  it("logs the §8 'logged only' lines where their events happen, word for word", async () => {
    const map = new Map<string, string>()
    const evm = Effect.runSync(scriptedWallet({ id: "injected" }))
    evm.reject.add("personal_sign")
    const phantom = Effect.runSync(
      scriptedWallet({
        id: "phantom",
        chain: "solana",
        chainId: solana.caipNetworkId,
        accounts: [solanaAccount],
      }),
    )
    const logs = captureLogs()
    const refusal = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect("injected")
        const refused = yield* Effect.flip(connection.signMessage("eip155", "hi"))
        // The active namespace is eip155: solana has no current network yet, so the wallet picks its chain.
        yield* connection.connect("phantom")
        return refused
      }).pipe(Effect.provide(logs.layer)),
      { map, connectors: [evm.connector, phantom.connector] },
    )
    expect(refusal).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
    expect(logs.lines.map((line) => line.slice(0, 2))).toEqual([
      ["WagmiAdapter:signMessage - Sign message failed", refusal],
      ["No current network found for namespace", "solana"],
    ])

    // After a reload whose wallet never registers again, the namespace has no connector to ask.
    const reloaded = captureLogs()
    await runState(
      Effect.flip(Effect.flatMap(Connection, (c) => c.signMessage("eip155", "hi"))).pipe(
        Effect.provide(reloaded.layer),
      ),
      { map },
    )
    expect(reloaded.lines).toEqual([["No connector found for namespace", "eip155"]])
  })

  it("goes back to disconnected when the wallet refuses to connect", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    wallet.reject.add("connect")
    const [error, state] = await runState(
      Effect.all([Effect.flip(Effect.flatMap(Connection, (c) => c.connect("injected"))), connectionState]),
      { connectors: [wallet.connector] },
    )
    expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
    expect(state.status).toBe("disconnected")
  })

  describe("two connects at once: a failed one leaves a pending or an established connection's status alone", () => {
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    /** A wallet whose connect() answers (or refuses, per `reject`) only once `answer` is completed. */
    const waitingWallet = (id: string, address: string) => {
      const wallet = Effect.runSync(scriptedWallet({ id, accounts: [`eip155:1:${address}`] }))
      const answer = Deferred.makeUnsafe<void>()
      const connector = {
        ...wallet.connector,
        connect: (options?: { readonly chainId?: CaipNetworkId | undefined }) =>
          Effect.andThen(Deferred.await(answer), wallet.connector.connect(options)),
      }
      return { ...wallet, connector, answer, address }
    }
    const status = Effect.map(connectionState, (s) => s.status)

    it.each([
      ["first", "second"],
      ["second", "first"],
    ] as const)(
      "the %s fails while the %s waits: still connecting, then connected with the one that answered",
      async (failing, answering) => {
        const wallets = {
          first: waitingWallet("io.rabby", devAccount.address),
          second: waitingWallet("io.metamask", other),
        }
        wallets[failing].reject.add("connect")
        const seen = await runState(
          Effect.gen(function* () {
            const connection = yield* Connection
            // Both wait on their wallet, the first one started first.
            const fibers = {
              first: yield* Effect.forkChild(Effect.exit(connection.connect("io.rabby")), {
                startImmediately: true,
              }),
              second: yield* Effect.forkChild(Effect.exit(connection.connect("io.metamask")), {
                startImmediately: true,
              }),
            }
            yield* Deferred.succeed(wallets[failing].answer, undefined)
            const refused = yield* Fiber.join(fibers[failing])
            const afterRefusal = yield* status
            yield* Deferred.succeed(wallets[answering].answer, undefined)
            yield* Fiber.join(fibers[answering])
            return { refused, afterRefusal, after: yield* connectionState }
          }),
          { connectors: [wallets.first.connector, wallets.second.connector] },
        )
        expect(seen.refused).toMatchObject({ _tag: "Failure" })
        expect(seen.afterRefusal).toBe("connecting")
        expect(seen.after.status).toBe("connected")
        expect(seen.after.connections.eip155).toMatchObject({
          connectorId: wallets[answering].connector.id,
          accounts: [`eip155:1:${wallets[answering].address}`],
        })
      },
    )

    it("a connect that fails after the first one succeeded leaves it connected", async () => {
      const first = waitingWallet("io.rabby", devAccount.address)
      const second = waitingWallet("io.metamask", other)
      second.reject.add("connect")
      const seen = await runState(
        Effect.gen(function* () {
          const connection = yield* Connection
          yield* Deferred.succeed(first.answer, undefined)
          yield* connection.connect("io.rabby")
          const failing = yield* Effect.forkChild(Effect.flip(connection.connect("io.metamask")), {
            startImmediately: true,
          })
          const whileAsking = yield* status
          yield* Deferred.succeed(second.answer, undefined)
          yield* Fiber.join(failing)
          return { whileAsking, after: yield* connectionState }
        }),
        { connectors: [first.connector, second.connector] },
      )
      expect(seen.whileAsking).toBe("connecting")
      expect(seen.after.status).toBe("connected")
      expect(seen.after.connections.eip155?.connectorId).toBe("io.rabby")
    })

    it("the same wallet twice (a double click) asks the wallet once: both get its connection", async () => {
      const wallet = waitingWallet("io.rabby", devAccount.address)
      const seen = await runState(
        Effect.gen(function* () {
          const connection = yield* Connection
          const twice = yield* Effect.forkChild(
            Effect.all([connection.connect("io.rabby"), connection.connect("io.rabby")], {
              concurrency: 2,
            }),
            { startImmediately: true },
          )
          yield* Deferred.succeed(wallet.answer, undefined)
          const [first, second] = yield* Fiber.join(twice)
          return { first, second, after: yield* connectionState }
        }),
        { connectors: [wallet.connector] },
      )
      expect(wallet.calls.filter((method) => method === "connect")).toEqual(["connect"])
      expect(seen.second).toEqual(seen.first)
      expect(seen.after.connections.eip155?.connectorId).toBe("io.rabby")
      expect(seen.after.status).toBe("connected")
    })
  })

  it("puts a pairing wallet's §3 account type objects on each namespace's account", async () => {
    const wallet = Effect.runSync(
      scriptedWallet({ id: "walletConnect", type: "WALLET_CONNECT", accounts: [evmAccount, solanaAccount] }),
    )
    const evm = { namespace: "eip155", address: devAccount.address, type: "eoa" } as const
    const sol = { namespace: "solana", address: solanaAccount.split(":")[2] ?? "", type: "eoa" } as const
    const connector = {
      ...wallet.connector,
      connect: (options?: { readonly chainId?: CaipNetworkId | undefined }) =>
        Effect.map(wallet.connector.connect(options), (c) => ({ ...c, allAccounts: [evm, sol] })),
    }
    const accounts = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("walletConnect")
        return (yield* SubscriptionRef.get((yield* Account).state)).byNamespace
      }),
      { connectors: [connector] },
    )
    expect(accounts.eip155?.allAccounts).toEqual([evm])
    expect(accounts.solana?.allAccounts).toEqual([sol])
  })

  it("signs messages only on eip155: another namespace has no chain adapter for it", async () => {
    const wallet = Effect.runSync(
      scriptedWallet({ id: "walletConnect", type: "WALLET_CONNECT", accounts: [evmAccount, solanaAccount] }),
    )
    const error = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect("walletConnect")
        return yield* Effect.flip(connection.signMessage("solana", "hello"))
      }),
      { connectors: [wallet.connector] },
    )
    expect(error).toBeInstanceOf(ConnectionError)
    expect(error).toMatchObject({
      reason: "chainAdapterNotFound",
      message: specTexts.connection.chainAdapterNotFound,
    })
  })

  it("shows a pairing wallet's URI while its connect() still waits for the wallet", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "walletConnect", type: "WALLET_CONNECT" }))
    const uri = "wc:abc@2?relay-protocol=irn&symKey=00"
    // The user approves only once the QR code is on screen: connect() ends only after the URI was shown.
    const shown = Deferred.makeUnsafe<void>()
    const connector = {
      ...wallet.connector,
      connect: (options?: { readonly chainId?: CaipNetworkId | undefined }) =>
        Effect.andThen(
          wallet.emit({ _tag: "display_uri", uri }),
          Effect.andThen(Deferred.await(shown), wallet.connector.connect(options)),
        ),
    }
    const status = await runState(
      Effect.gen(function* () {
        yield* Effect.forkChild(
          Effect.andThen(
            waitFor((yield* Pairing).state, (s) => s.wcUri === uri),
            Deferred.succeed(shown, undefined),
          ),
          { startImmediately: true },
        )
        yield* (yield* Connection).connect("walletConnect")
        return (yield* connectionState).status
      }),
      { connectors: [connector] },
    )
    expect(status).toBe("connected")
  })

  it("refreshes the account type objects when the pairing wallet's accounts change", async () => {
    const wallet = Effect.runSync(
      scriptedWallet({ id: "walletConnect", type: "WALLET_CONNECT", accounts: [evmAccount, solanaAccount] }),
    )
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    const typeObject = (address: string) => ({ namespace: "eip155", address, type: "eoa" }) as const
    const connector = {
      ...wallet.connector,
      connect: (options?: { readonly chainId?: CaipNetworkId | undefined }) =>
        Effect.map(wallet.connector.connect(options), (c) => ({
          ...c,
          allAccounts: [typeObject(devAccount.address)],
        })),
    }
    const refreshed = await runState(
      Effect.gen(function* () {
        const account = yield* Account
        yield* (yield* Connection).connect("walletConnect")
        yield* wallet.emit({
          _tag: "accountsChanged",
          accounts: [accountId(`eip155:1:${other}`), accountId(solanaAccount)],
          allAccounts: [typeObject(other)],
        })
        return yield* waitFor(account.state, (s) => s.byNamespace.eip155?.address === other)
      }),
      { connectors: [connector] },
    )
    expect(refreshed.byNamespace.eip155?.allAccounts).toEqual([typeObject(other)])
    // A namespace whose type objects the event does not list is left with none rather than stale ones.
    expect(refreshed.byNamespace.solana?.allAccounts).toEqual([])
  })

  it("an accountsChanged that no longer lists one of the connection's namespaces drops that namespace", async () => {
    // A WalletConnect session names every namespace's accounts in each event: one left out has none any more.
    const wallet = Effect.runSync(
      scriptedWallet({ id: "walletConnect", type: "WALLET_CONNECT", accounts: [evmAccount, solanaAccount] }),
    )
    const result = await runState(
      Effect.gen(function* () {
        const account = yield* Account
        const connection = yield* Connection
        yield* connection.connect("walletConnect")
        yield* wallet.emit({ _tag: "accountsChanged", accounts: [accountId(evmAccount)] })
        yield* waitFor(connection.state, (s) => s.connections.solana === undefined)
        return {
          connections: Object.keys((yield* connectionState).connections),
          solana: (yield* SubscriptionRef.get(account.state)).byNamespace.solana?.address,
          evm: (yield* SubscriptionRef.get(account.state)).byNamespace.eip155?.address,
        }
      }),
      { connectors: [wallet.connector] },
    )
    expect(result).toEqual({ connections: ["eip155"], solana: undefined, evm: devAccount.address })
  })

  it("disconnects every namespace of a pairing connection together and resets the pairing", async () => {
    const wallet = Effect.runSync(
      scriptedWallet({ id: "walletConnect", type: "WALLET_CONNECT", accounts: [evmAccount, solanaAccount] }),
    )
    const result = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const pairing = yield* Pairing
        yield* pairing.setUri("wc:abc@2?relay-protocol=irn&symKey=00")
        yield* connection.connect("walletConnect")
        const both = Object.keys((yield* connectionState).connections)
        yield* connection.disconnect("eip155")
        return {
          both,
          after: yield* connectionState,
          uri: (yield* SubscriptionRef.get(pairing.state)).wcUri,
          accounts: (yield* SubscriptionRef.get((yield* Account).state)).byNamespace,
        }
      }),
      { connectors: [wallet.connector] },
    )
    expect(result.both.sort()).toEqual(["eip155", "solana"])
    expect(result.after).toMatchObject({ status: "disconnected", connections: {} })
    expect(result.uri).toBeUndefined()
    expect(result.accounts).toEqual({})
    expect(wallet.calls.filter((c) => c === "disconnect")).toHaveLength(1)
  })

  it("collects disconnect failures, clears local state anyway, and raises 'Failed to disconnect'", async () => {
    const failing = Effect.runSync(scriptedWallet({ id: "failing" }))
    const fine = Effect.runSync(
      scriptedWallet({
        id: "phantom",
        chain: "solana",
        accounts: [solanaAccount],
        chainId: solana.caipNetworkId,
      }),
    )
    failing.reject.add("disconnect")
    const [error, state] = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect("failing")
        yield* connection.connect("phantom")
        return yield* Effect.all([Effect.flip(connection.disconnect()), connectionState])
      }),
      { connectors: [failing.connector, fine.connector] },
    )
    expect(error).toMatchObject({
      _tag: "DisconnectError",
      message: "Failed to disconnect",
      type: "INTERNAL_SDK_ERROR",
    })
    expect(state.connections).toEqual({})
    expect(fine.calls).toContain("disconnect")
  })

  it("follows wallet events: account change, chain change, and a wallet-side disconnect", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    const result = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const account = yield* Account
        const network = yield* Network
        yield* connection.connect("injected")
        yield* wallet.emit({ _tag: "accountsChanged", accounts: [accountId(`eip155:1:${other}`)] })
        const switched = yield* waitFor(account.state, (s) => s.byNamespace.eip155?.address === other)
        yield* wallet.emit({ _tag: "chainChanged", chainId: networkId("eip155:8453") })
        const chain = yield* waitFor(network.state, (s) => s.caipNetwork.caipNetworkId === "eip155:8453")
        yield* wallet.emit({ _tag: "disconnect" })
        const gone = yield* waitFor(connection.state, (s) => s.status === "disconnected")
        return {
          address: switched.byNamespace.eip155?.caipAddress,
          chain: chain.unsupportedChain,
          gone: gone.connections,
        }
      }),
      { connectors: [wallet.connector] },
    )
    expect(result).toEqual({
      address: `eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8`,
      chain: false,
      gone: {},
    })
  })

  it("switches the wallet's chain, makes the network active and resets the send form", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const result = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        const send = yield* Send
        yield* connection.connect("injected")
        yield* send.update({ sendTokenAmount: "1", receiverAddress: devAccount.address })
        yield* connection.switchNetwork("eip155:8453")
        return {
          network: (yield* SubscriptionRef.get((yield* Network).state)).caipNetwork.caipNetworkId,
          chainId: (yield* connectionState).connections.eip155?.chainId,
          send: yield* SubscriptionRef.get(send.state),
          notFound: yield* Effect.flip(connection.switchNetwork("eip155:10")),
        }
      }),
      { connectors: [wallet.connector] },
    )
    expect(wallet.calls).toContain("switchChain")
    expect(result.network).toBe("eip155:8453")
    expect(result.chainId).toBe("eip155:8453")
    expect(result.send.sendTokenAmount).toBeUndefined()
    expect((result.notFound as Error).message).toBe("Network not found")
  })
})
