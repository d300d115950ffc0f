import { type DevWallet, guardLoopback, type Relay, startDevWallet, startRelay } from "@appkit/fixtures"
import { formatMessage } from "@walletconnect/utils"
import { Cause, Effect, Exit, Fiber, Layer, Option, Stream } from "effect"
import { TestClock } from "effect/testing"
import { verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fromMap, Storage } from "../../storage/Storage"
import { networkId } from "../../testing/testkit"
import type { ConnectorEvent } from "../Connector"
import {
  makeWalletConnectConnector,
  type WalletConnectConnector,
  type WalletConnectOptions,
} from "./WalletConnectConnector"

/** An Exit that failed with an error like `error` (a traced failure also carries its span annotations). */
const failedWith = (error: object) =>
  expect.objectContaining({
    _tag: "Failure",
    cause: expect.objectContaining({
      reasons: [expect.objectContaining({ error: expect.objectContaining(error) })],
    }),
  })

// Real sign-clients on both sides through the local relay; the wallet is the dev WalletConnect wallet.
let relay: Relay
const wallets: Array<DevWallet> = []
let prefix = 0

// Every connection either side attempts must stay on loopback (no verify, pulse or public relay).
const guard = guardLoopback()

beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  for (const wallet of wallets) await wallet.close()
  await relay.close()
  guard.restore()
  expect(guard.attempts).toEqual([])
})

const options = (): WalletConnectOptions => ({
  projectId: "test",
  relayUrl: relay.url,
  chains: ["eip155:31337", "eip155:1"],
  metadata: { name: "AppKit test", description: "test dApp", url: "http://127.0.0.1", icons: [] },
  storagePrefix: `dapp-${prefix++}`,
})

const wallet = async (
  walletOptions: { rejectRequests?: boolean; rejectProposals?: boolean; ignoreRequests?: boolean } = {},
) => {
  const devWallet = await startDevWallet({
    relayUrl: relay.url,
    storagePrefix: `wallet-${prefix++}`,
    ...walletOptions,
  })
  wallets.push(devWallet)
  return devWallet
}

/** Runs `body` with a fresh connector over `map`; the scope (and the relay connection) closes after. */
const withConnector = <A, E>(
  map: Map<string, string>,
  body: (connector: WalletConnectConnector) => Effect.Effect<A, E>,
  connectorOptions: WalletConnectOptions = options(),
) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.flatMap(makeWalletConnectConnector(connectorOptions), body).pipe(
        Effect.provide(Layer.succeed(Storage, fromMap(map))),
      ),
    ).pipe(Effect.provide(TestClock.layer())),
  )

/** Connects by handing the `display_uri` to `devWallet`, as a user scanning the QR code would. */
const connectThrough = (connector: WalletConnectConnector, devWallet: DevWallet, chainId?: string) =>
  Effect.gen(function* () {
    const uri = yield* Effect.forkChild(
      Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "display_uri")),
    )
    yield* Effect.yieldNow
    const connecting = yield* Effect.forkChild(
      connector.connect({ chainId: chainId === undefined ? undefined : networkId(chainId) }),
    )
    const event = Option.getOrThrow(yield* Fiber.join(uri)) as Extract<
      ConnectorEvent,
      { _tag: "display_uri" }
    >
    yield* Effect.promise(() => devWallet.pair(event.uri))
    return yield* Fiber.join(connecting)
  })

