import { Context, Deferred, Duration, Effect, FiberMap, Layer, Option, Stream, SubscriptionRef } from "effect"
import { loadSolana } from "../chains/SolanaSupport"
import type { Connector, ConnectorError, WalletSignIn } from "../connectors/Connector"
import { addressOfAccount } from "../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../domain/namespace"
import { ConnectionError, DisconnectError } from "../errors/connection"
import { LoggedMessages } from "../errors/logged"
import { InvalidWalletReplyError } from "../errors/wallet"
import { SiwxClient } from "../siwx/SiwxClient"
import { Storage } from "../storage/Storage"
import { Account } from "./Account"
import { type ConnectorNotFoundError, Connectors } from "./Connectors"
import {
  adopt,
  type ConnectionContext,
  type ConnectionState,
  forget,
  listen,
  moveToChain,
  namespacesOfConnector,
  refreshAllAccounts,
  storedConnection,
} from "./connectionContext"
import { Network } from "./Network"
import { Pairing } from "./Pairing"
import { restoredOr } from "./restoredState"
import {
  connectionsFrom,
  namespacesOf,
  readStoredConnections,
  statusOf,
  type WalletConnection,
  type WalletConnections,
} from "./walletConnections"
import { afterPageIdle } from "./whenPageIdle"

export type { ConnectionState } from "./connectionContext"
export type { WalletConnection } from "./walletConnections"

export type ConnectErrorType = ConnectorNotFoundError | ConnectorError
export type DisconnectErrorType = ConnectionError | DisconnectError
export type SwitchNetworkErrorType = ConnectorNotFoundError | ConnectorError
export type SignMessageErrorType = ConnectorNotFoundError | ConnectorError | InvalidWalletReplyError

/**
 * How long a stored connection's wallet may take to register and answer on reload before it is dropped.
 * §9 gives no value; a wallet that still holds the permission answers at once, and a silent one (locked,
 * not installed any more, a dead relay) must not leave the app "connecting" for ever.
 */
const reconnectTimeout = Duration.seconds(10)

