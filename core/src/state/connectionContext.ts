import { type Deferred, Effect, FiberMap, type Option, Stream, SubscriptionRef } from "effect"
import type { Connector, ConnectorEvent } from "../connectors/Connector"
import type { AccountTypeObject, ConnectionStatus } from "../domain/account"
import type { CaipNetworkId } from "../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../domain/namespace"
import { StorageKeys } from "../domain/storageKeys"
import type { SiwxClient } from "../siwx/SiwxClient"
import { persisted } from "../storage/keys"
import type { Storage } from "../storage/Storage"
import type { Account } from "./Account"
import type { ConnectErrorType } from "./Connection"
import type { Connectors } from "./Connectors"
import type { Network } from "./Network"
import type { Pairing } from "./Pairing"
import {
  connectionsFrom,
  namespacesOf,
  onChain,
  statusOf,
  toStored,
  type WalletConnections,
} from "./walletConnections"

export interface ConnectionState {
  readonly status: ConnectionStatus
  /** One wallet connection per namespace. */
  readonly connections: WalletConnections
  readonly emailOtpSentAt: number | undefined
}

/** What the Connection service's operations share: its state, the services it keeps in step, its listeners. */
export interface ConnectionContext {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
  readonly connectors: Connectors["Service"]
  readonly account: Account["Service"]
  readonly network: Network["Service"]
  readonly pairing: Pairing["Service"]
  readonly siwxClient: Option.Option<SiwxClient["Service"]>
  readonly stored: ReturnType<typeof storedConnection>
  /** One listener per connector: a pairing connector serves several namespaces through one event stream. */
  readonly listeners: FiberMap.FiberMap<string>
  /**
   * Connectors whose wallet answered connect() in this instance: reconnect leaves them alone (asking a
   * connected wallet to connect again fails with 'Connector already connected.' and would drop it).
   */
  readonly live: Set<string>
  /** Connectors whose stored connection reconnect is restoring right now: not ready for requests yet. */
  readonly restoring: Set<string>
  /** The connect under way of each connector: a second connect of it (a double click) waits for that one. */
  readonly connecting: Map<string, Deferred.Deferred<WalletConnections, ConnectErrorType>>
  /** How many connects (and reconnects) are waiting on their wallet now. */
  pending: number
}

/** The §3 keys a reload needs to bring the connections back. */
export const storedConnection = (storage: Storage["Service"]) => ({
  connections: persisted(StorageKeys.connections, storage),
  connectorIds: persisted(StorageKeys.connectedConnectorIds, storage),
  namespaces: persisted(StorageKeys.connectedNamespaces, storage),
  status: persisted(StorageKeys.connectionStatus, storage),
})

/** Writes the connections, their connectors, namespaces and status to the §3 keys. */
export const save = Effect.fn("Connection.save")(function* (
  context: ConnectionContext,
  connections: WalletConnections,
) {
  const { stored } = context
  const namespaces = namespacesOf(connections)
  yield* stored.connections.write(namespaces.length > 0 ? toStored(connections) : undefined)
  yield* stored.connectorIds.write(
    namespaces.length > 0
      ? Object.fromEntries(namespaces.map((ns) => [ns, connections[ns]?.connectorId ?? ""]))
      : undefined,
  )
  yield* stored.namespaces.write(namespaces.length > 0 ? namespaces : undefined)
  yield* stored.status.write(statusOf(connections))
})

const setConnections = (context: ConnectionContext, f: (c: WalletConnections) => WalletConnections) =>
  Effect.flatMap(
    SubscriptionRef.updateAndGet(context.state, (s) => {
      const connections = f(s.connections)
      return { ...s, connections, status: statusOf(connections, context.pending) }
    }),
    (next) => save(context, next.connections),
  )

export const namespacesOfConnector = (context: ConnectionContext, connectorId: string) =>
  Effect.map(SubscriptionRef.get(context.state), (s) =>
    namespacesOf(s.connections).filter((ns) => s.connections[ns]?.connectorId === connectorId),
  )

/** Drops the namespaces' connections and accounts; a connector that serves none any more is no longer heard. */
export const forget = Effect.fn("Connection.forget")(function* (
  context: ConnectionContext,
  namespaces: ReadonlyArray<ChainNamespace>,
) {
  const before = yield* SubscriptionRef.get(context.state)
  yield* setConnections(context, (c) =>
    Object.fromEntries(Object.entries(c).filter(([ns]) => !namespaces.includes(ns as ChainNamespace))),
  )
  for (const namespace of namespaces) yield* context.account.resetAccount(namespace)
  // The networks a wallet approved are no longer approved once its namespace is not connected.
  const { approvedCaipNetworkIds } = yield* SubscriptionRef.get(context.network.state)
  const approved = approvedCaipNetworkIds.filter(
    (id) => !namespaces.some((ns) => ns === chainNamespaceOf(id)),
  )
  if (approved.length < approvedCaipNetworkIds.length)
    yield* context.network.setApprovedCaipNetworkIds(approved)
  const after = yield* SubscriptionRef.get(context.state)
  const stillUsed = new Set(namespacesOf(after.connections).map((ns) => after.connections[ns]?.connectorId))
  for (const ns of namespaces) {
    const connectorId = before.connections[ns]?.connectorId
    if (connectorId !== undefined && !stillUsed.has(connectorId)) {
      context.live.delete(connectorId)
      yield* FiberMap.remove(context.listeners, connectorId)
    }
  }
  yield* context.pairing.reset
})