describe("WalletConnect connector", () => {
  it("pairs, signs over the session, and restores it from storage in a new instance", async () => {
    const devWallet = await wallet()
    const map = new Map<string, string>()
    const sameApp = options()
    const signature = await withConnector(
      map,
      (connector) =>
        Effect.gen(function* () {
          const connection = yield* connectThrough(connector, devWallet, "eip155:31337")
          expect(connection.chainId).toBe("eip155:31337")
          expect(connection.accounts).toContain(`eip155:31337:${devWallet.address}`)
          expect(connection.accounts).toContain(`eip155:1:${devWallet.address}`)
          expect(connection.allAccounts).toEqual([
            { namespace: "eip155", address: devWallet.address, type: "eoa" },
          ])
          return yield* connector.request({ method: "personal_sign", params: ["0x6869", devWallet.address] })
        }),
      sameApp,
    )
    expect(
      await verifyMessage({
        address: devWallet.address,
        message: "hi",
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    expect([...map.keys()].every((key) => key.startsWith("@appkit/walletconnect/"))).toBe(true)

    const restored = await withConnector(
      map,
      (connector) =>
        Effect.gen(function* () {
          const connection = Option.getOrThrow(yield* connector.restore)
          yield* connector.switchChain(networkId("eip155:1"))
          const chainId = yield* connector.request({ method: "eth_chainId" })
          return { connection, chainId, session: Option.getOrThrow(yield* connector.session) }
        }),
      sameApp,
    )
    expect(restored.connection.accounts).toContain(`eip155:31337:${devWallet.address}`)
    expect(restored.chainId).toBe("0x1")
    expect(restored.session.walletName).toBe("AppKit Dev Wallet")
    expect(restored.connection.allAccounts).toEqual(restored.session.allAccounts)
    expect(restored.session.allAccounts).toEqual([
      { namespace: "eip155", address: devWallet.address, type: "eoa" },
    ])
  })

  it("signs in with the pairing when every requested chain is eip155 (§5)", async () => {
    const devWallet = await wallet()
    const authentication = {
      domain: "app.example",
      uri: "https://app.example/login",
      nonce: () => "n0nce1234",
      statement: "Sign in",
    }
    const result = await withConnector(
      new Map(),
      (connector) =>
        Effect.gen(function* () {
          const connection = yield* connectThrough(connector, devWallet)
          return { connection, auths: yield* connector.authentications }
        }),
      { ...options(), authentication },
    )
    expect(result.connection.accounts).toContain(`eip155:31337:${devWallet.address}`)
    expect(result.auths.map((auth) => auth.p.iss)).toEqual([
      `did:pkh:eip155:31337:${devWallet.address}`,
      `did:pkh:eip155:1:${devWallet.address}`,
    ])
    const [first] = result.auths
    if (first === undefined) throw new Error("no CACAO")
    expect(first.p).toMatchObject({
      domain: "app.example",
      nonce: "n0nce1234",
      aud: "https://app.example/login",
    })
    const message = formatMessage(first.p, first.p.iss)
    expect(message).toContain("app.example wants you to sign in with your Ethereum account:")
    expect(
      await verifyMessage({ address: devWallet.address, message, signature: first.s.s as `0x${string}` }),
    ).toBe(true)
    // connect() hands each CACAO on with the exact text it signs, for the SIWX client to verify and keep.
    expect(result.connection.signIns).toEqual(
      result.auths.map((auth) => ({ message: formatMessage(auth.p, auth.p.iss), cacao: auth })),
    )
  })

  it("uses a plain session proposal when a non-eip155 chain is requested, even with sign-in configured", async () => {
    const devWallet = await wallet()
    const authentication = {
      domain: "app.example",
      uri: "https://app.example/login",
      nonce: () => "n0nce1234",
    }
    const auths = await withConnector(
      new Map(),
      (connector) => Effect.andThen(connectThrough(connector, devWallet), connector.authentications),
      { ...options(), chains: ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"], authentication },
    )
    expect(auths).toEqual([])
  })

  it("forgets the session and says so when the wallet disconnects", async () => {
    const devWallet = await wallet()
    const result = await withConnector(new Map(), (connector) =>
      Effect.gen(function* () {
        yield* connectThrough(connector, devWallet)
        const disconnected = yield* Effect.forkChild(
          Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "disconnect")),
        )
        yield* Effect.yieldNow
        yield* Effect.promise(() => devWallet.disconnectAll())
        const event = yield* Fiber.join(disconnected)
        return {
          event,
          session: yield* connector.session,
          request: yield* Effect.exit(connector.request({ method: "eth_chainId" })),
        }
      }),
    )
    expect(result.event).toEqual(Option.some({ _tag: "disconnect" }))
    expect(result.session).toEqual(Option.none())
    expect(result.request).toMatchObject(
      failedWith({ _tag: "ConnectionError", reason: "connectorNotConnected" }),
    )
  })

  it("follows the wallet to a chain it adds to the session (session update, then chainChanged)", async () => {
    const devWallet = await wallet()
    const result = await withConnector(new Map(), (connector) =>
      Effect.gen(function* () {
        yield* connectThrough(connector, devWallet, "eip155:31337")
        const changed = yield* Effect.forkChild(
          Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "chainChanged")),
        )
        yield* Effect.yieldNow
        yield* Effect.promise(() => devWallet.switchChain("eip155:1337"))
        const event = yield* Fiber.join(changed)
        return {
          event,
          session: Option.getOrThrow(yield* connector.session),
          walletChain: yield* connector.request({ method: "eth_chainId" }),
        }
      }),
    )
    expect(result.event).toEqual(Option.some({ _tag: "chainChanged", chainId: "eip155:1337" }))
    expect(result.session.chainId).toBe("eip155:1337")
    expect(result.session.accounts).toContain(`eip155:1337:${devWallet.address}`)
    // Requests now go to the wallet's chain.
    expect(result.walletChain).toBe("0x539")
  })

  it("follows the wallet to another account (a session update) and signs with it", async () => {
    const devWallet = await wallet()
    // anvil's account 1.
    const next = {
      key: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    } as const
    const result = await withConnector(new Map(), (connector) =>
      Effect.gen(function* () {
        yield* connectThrough(connector, devWallet, "eip155:31337")
        const changed = yield* Effect.forkChild(
          Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "accountsChanged")),
        )
        yield* Effect.yieldNow
        yield* Effect.promise(() => devWallet.selectAccount(next.key))
        const event = yield* Fiber.join(changed)
        const signature = yield* connector.request({
          method: "personal_sign",
          params: ["0x6869", next.address],
        })
        return { event, session: Option.getOrThrow(yield* connector.session), signature }
      }),
    )
    expect(result.event).toEqual(
      Option.some({
        _tag: "accountsChanged",
        accounts: [`eip155:31337:${next.address}`, `eip155:1:${next.address}`],
        allAccounts: [{ namespace: "eip155", address: next.address, type: "eoa" }],
        approvedCaipNetworkIds: ["eip155:31337", "eip155:1"],
      }),
    )
    expect(result.session.chainId).toBe("eip155:31337")
    expect(result.session.allAccounts).toEqual([{ namespace: "eip155", address: next.address, type: "eoa" }])
    expect(
      await verifyMessage({
        address: next.address,
        message: "hi",
        signature: result.signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  describe("takes what the wallet did while the dApp was away before acting (sync)", () => {
    /** Advances the test clock in small steps, with real I/O in between, until `fiber` is done. */
    const drive = <A, E>(fiber: Fiber.Fiber<A, E>) =>
      Effect.gen(function* () {
        for (let tick = 0; tick < 2_000 && fiber.pollUnsafe() === undefined; tick++) {
          yield* TestClock.adjust("50 millis")
          yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 2)))
        }
        return yield* Fiber.join(fiber)
      })
    const syncThenRestore = (connector: WalletConnectConnector) =>
      Effect.gen(function* () {
        const synced = yield* drive(yield* Effect.forkChild(connector.sync))
        return { synced, restored: yield* connector.restore }
      })
    const connectAndLeave = async (
      map: Map<string, string>,
      devWallet: DevWallet,
      app: WalletConnectOptions,
    ) => withConnector(map, (connector) => connectThrough(connector, devWallet, "eip155:31337"), app)

    it("a session the wallet ended while no dApp process ran is gone after sync", async () => {
      const devWallet = await wallet()
      const map = new Map<string, string>()
      const app = options()
      await connectAndLeave(map, devWallet, app)
      await devWallet.disconnectAll()
      const result = await withConnector(map, syncThenRestore, app)
      expect(result).toEqual({ synced: true, restored: Option.none() })
    })

    it("an account the wallet switched to while no dApp process ran is the session's account after sync", async () => {
      const devWallet = await wallet()
      const map = new Map<string, string>()
      const app = options()
      await connectAndLeave(map, devWallet, app)
      const next = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
      // The wallet's update waits for the dApp's acknowledgement, which only the next dApp process gives.
      const switched = devWallet.selectAccount(
        "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
      )
      const result = await withConnector(map, syncThenRestore, app)
      await switched
      expect(result.synced).toBe(true)
      expect(Option.getOrThrow(result.restored).accounts).toEqual([
        `eip155:31337:${next}`,
        `eip155:1:${next}`,
      ])
    })

    it("tells a session this storage never held (storedTopics, before sync) from one the wallet ended", async () => {
      const devWallet = await wallet()
      const map = new Map<string, string>()
      const app = options()
      await connectAndLeave(map, devWallet, app)
      const topicsThen = (storage: Map<string, string>) =>
        withConnector(
          storage,
          (connector) =>
            Effect.gen(function* () {
              const stored = yield* connector.storedTopics
              return { stored, ...(yield* syncThenRestore(connector)) }
            }),
          app,
        )
      const fresh = await topicsThen(new Map())
      expect(fresh).toEqual({ stored: [], synced: true, restored: Option.none() })
      await devWallet.disconnectAll()
      const ended = await topicsThen(map)
      expect(ended.stored).toHaveLength(1)
      expect(ended.restored).toEqual(Option.none())
    })

    it("says so when the relay cannot be reached, and keeps the stored session", async () => {
      const devWallet = await wallet()
      const map = new Map<string, string>()
      const app = options()
      await connectAndLeave(map, devWallet, app)
      const result = await withConnector(map, syncThenRestore, { ...app, relayUrl: "ws://127.0.0.1:1" })
      expect(result.synced).toBe(false)
      expect(Option.isSome(result.restored)).toBe(true)
    })
  })

  it("fails a pending request at once when the wallet ends the session", async () => {
    let requestArrived: () => void = () => {}
    const arrived = new Promise<void>((resolve) => {
      requestArrived = resolve
    })
    const devWallet = await startDevWallet({
      relayUrl: relay.url,
      storagePrefix: `wallet-${prefix++}`,
      ignoreRequests: true,
      log: (line) => line.startsWith("left personal_sign") && requestArrived(),
    })
    wallets.push(devWallet)
    const exit = await withConnector(new Map(), (connector) =>
      Effect.gen(function* () {
        yield* connectThrough(connector, devWallet)
        const signing = yield* Effect.forkChild(
          connector.request({ method: "personal_sign", params: ["0x6869", devWallet.address] }),
        )
        // The user sees the request in the wallet, and ends the session instead of answering it.
        yield* Effect.promise(() => arrived)
        yield* Effect.promise(() => devWallet.disconnectAll())
        return yield* Effect.exit(Fiber.join(signing))
      }),
    )
    expect(Exit.findErrorOption(exit)).toMatchObject(
      Option.some({ _tag: "WalletConnectError", reason: "sessionEnded" }),
    )
  })

  it("bounds a request to a wallet that stopped answering, and names the wallet", async () => {
    const devWallet = await wallet()
    const exit = await withConnector(
      new Map(),
      (connector) =>
        Effect.gen(function* () {
          yield* connectThrough(connector, devWallet)
          yield* Effect.promise(() => devWallet.close())
          const signing = yield* Effect.forkChild(
            connector.request({ method: "personal_sign", params: ["0x6869", devWallet.address] }),
          )
          // A second at a time, with real I/O in between, until the bound ends the request.
          for (let tick = 0; tick < 1_000 && signing.pollUnsafe() === undefined; tick++) {
            yield* TestClock.adjust("1 second")
            yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
          }
          return yield* Effect.exit(Fiber.join(signing))
        }),
      { ...options(), requestTimeout: "20 seconds" },
    )
    expect(Exit.findErrorOption(exit)).toMatchObject(
      Option.some({
        _tag: "WalletRequestTimeout",
        walletName: "AppKit Dev Wallet",
        method: "personal_sign",
        timeoutMs: 20_000,
      }),
    )
  })

  it("maps a rejection in the wallet to 'Signature declined' / 4001", async () => {
    const devWallet = await wallet({ rejectRequests: true })
    const exit = await withConnector(new Map(), (connector) =>
      Effect.exit(
        Effect.andThen(
          connectThrough(connector, devWallet),
          connector.request({ method: "personal_sign", params: ["0x00", devWallet.address] }),
        ),
      ),
    )
    expect(exit).toMatchObject(
      failedWith({ _tag: "ProviderRpcError", code: 4001, message: "Signature declined" }),
    )
  })

  it("refuses an unlisted method before the wallet sees it", async () => {
    const lines: Array<string> = []
    const devWallet = await startDevWallet({
      relayUrl: relay.url,
      storagePrefix: `wallet-${prefix++}`,
      log: (line) => lines.push(line),
    })
    wallets.push(devWallet)
    const exit = await withConnector(new Map(), (connector) =>
      Effect.exit(
        Effect.andThen(
          connectThrough(connector, devWallet),
          connector.request({ method: "admin_addPeer", params: [] }),
        ),
      ),
    )
    expect(exit).toMatchObject(failedWith({ _tag: "RpcPolicyError", reason: "methodNotAllowed" }))
    expect(lines.filter((line) => line.includes("admin_addPeer"))).toEqual([])
  })

  it("holds every approved namespace's accounts and polices polkadot/cosmos by their own method lists", async () => {
    const polkadot = "polkadot:91b171bb158e2d3848fa23a9f1c25182"
    const polkadotAddress = "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5"
    const bitcoin = "bip122:000000000019d6689c085ae165831e93"
    const bitcoinAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
    const lines: Array<string> = []
    const devWallet = await startDevWallet({
      relayUrl: relay.url,
      storagePrefix: `wallet-${prefix++}`,
      otherAccounts: [`${polkadot}:${polkadotAddress}`, `${bitcoin}:${bitcoinAddress}`],
      log: (line) => lines.push(line),
    })
    wallets.push(devWallet)
    const result = await withConnector(
      new Map(),
      (connector) =>
        Effect.gen(function* () {
          const connection = yield* connectThrough(connector, devWallet)
          yield* connector.switchChain(networkId(polkadot))
          return {
            connection,
            evmOnPolkadot: yield* Effect.exit(
              connector.request({ method: "eth_sendTransaction", params: [{ to: devWallet.address }] }),
            ),
            polkadotSign: yield* Effect.exit(
              connector.request({ method: "polkadot_signMessage", params: { message: "hi" } }),
            ),
          }
        }),
      { ...options(), chains: ["eip155:1", polkadot, bitcoin, "cosmos:cosmoshub-4"] },
    )
    expect(result.connection.allAccounts).toEqual([
      { namespace: "eip155", address: devWallet.address, type: "eoa" },
      { namespace: "polkadot", address: polkadotAddress, type: "eoa" },
      { namespace: "bip122", address: bitcoinAddress, type: "payment" },
      // The dev wallet's own cosmos key (its mnemonic's account), as no keyless cosmos account replaces it.
      { namespace: "cosmos", address: "cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7", type: "eoa" },
    ])
    expect(result.evmOnPolkadot).toMatchObject(
      failedWith({ _tag: "RpcPolicyError", reason: "methodNotAllowed", method: "eth_sendTransaction" }),
    )
    // polkadot_signMessage passed the gate and reached the wallet, which holds no Polkadot key.
    expect(result.polkadotSign).toMatchObject(failedWith({ _tag: "ProviderRpcError", code: 4200 }))
    expect(lines.filter((line) => line.includes("eth_sendTransaction"))).toEqual([])
    expect(lines.some((line) => line.startsWith("failed polkadot_signMessage"))).toBe(true)
  })

  it("refuses a session whose accounts its namespaces' address rules refuse, names them, and ends it", async () => {
    const polkadot = "polkadot:91b171bb158e2d3848fa23a9f1c25182"
    const badPolkadot = `${polkadot}:15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp6`
    const badCosmos = "cosmos:cosmoshub-4:cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e8"
    const devWallet = await startDevWallet({
      relayUrl: relay.url,
      storagePrefix: `wallet-${prefix++}`,
      otherAccounts: [badPolkadot, badCosmos],
    })
    wallets.push(devWallet)
    const map = new Map<string, string>()
    const connectorOptions = { ...options(), chains: ["eip155:1", polkadot, "cosmos:cosmoshub-4"] }
    const result = await withConnector(
      map,
      (connector) =>
        Effect.gen(function* () {
          const exit = yield* Effect.exit(connectThrough(connector, devWallet))
          return { exit, session: yield* connector.session }
        }),
      connectorOptions,
    )
    expect(result.exit).toMatchObject(failedWith({ _tag: "WalletConnectError", reason: "invalidAccounts" }))
    const error = Exit.isFailure(result.exit) ? Cause.squash(result.exit.cause) : undefined
    expect((error as Error).message).toBe(
      `The wallet approved accounts that are not valid: ${badPolkadot} (Invalid SS58 address checksum), ` +
        `${badCosmos} (Invalid cosmos address: not a bech32 string with a valid checksum)`,
    )
    expect(result.session).toEqual(Option.none())
    // Nothing is left to restore: a later run does not adopt the refused session.
    const restored = await withConnector(
      map,
      (connector) => Effect.andThen(connector.sync, connector.restore),
      connectorOptions,
    )
    expect(restored).toEqual(Option.none())
  })

  it("reports a rejected proposal", async () => {
    const devWallet = await wallet({ rejectProposals: true })
    const exit = await withConnector(new Map(), (connector) =>
      Effect.exit(connectThrough(connector, devWallet)),
    )
    expect(exit).toMatchObject(failedWith({ _tag: "WalletConnectError", reason: "proposalRejected" }))
  })

  it("expires an unanswered pairing 10 s before its 4 minutes (§4)", async () => {
    const result = await withConnector(new Map(), (connector) =>
      Effect.gen(function* () {
        const uri = yield* Effect.forkChild(
          Stream.runHead(Stream.filter(connector.events, (e) => e._tag === "display_uri")),
        )
        yield* Effect.yieldNow
        const connecting = yield* Effect.forkChild(connector.connect())
        yield* Fiber.join(uri)
        yield* TestClock.adjust("229 seconds")
        const before = connecting.pollUnsafe()
        yield* TestClock.adjust("1 second")
        return { before, after: yield* Effect.exit(Fiber.join(connecting)) }
      }),
    )
    expect(result.before).toBeUndefined()
    expect(result.after).toMatchObject(failedWith({ _tag: "WalletConnectError", reason: "pairingExpired" }))
  })

  it("a silent connect (a reload) without a live stored session answers no account at once and proposes no pairing", async () => {
    const outcome = await withConnector(new Map(), (connector) =>
      Effect.raceFirst(
        Effect.exit(connector.connect({ silent: true })),
        Effect.as(
          Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "display_uri")),
          "a pairing URI was announced",
        ),
      ),
    )
    expect(outcome).toMatchObject(failedWith({ _tag: "ConnectionError", reason: "connectorAccountNotFound" }))
  })

  it("gives up on a relay it cannot reach after the relay timeout", async () => {
    const exit = await withConnector(
      new Map(),
      (connector) =>
        Effect.gen(function* () {
          const connecting = yield* Effect.forkChild(connector.connect())
          // Advance the clock a second at a time, yielding to real I/O in between, until the attempt ends:
          // the timeout fires 15 clock-seconds after it starts, however long sign-client takes to get there.
          for (let tick = 0; tick < 10_000 && connecting.pollUnsafe() === undefined; tick++) {
            yield* TestClock.adjust("1 second")
            yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
          }
          return yield* Effect.exit(Fiber.join(connecting))
        }),
      { ...options(), relayUrl: "ws://127.0.0.1:1" },
    )
    expect(exit).toMatchObject(
      failedWith({
        _tag: "WalletConnectError",
        reason: "unavailable",
        detail: "the relay did not answer within 15s",
      }),
    )
  })

  it("disconnects within the relay timeout when the relay is gone, forgetting the session either way", async () => {
    const ownRelay = await startRelay()
    const devWallet = await startDevWallet({ relayUrl: ownRelay.url, storagePrefix: `wallet-${prefix++}` })
    const map = new Map<string, string>()
    const sameApp = { ...options(), relayUrl: ownRelay.url }
    const result = await withConnector(
      map,
      (connector) =>
        Effect.gen(function* () {
          yield* connectThrough(connector, devWallet)
          yield* Effect.promise(async () => {
            await devWallet.close()
            await ownRelay.close()
          })
          const disconnecting = yield* Effect.forkChild(connector.disconnect())
          // As in the relay-timeout test: clock-seconds with real I/O in between, bounded.
          for (let tick = 0; tick < 120 && disconnecting.pollUnsafe() === undefined; tick++) {
            yield* TestClock.adjust("1 second")
            yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
          }
          const done = disconnecting.pollUnsafe()
          if (done === undefined) yield* Fiber.interrupt(disconnecting)
          return { done, session: yield* connector.session }
        }),
      sameApp,
    )
    expect(result.done).toMatchObject(failedWith({ _tag: "WalletConnectError", reason: "unavailable" }))
    expect(result.session).toEqual(Option.none())
    // Nothing left in storage for the next start to restore.
    expect(await withConnector(map, (connector) => connector.restore, sameApp)).toEqual(Option.none())
  })

  it("rejects networks outside the AppKit namespaces and requests before connecting", async () => {
    const exit = await Effect.runPromise(
      Effect.exit(Effect.scoped(makeWalletConnectConnector({ ...options(), chains: ["tron:1"] }))).pipe(
        Effect.provide(Storage.memory),
      ),
    )
    expect(exit).toMatchObject(failedWith({ _tag: "WalletConnectError", reason: "invalidOptions" }))
    for (const chains of [["eip155:"], ["eip155:1:0xabc"], ["eip155"], []]) {
      const malformed = await Effect.runPromise(
        Effect.exit(Effect.scoped(makeWalletConnectConnector({ ...options(), chains }))).pipe(
          Effect.provide(Storage.memory),
        ),
      )
      expect(malformed).toMatchObject(failedWith({ _tag: "WalletConnectError", reason: "invalidOptions" }))
    }
    const notConnected = await withConnector(new Map(), (connector) =>
      Effect.exit(connector.request({ method: "personal_sign", params: [] })),
    )
    expect(notConnected).toMatchObject(
      failedWith({ _tag: "ConnectionError", reason: "connectorNotConnected" }),
    )
  })
})