const hexOf = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`

const connected = (context: ConnectionContext, namespace: ChainNamespace) =>
  Effect.flatMap(SubscriptionRef.get(context.state), (s) => {
    const connection = s.connections[namespace]
    return connection
      ? Effect.succeed(connection)
      : Effect.fail(new ConnectionError({ reason: "connectorNotConnected" }))
  })

/**
 * The namespace's connection and the connector that serves it. A stored connection whose wallet has not
 * answered since the reload (reconnect is still asking it, or it has not registered again) cannot take a
 * request yet: 'Connector unavailable while reconnecting.' (§8, as wagmi raises it) rather than a request
 * that waits on a wallet nobody has reached.
 */
const walletOf = Effect.fn("Connection.walletOf")(function* (
  context: ConnectionContext,
  namespace: ChainNamespace,
) {
  const connection = yield* connected(context, namespace)
  if (context.restoring.has(connection.connectorId))
    return yield* new ConnectionError({ reason: "connectorUnavailableReconnecting" })
  const connector = yield* Effect.option(context.connectors.get(connection.connectorId))
  if (Option.isNone(connector)) {
    yield* Effect.logWarning(LoggedMessages.noConnector, namespace)
    return yield* new ConnectionError({ reason: "connectorUnavailableReconnecting" })
  }
  return { connection, connector: connector.value }
})

const setStatus = (context: ConnectionContext, status: ConnectionState["status"]) =>
  // (unchanged, it stays the same object: subscribers see no change)
  SubscriptionRef.update(context.state, (s): ConnectionState => (s.status === status ? s : { ...s, status }))

/**
 * A wallet that signed in while connecting (one-click) is signed in: the SIWX client verifies and keeps each
 * sign-in. One it refuses is only logged; the sign-in flow then asks for a signature as usual.
 */
const keepSignIns = Effect.fn("Connection.keepSignIns")(function* (
  context: ConnectionContext,
  signIns: ReadonlyArray<WalletSignIn>,
) {
  const add = Option.getOrUndefined(context.siwxClient)?.addWalletSignIn
  if (add === undefined) return
  for (const signIn of signIns)
    yield* Effect.catchCause(add(signIn), (cause) =>
      Effect.logWarning(`A sign-in by ${signIn.cacao.p.iss} did not verify and was not kept`, cause),
    )
})

/** Asks the wallet for its accounts and makes them the namespace connections. */
const establish = Effect.fn("Connection.establish")(function* (
  context: ConnectionContext,
  connector: Connector,
  firstConnection: boolean,
  /** A reconnect after a reload: the wallet must not ask the user (see `Connector.connect`). */
  silent = false,
) {
  const { state, network, account } = context
  const connectorId = connector.id
  const active = yield* SubscriptionRef.get(network.state)
  yield* setStatus(context, "connecting")
  // Listening starts before connect(): a pairing wallet's URI (display_uri) comes while it waits.
  const wasListening = yield* FiberMap.has(context.listeners, connectorId)
  yield* listen(context, connector)
  const failed = Effect.andThen(
    SubscriptionRef.update(state, (s) => ({ ...s, status: statusOf(s.connections, context.pending) })),
    wasListening ? Effect.void : FiberMap.remove(context.listeners, connectorId),
  )
  const chainId = active.activeNetworkIds[connector.chain]
  if (chainId === undefined) yield* Effect.logWarning(LoggedMessages.noCurrentNetwork, connector.chain)
  // (counted while it waits: a connect that fails meanwhile leaves "connecting" showing, see statusOf)
  const result = yield* Effect.acquireUseRelease(
    Effect.sync(() => context.pending++),
    () => connector.connect({ chainId, ...(silent && { silent }) }),
    () => Effect.sync(() => context.pending--),
  ).pipe(Effect.onError(() => failed))
  const connections = connectionsFrom(connectorId, result.accounts, result.chainId)
  if (namespacesOf(connections).length === 0) {
    yield* failed
    return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
  }
  // Before the accounts appear, so the sign-in flow they trigger already finds the session.
  yield* keepSignIns(context, result.signIns ?? [])
  yield* adopt(context, connections)
  context.live.add(connectorId)
  // (a wallet that answered is no longer waiting for its turn to be restored)
  context.restoring.delete(connectorId)
  for (const namespace of namespacesOf(connections))
    yield* account.update(namespace, {
      connectedWalletInfo: { name: connector.name, icon: connector.imageUrl },
    })
  yield* refreshAllAccounts(context, namespacesOf(connections), result.allAccounts)
  if (result.approvedCaipNetworkIds) yield* network.setApprovedCaipNetworkIds(result.approvedCaipNetworkIds)
  // The wallet's chain becomes active when it is on the namespace in use, or nothing was connected yet.
  if (active.activeNamespace === chainNamespaceOf(result.chainId) || firstConnection)
    yield* network.onWalletChain(result.chainId)
  if (connector.type !== "AUTH")
    yield* context.connectors.addRecentWallet({
      id: connector.id,
      name: connector.name,
      ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
      ...(connector.rdns ? { rdns: connector.rdns } : {}),
    })
  return connections
})

/**
 * Connects a connector; while its wallet is still being asked (a double click, two buttons), a second connect of
 * it waits for that answer and shares it: the wallet is asked once (a second ask would fail as already pending,
 * or open a second pairing).
 */
const connect = (
  context: ConnectionContext,
  connectorId: string,
): Effect.Effect<WalletConnections, ConnectErrorType> => {
  const under = context.connecting.get(connectorId)
  if (under !== undefined) return Deferred.await(under)
  const answer = Deferred.makeUnsafe<WalletConnections, ConnectErrorType>()
  context.connecting.set(connectorId, answer)
  return establishFirst(context, connectorId).pipe(
    Effect.onExit((exit) =>
      Effect.andThen(
        Effect.sync(() => context.connecting.delete(connectorId)),
        Deferred.done(answer, exit),
      ),
    ),
  )
}

const establishFirst = Effect.fn("Connection.connect")(function* (
  context: ConnectionContext,
  connectorId: string,
) {
  const connector = yield* context.connectors.get(connectorId)
  const before = yield* SubscriptionRef.get(context.state)
  if (before.connections[connector.chain]?.connectorId === connectorId)
    return yield* new ConnectionError({ reason: "connectorAlreadyConnected" })
  return yield* establish(context, connector, namespacesOf(before.connections).length === 0)
})

/** An announced (EIP-6963) wallet may register just after the app starts: wait for it (reconnect bounds it). */
const registered = (context: ConnectionContext, connectorId: string) =>
  Effect.andThen(
    Stream.runHead(
      Stream.filter(SubscriptionRef.changes(context.connectors.state), (s) =>
        s.connectors.some((c) => c.id === connectorId),
      ),
    ),
    context.connectors.get(connectorId),
  )

/** After a reload: ask each stored connection's wallet again; one that is gone, silent or refusing is dropped. */
const reconnect = Effect.fn("Connection.reconnect")(function* (context: ConnectionContext) {
  const { connections } = yield* SubscriptionRef.get(context.state)
  const connectorIds = new Set(namespacesOf(connections).map((ns) => connections[ns]?.connectorId ?? ""))
  // Each waits its turn, and takes no request before it: its wallet has not been asked yet.
  for (const connectorId of connectorIds)
    if (!context.live.has(connectorId)) context.restoring.add(connectorId)
  for (const connectorId of connectorIds) {
    if (context.live.has(connectorId)) continue
    yield* setStatus(context, "connecting")
    const outcome = yield* Effect.result(
      Effect.timeout(
        Effect.flatMap(registered(context, connectorId), (connector) =>
          establish(context, connector, false, true),
        ),
        reconnectTimeout,
      ),
    ).pipe(Effect.ensuring(Effect.sync(() => context.restoring.delete(connectorId))))
    if (outcome._tag === "Success") continue
    yield* Effect.logWarning(`Connector ${connectorId} unavailable while reconnecting`, outcome.failure)
    yield* forget(context, yield* namespacesOfConnector(context, connectorId))
  }
})

/** Which connector's connections end together: a pairing or auth connection serves several namespaces at once. */
const disconnectGroups = Effect.fn("Connection.disconnectGroups")(function* (
  context: ConnectionContext,
  connections: WalletConnections,
  targets: ReadonlyArray<ChainNamespace>,
) {
  const groups = new Map<string, Array<ChainNamespace>>()
  for (const namespace of targets) {
    const connectorId = connections[namespace]?.connectorId
    if (connectorId === undefined) continue
    const connector = yield* Effect.option(context.connectors.get(connectorId))
    const together =
      Option.isSome(connector) &&
      (connector.value.type === "WALLET_CONNECT" || connector.value.type === "AUTH")
        ? namespacesOf(connections).filter((ns) => connections[ns]?.connectorId === connectorId)
        : [namespace]
    groups.set(connectorId, [...new Set([...(groups.get(connectorId) ?? []), ...together])])
  }
  return groups
})

const disconnect = Effect.fn("Connection.disconnect")(function* (
  context: ConnectionContext,
  only: ChainNamespace | undefined,
) {
  const { connections } = yield* SubscriptionRef.get(context.state)
  if (only !== undefined) yield* connected(context, only)
  const groups = yield* disconnectGroups(
    context,
    connections,
    only === undefined ? namespacesOf(connections) : [only],
  )
  const failures: Array<unknown> = []
  for (const [connectorId, namespaces] of groups) {
    const outcome = yield* Effect.result(
      Effect.flatMap(context.connectors.get(connectorId), (c) => c.disconnect()),
    )
    if (outcome._tag === "Failure") {
      failures.push(outcome.failure)
      yield* Effect.logError(`Failed to disconnect ${connectorId}`, outcome.failure)
    }
    // The local state is cleared either way: a wallet that failed to hear the disconnect is gone for us.
    yield* forget(context, namespaces)
  }
  if (failures.length > 0) return yield* new DisconnectError({ cause: failures })
})

const switchNetwork = Effect.fn("Connection.switchNetwork")(function* (
  context: ConnectionContext,
  caipNetworkId: string,
) {
  const target = yield* context.network.find(caipNetworkId)
  const connection = (yield* SubscriptionRef.get(context.state)).connections[target.chainNamespace]
  if (connection !== undefined && connection.chainId !== target.caipNetworkId) {
    const { connector } = yield* walletOf(context, target.chainNamespace)
    yield* connector.switchChain(target.caipNetworkId, target)
    yield* moveToChain(context, target.chainNamespace, target.caipNetworkId)
  }
  yield* context.network.setActiveNetwork(caipNetworkId)
})

const signMessage = Effect.fn("Connection.signMessage")(function* (
  context: ConnectionContext,
  namespace: ChainNamespace,
  message: string,
) {
  const { connection, connector } = yield* walletOf(context, namespace)
  if (namespace !== "eip155" && namespace !== "solana")
    return yield* new ConnectionError({ reason: "chainAdapterNotFound" })
  const account = connection.accounts[0]
  if (account === undefined) return yield* new ConnectionError({ reason: "connectorNotConnected" })
  return yield* Effect.gen(function* () {
    if (namespace === "solana") {
      // The Solana adapter (base58, ed25519) loads with the first Solana signature, not with the app.
      const { signSolanaMessage } = yield* loadSolana
      return yield* signSolanaMessage(connector, addressOfAccount(account), message)
    }
    const reply = yield* connector.request({
      method: "personal_sign",
      params: [hexOf(message), addressOfAccount(account)],
    })
    if (typeof reply !== "string" || !/^0x[0-9a-fA-F]+$/.test(reply))
      return yield* new InvalidWalletReplyError({ method: "personal_sign", expected: "signature", reply })
    return reply
  }).pipe(Effect.tapError((error) => Effect.logError(LoggedMessages.signMessageFailed, error)))
})

/**
 * The connection state after a reload: the stored connections, "connected" when there are any, or "connecting"
 * when `reconnecting` (the instance asks their wallets again at once: `reconnect` sets the same status).
 */
export const restoredConnectionState = (
  storage: Storage["Service"],
  networks: ReadonlyArray<{ readonly chainNamespace: ChainNamespace }>,
  reconnecting = false,
) =>
  Effect.map(readStoredConnections(storage, networks), (connections): ConnectionState => {
    const status = statusOf(connections)
    return {
      status: reconnecting && status === "connected" ? "connecting" : status,
      connections,
      emailOtpSentAt: undefined,
    }
  })

/**
 * Connection status and the wallet connection of each namespace. It drives connectors only through the
 * Connector contract, keeps Account and Network in step with wallet events, and persists what a reload needs.
 */
export class Connection extends Context.Service<
  Connection,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
    /** Connects a wallet; a pairing wallet may bring accounts on several namespaces at once. */
    readonly connect: (connectorId: string) => Effect.Effect<WalletConnections, ConnectErrorType>
    /** Restores the stored connections with their wallets (after a reload); drops those that fail. Never fails. */
    readonly reconnect: Effect.Effect<void>
    /**
     * Disconnects one namespace, or all. Pairing (WalletConnect) and auth connections end together for every
     * namespace they serve. Failures are collected and logged, then raised as 'Failed to disconnect'.
     */
    readonly disconnect: (namespace?: ChainNamespace) => Effect.Effect<void, DisconnectErrorType>
    /** Asks the wallet to switch (when connected on that namespace), then makes the network active. */
    readonly switchNetwork: (caipNetworkId: string) => Effect.Effect<void, SwitchNetworkErrorType>
    /** Signs a text with the namespace's connected account: personal_sign on eip155, solana_signMessage on solana. */
    readonly signMessage: (
      namespace: ChainNamespace,
      message: string,
    ) => Effect.Effect<string, SignMessageErrorType>
    /**
     * The namespace's connection and its connector: 'Connector not connected.' without one, 'Connector
     * unavailable while reconnecting.' while a stored connection's wallet has not answered since the reload.
     */
    readonly walletOf: (
      namespace: ChainNamespace,
    ) => Effect.Effect<
      { readonly connection: WalletConnection; readonly connector: Connector },
      ConnectionError
    >
  }
>()("appkit/Connection") {
  static readonly layer = Layer.effect(
    Connection,
    Effect.gen(function* () {
      const storage = yield* Storage
      const stored = storedConnection(storage)
      const network = yield* Network
      const { requestedCaipNetworks } = yield* SubscriptionRef.get(network.state)
      const context: ConnectionContext = {
        state: yield* SubscriptionRef.make<ConnectionState>(
          yield* restoredOr("connection", restoredConnectionState(storage, requestedCaipNetworks)),
        ),
        connectors: yield* Connectors,
        account: yield* Account,
        network,
        pairing: yield* Pairing,
        siwxClient: yield* Effect.serviceOption(SiwxClient),
        stored,
        listeners: yield* FiberMap.make<string>(),
        live: new Set(),
        restoring: new Set(),
        connecting: new Map(),
        pending: 0,
      }
      // (the Account service starts with the restored connections' accounts: restoredAccountState)
      const restored = (yield* SubscriptionRef.get(context.state)).connections
      // A restored connection keeps listening to its wallet if that connector is registered again.
      for (const connectorId of new Set(namespacesOf(restored).map((ns) => restored[ns]?.connectorId))) {
        if (connectorId === undefined) continue
        yield* Effect.ignore(Effect.flatMap(context.connectors.get(connectorId), (c) => listen(context, c)))
      }
      // An eip155 account an older version stored in lower case is checksummed once the page is idle.
      if (restored.eip155?.accounts.some((account) => account === account.toLowerCase()))
        yield* Effect.forkScoped(
          afterPageIdle(
            Effect.flatMap(
              Effect.promise(() => import("./lazyFlows")),
              (module) => module.checksumRestored(context),
            ),
          ),
        )
      return Connection.of({
        state: context.state,
        connect: (connectorId) => connect(context, connectorId),
        reconnect: reconnect(context),
        disconnect: (namespace) => disconnect(context, namespace),
        switchNetwork: (caipNetworkId) => switchNetwork(context, caipNetworkId),
        signMessage: (namespace, message) => signMessage(context, namespace, message),
        walletOf: (namespace) => walletOf(context, namespace),
      })
    }),
  )
}