/** Makes these the namespaces' connections, each namespace's first account its account. */
export const adopt = Effect.fn("Connection.adopt")(function* (
  context: ConnectionContext,
  connections: WalletConnections,
) {
  yield* setConnections(context, (c) => ({ ...c, ...connections }))
  for (const namespace of namespacesOf(connections)) {
    const first = connections[namespace]?.accounts[0]
    if (first !== undefined) yield* context.account.setCaipAddress(namespace, first)
  }
})

/** §3 account type objects of each namespace, from a connector that reports them (on connect and on change). */
export const refreshAllAccounts = (
  context: ConnectionContext,
  namespaces: ReadonlyArray<ChainNamespace>,
  allAccounts: ReadonlyArray<AccountTypeObject> | undefined,
) =>
  Effect.forEach(
    allAccounts === undefined ? [] : namespaces,
    (namespace) =>
      context.account.update(namespace, {
        allAccounts: (allAccounts ?? []).filter((a) => a.namespace === namespace),
      }),
    { discard: true },
  )

/** The namespace's accounts, now on `chainId` (a CAIP-10 id carries its chain). */
export const moveToChain = Effect.fn("Connection.moveToChain")(function* (
  context: ConnectionContext,
  namespace: ChainNamespace,
  chainId: CaipNetworkId,
) {
  const current = (yield* SubscriptionRef.get(context.state)).connections[namespace]
  if (current === undefined || current.chainId === chainId) return
  yield* adopt(context, { [namespace]: onChain(current, chainId) })
})

const onAccountsChanged = Effect.fn("Connection.onAccountsChanged")(function* (
  context: ConnectionContext,
  connectorId: string,
  event: Extract<ConnectorEvent, { readonly _tag: "accountsChanged" }>,
) {
  const mine = yield* namespacesOfConnector(context, connectorId)
  const updated = connectionsFrom(connectorId, event.accounts, undefined)
  // The event lists every account the wallet now gives (a WalletConnect session names all its namespaces'):
  // a namespace of this connection it leaves out has none any more.
  const gone = mine.filter((ns) => updated[ns] === undefined)
  if (gone.length > 0) yield* forget(context, gone)
  if (gone.length === mine.length) return
  const { connections } = yield* SubscriptionRef.get(context.state)
  const changed = Object.fromEntries(
    mine.flatMap((ns) => {
      const next = updated[ns]
      const current = connections[ns]
      return next && current ? [[ns, { ...current, accounts: next.accounts }]] : []
    }),
  )
  yield* adopt(context, changed)
  yield* refreshAllAccounts(context, namespacesOf(changed), event.allAccounts)
  if (event.approvedCaipNetworkIds)
    yield* context.network.setApprovedCaipNetworkIds(event.approvedCaipNetworkIds)
})

const onChainChanged = Effect.fn("Connection.onChainChanged")(function* (
  context: ConnectionContext,
  connectorId: string,
  chainId: CaipNetworkId,
) {
  const namespace = chainNamespaceOf(chainId)
  if (namespace === undefined || !(yield* namespacesOfConnector(context, connectorId)).includes(namespace))
    return
  yield* moveToChain(context, namespace, chainId)
  const active = yield* SubscriptionRef.get(context.network.state)
  if (active.activeNamespace === namespace) yield* context.network.onWalletChain(chainId)
})

/** Keeps Account, Network and Pairing in step with what a connector's wallet reports. */
const onEvent = (context: ConnectionContext, connectorId: string) => (event: ConnectorEvent) => {
  switch (event._tag) {
    case "accountsChanged":
      return onAccountsChanged(context, connectorId, event)
    case "chainChanged":
      return onChainChanged(context, connectorId, event.chainId)
    case "disconnect":
      return Effect.flatMap(namespacesOfConnector(context, connectorId), (mine) => forget(context, mine))
    case "display_uri":
      return context.pairing.setUri(event.uri)
    default:
      return Effect.void
  }
}

export const listen = (context: ConnectionContext, connector: Connector) =>
  FiberMap.run(
    context.listeners,
    connector.id,
    Stream.runForEach(connector.events, onEvent(context, connector.id)),
    {
      onlyIfMissing: true,
      // Subscribe before connect() returns, so no event right after connecting is missed.
      startImmediately: true,
    },
  )
