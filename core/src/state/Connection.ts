import { Clock, Context, Duration, Effect, FiberMap, Layer, Option, Stream, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import type { Connector, ConnectorError, ConnectorEvent, WalletSignIn } from "../connectors/Connector"
import type { AccountTypeObject, ConnectionStatus } from "../domain/account"
import { addressOfAccount, type CaipNetworkId } from "../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../domain/namespace"
import { StorageKeys } from "../domain/storageKeys"
import { ConnectionError, DisconnectError } from "../errors/connection"
import { EmailCooldownError } from "../errors/embedded"
import { InvalidWalletReplyError } from "../errors/wallet"
import { SiwxClient } from "../siwx/SiwxClient"
import { persisted } from "../storage/keys"
import { Storage } from "../storage/Storage"
import { Account } from "./Account"
import { type ConnectorNotFoundError, Connectors } from "./Connectors"
import { Network } from "./Network"
import { Pairing } from "./Pairing"
import {
  connectionsFrom,
  fromStored,
  namespacesOf,
  onChain,
  statusOf,
  toStored,
  type WalletConnections,
} from "./walletConnections"

export type { WalletConnection } from "./walletConnections"

const hexOf = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`

/**
 * How long a stored connection's wallet may take to register and answer on reload before it is dropped.
 * §9 gives no value; a wallet that still holds the permission answers at once, and a silent one (locked,
 * not installed any more, a dead relay) must not leave the app "connecting" for ever.
 */
const reconnectTimeout = Duration.seconds(10)

export interface ConnectionState {
  readonly status: ConnectionStatus
  /** One wallet connection per namespace. */
  readonly connections: WalletConnections
  readonly emailOtpSentAt: number | undefined
}

export type ConnectErrorType = ConnectorNotFoundError | ConnectorError
export type DisconnectErrorType = ConnectionError | DisconnectError
export type SwitchNetworkErrorType = ConnectorNotFoundError | ConnectorError
export type SignMessageErrorType = ConnectorNotFoundError | ConnectorError | InvalidWalletReplyError

/**
 * Connection status and the wallet connection of each namespace. It drives connectors only through the
 * Connector contract, keeps Account and Network in step with wallet events, and persists what a reload needs.
 */
export class Connection extends Context.Service<
  Connection,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
    /** Connects a wallet; a pairing wallet may bring accounts on several namespaces at once. */
    readonly connect: (connectorId: string) => Effect.Effect<ConnectionState["connections"], ConnectErrorType>
    /** Restores the stored connections with their wallets (after a reload); drops those that fail. Never fails. */
    readonly reconnect: Effect.Effect<void>
    /**
     * Disconnects one namespace, or all. Pairing (WalletConnect) and auth connections end together for every
     * namespace they serve. Failures are collected and logged, then raised as 'Failed to disconnect'.
     */
    readonly disconnect: (namespace?: ChainNamespace) => Effect.Effect<void, DisconnectErrorType>
    /** Asks the wallet to switch (when connected on that namespace), then makes the network active. */
    readonly switchNetwork: (caipNetworkId: string) => Effect.Effect<void, SwitchNetworkErrorType>
    /** personal_sign with the namespace's connected account (eip155). */
    readonly signMessage: (
      namespace: ChainNamespace,
      message: string,
    ) => Effect.Effect<string, SignMessageErrorType>
    /** Runs `send` unless an email code went out less than 30 s ago ('Please try again after {n} seconds'). */
    readonly requestEmailOtp: <A, E, R>(
      send: Effect.Effect<A, E, R>,
    ) => Effect.Effect<A, E | EmailCooldownError, R>
  }
>()("appkit/Connection") {
  static readonly layer = Layer.effect(
    Connection,
    Effect.gen(function* () {
      const connectors = yield* Connectors
      const account = yield* Account
      const network = yield* Network
      const pairing = yield* Pairing
      const storage = yield* Storage
      const siwxClient = yield* Effect.serviceOption(SiwxClient)
      const stored = {
        connections: persisted(StorageKeys.connections, storage),
        connectorIds: persisted(StorageKeys.connectedConnectorIds, storage),
        namespaces: persisted(StorageKeys.connectedNamespaces, storage),
        status: persisted(StorageKeys.connectionStatus, storage),
      }
      const restored = fromStored((yield* stored.connections.read) ?? {})
      const state = yield* SubscriptionRef.make<ConnectionState>({
        status: statusOf(restored),
        connections: restored,
        emailOtpSentAt: undefined,
      })
      for (const namespace of namespacesOf(restored)) {
        const account0 = restored[namespace]?.accounts[0]
        if (account0 !== undefined) yield* account.setCaipAddress(namespace, account0)
      }
      // One listener per connector: a pairing connector serves several namespaces through one event stream.
      const listeners = yield* FiberMap.make<string>()
      // Connectors whose wallet answered connect() in this instance: reconnect leaves them alone (asking a
      // connected wallet to connect again fails with 'Connector already connected.' and would drop it).
      const live = new Set<string>()

      const save = (connections: ConnectionState["connections"]) =>
        Effect.gen(function* () {
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

      const setConnections = (f: (c: ConnectionState["connections"]) => ConnectionState["connections"]) =>
        Effect.gen(function* () {
          const next = yield* SubscriptionRef.updateAndGet(state, (s) => {
            const connections = f(s.connections)
            return { ...s, connections, status: statusOf(connections) }
          })
          yield* save(next.connections)
        })

      const namespacesOfConnector = (connectorId: string) =>
        Effect.map(SubscriptionRef.get(state), (s) =>
          namespacesOf(s.connections).filter((ns) => s.connections[ns]?.connectorId === connectorId),
        )

      const forget = (namespaces: ReadonlyArray<ChainNamespace>) =>
        Effect.gen(function* () {
          const before = yield* SubscriptionRef.get(state)
          yield* setConnections((c) =>
            Object.fromEntries(
              Object.entries(c).filter(([ns]) => !namespaces.includes(ns as ChainNamespace)),
            ),
          )
          for (const namespace of namespaces) yield* account.resetAccount(namespace)
          const after = yield* SubscriptionRef.get(state)
          const stillUsed = new Set(
            namespacesOf(after.connections).map((ns) => after.connections[ns]?.connectorId),
          )
          for (const ns of namespaces) {
            const connectorId = before.connections[ns]?.connectorId
            if (connectorId !== undefined && !stillUsed.has(connectorId)) {
              live.delete(connectorId)
              yield* FiberMap.remove(listeners, connectorId)
            }
          }
          yield* pairing.reset
        })

      const adopt = (connections: ConnectionState["connections"]) =>
        Effect.gen(function* () {
          yield* setConnections((c) => ({ ...c, ...connections }))
          for (const namespace of namespacesOf(connections)) {
            const first = connections[namespace]?.accounts[0]
            if (first !== undefined) yield* account.setCaipAddress(namespace, first)
          }
        })

      /** §3 account type objects of each namespace, from a connector that reports them (on connect and on change). */
      const refreshAllAccounts = (
        namespaces: ReadonlyArray<ChainNamespace>,
        allAccounts: ReadonlyArray<AccountTypeObject> | undefined,
      ) =>
        Effect.forEach(
          allAccounts === undefined ? [] : namespaces,
          (namespace) =>
            account.update(namespace, {
              allAccounts: (allAccounts ?? []).filter((a) => a.namespace === namespace),
            }),
          { discard: true },
        )

      const moveToChain = (namespace: ChainNamespace, chainId: CaipNetworkId) =>
        Effect.gen(function* () {
          const current = (yield* SubscriptionRef.get(state)).connections[namespace]
          if (current === undefined || current.chainId === chainId) return
          const moved = onChain(current, chainId)
          yield* adopt({ [namespace]: moved })
        })

      const onEvent = (connectorId: string) => (event: ConnectorEvent) => {
        switch (event._tag) {
          case "accountsChanged":
            return Effect.gen(function* () {
              const mine = yield* namespacesOfConnector(connectorId)
              if (event.accounts.length === 0) return yield* forget(mine)
              const { connections } = yield* SubscriptionRef.get(state)
              const updated = connectionsFrom(connectorId, event.accounts, undefined)
              const changed = Object.fromEntries(
                mine.flatMap((ns) => {
                  const next = updated[ns]
                  const current = connections[ns]
                  return next && current ? [[ns, { ...current, accounts: next.accounts }]] : []
                }),
              )
              yield* adopt(changed)
              yield* refreshAllAccounts(namespacesOf(changed), event.allAccounts)
            })
          case "chainChanged":
            return Effect.gen(function* () {
              const namespace = chainNamespaceOf(event.chainId)
              if (namespace === undefined || !(yield* namespacesOfConnector(connectorId)).includes(namespace))
                return
              yield* moveToChain(namespace, event.chainId)
              const active = yield* SubscriptionRef.get(network.state)
              if (active.activeNamespace === namespace) yield* network.onWalletChain(event.chainId)
            })
          case "disconnect":
            return Effect.flatMap(namespacesOfConnector(connectorId), forget)
          case "display_uri":
            return pairing.setUri(event.uri)
          default:
            return Effect.void
        }
      }

      const listen = (connector: Connector) =>
        FiberMap.run(listeners, connector.id, Stream.runForEach(connector.events, onEvent(connector.id)), {
          onlyIfMissing: true,
          // Subscribe before connect() returns, so no event right after connecting is missed.
          startImmediately: true,
        })

      // A restored connection keeps listening to its wallet if that connector is registered again.
      for (const connectorId of new Set(namespacesOf(restored).map((ns) => restored[ns]?.connectorId))) {
        if (connectorId === undefined) continue
        yield* Effect.ignore(Effect.flatMap(connectors.get(connectorId), listen))
      }

      const connected = (namespace: ChainNamespace) =>
        Effect.flatMap(SubscriptionRef.get(state), (s) => {
          const connection = s.connections[namespace]
          return connection
            ? Effect.succeed(connection)
            : Effect.fail(new ConnectionError({ reason: "connectorNotConnected" }))
        })

      const restoreStatus = SubscriptionRef.update(state, (s) => ({ ...s, status: statusOf(s.connections) }))

      /**
       * A wallet that signed in while connecting (one-click) is signed in: the SIWX client verifies and keeps
       * each sign-in. One it refuses is only logged; the sign-in flow then asks for a signature as usual.
       */
      const keepSignIns = (signIns: ReadonlyArray<WalletSignIn>) =>
        Effect.gen(function* () {
          const add = Option.getOrUndefined(siwxClient)?.addWalletSignIn
          if (add === undefined) return
          for (const signIn of signIns)
            yield* Effect.catchCause(add(signIn), (cause) =>
              Effect.logWarning(`A sign-in by ${signIn.cacao.p.iss} did not verify and was not kept`, cause),
            )
        })

      /** Asks the wallet for its accounts and makes them the namespace connections. */
      const establish = (connector: Connector, firstConnection: boolean) =>
        Effect.gen(function* () {
          const connectorId = connector.id
          const active = yield* SubscriptionRef.get(network.state)
          yield* SubscriptionRef.update(state, (s): ConnectionState => ({ ...s, status: "connecting" }))
          // Listening starts before connect(): a pairing wallet's URI (display_uri) comes while it waits.
          const wasListening = yield* FiberMap.has(listeners, connectorId)
          yield* listen(connector)
          const failed = Effect.andThen(
            restoreStatus,
            wasListening ? Effect.void : FiberMap.remove(listeners, connectorId),
          )
          const result = yield* connector
            .connect({ chainId: active.activeNetworkIds[connector.chain] })
            .pipe(Effect.onError(() => failed))
          const connections = connectionsFrom(connectorId, result.accounts, result.chainId)
          if (namespacesOf(connections).length === 0) {
            yield* failed
            return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
          }
          // Before the accounts appear, so the sign-in flow they trigger already finds the session.
          yield* keepSignIns(result.signIns ?? [])
          yield* adopt(connections)
          live.add(connectorId)
          for (const namespace of namespacesOf(connections)) {
            yield* account.update(namespace, {
              connectedWalletInfo: { name: connector.name, icon: connector.imageUrl },
            })
          }
          yield* refreshAllAccounts(namespacesOf(connections), result.allAccounts)
          // The wallet's chain becomes active when it is on the namespace in use, or nothing was connected yet.
          const walletNamespace = chainNamespaceOf(result.chainId)
          if (active.activeNamespace === walletNamespace || firstConnection) {
            yield* network.onWalletChain(result.chainId)
          }
          if (connector.type !== "AUTH") {
            yield* connectors.addRecentWallet({
              id: connector.id,
              name: connector.name,
              ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
              ...(connector.rdns ? { rdns: connector.rdns } : {}),
            })
          }
          return connections
        })

      const connect = (connectorId: string) =>
        Effect.gen(function* () {
          const connector = yield* connectors.get(connectorId)
          const before = yield* SubscriptionRef.get(state)
          if (before.connections[connector.chain]?.connectorId === connectorId) {
            return yield* new ConnectionError({ reason: "connectorAlreadyConnected" })
          }
          return yield* establish(connector, namespacesOf(before.connections).length === 0)
        })

      // An announced (EIP-6963) wallet may register just after the app starts: wait for it (reconnect bounds it).
      const registered = (connectorId: string) =>
        Effect.andThen(
          Stream.runHead(
            Stream.filter(SubscriptionRef.changes(connectors.state), (s) =>
              s.connectors.some((c) => c.id === connectorId),
            ),
          ),
          connectors.get(connectorId),
        )

      // After a reload: ask each stored connection's wallet again; one that is gone, silent or refusing is dropped.
      const reconnect = Effect.gen(function* () {
        const { connections } = yield* SubscriptionRef.get(state)
        const connectorIds = new Set(
          namespacesOf(connections).map((ns) => connections[ns]?.connectorId ?? ""),
        )
        for (const connectorId of connectorIds) {
          if (live.has(connectorId)) continue
          yield* SubscriptionRef.update(state, (s): ConnectionState => ({ ...s, status: "connecting" }))
          const outcome = yield* Effect.result(
            Effect.timeout(
              Effect.flatMap(registered(connectorId), (connector) => establish(connector, false)),
              reconnectTimeout,
            ),
          )
          if (outcome._tag === "Success") continue
          yield* Effect.logWarning(`Connector ${connectorId} unavailable while reconnecting`, outcome.failure)
          yield* Effect.flatMap(namespacesOfConnector(connectorId), forget)
        }
      })

      const disconnect = (only?: ChainNamespace) =>
        Effect.gen(function* () {
          const { connections } = yield* SubscriptionRef.get(state)
          if (only !== undefined) yield* connected(only)
          const targets = only === undefined ? namespacesOf(connections) : [only]
          // A pairing or auth connection serves several namespaces at once: they go together.
          const groups = new Map<string, Array<ChainNamespace>>()
          for (const namespace of targets) {
            const connectorId = connections[namespace]?.connectorId
            if (connectorId === undefined) continue
            const connector = yield* Effect.option(connectors.get(connectorId))
            const together =
              connector._tag === "Some" &&
              (connector.value.type === "WALLET_CONNECT" || connector.value.type === "AUTH")
                ? namespacesOf(connections).filter((ns) => connections[ns]?.connectorId === connectorId)
                : [namespace]
            groups.set(connectorId, [...new Set([...(groups.get(connectorId) ?? []), ...together])])
          }
          const failures: Array<unknown> = []
          for (const [connectorId, namespaces] of groups) {
            const outcome = yield* Effect.result(
              Effect.flatMap(connectors.get(connectorId), (c) => c.disconnect()),
            )
            if (outcome._tag === "Failure") {
              failures.push(outcome.failure)
              yield* Effect.logError(`Failed to disconnect ${connectorId}`, outcome.failure)
            }
            // The local state is cleared either way: a wallet that failed to hear the disconnect is gone for us.
            yield* forget(namespaces)
          }
          if (failures.length > 0) return yield* new DisconnectError({ cause: failures })
        })

      return Connection.of({
        state,
        connect,
        reconnect,
        disconnect,
        switchNetwork: (caipNetworkId) =>
          Effect.gen(function* () {
            const target = yield* network.find(caipNetworkId)
            const { connections } = yield* SubscriptionRef.get(state)
            const connection = connections[target.chainNamespace]
            if (connection !== undefined && connection.chainId !== target.caipNetworkId) {
              const connector = yield* connectors.get(connection.connectorId)
              yield* connector.switchChain(target.caipNetworkId)
              yield* moveToChain(target.chainNamespace, target.caipNetworkId)
            }
            yield* network.setActiveNetwork(caipNetworkId)
          }),
        signMessage: (namespace, message) =>
          Effect.gen(function* () {
            const connection = yield* connected(namespace)
            if (namespace !== "eip155") return yield* new ConnectionError({ reason: "chainAdapterNotFound" })
            const connector = yield* connectors.get(connection.connectorId)
            const account = connection.accounts[0]
            if (account === undefined) return yield* new ConnectionError({ reason: "connectorNotConnected" })
            const address = addressOfAccount(account)
            const reply = yield* connector.request({
              method: "personal_sign",
              params: [hexOf(message), address],
            })
            if (typeof reply !== "string" || !/^0x[0-9a-fA-F]+$/.test(reply))
              return yield* new InvalidWalletReplyError({
                method: "personal_sign",
                expected: "signature",
                reply,
              })
            return reply
          }),
        requestEmailOtp: (send) =>
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const { emailOtpSentAt } = yield* SubscriptionRef.get(state)
            const remaining =
              emailOtpSentAt === undefined
                ? 0
                : emailOtpSentAt + Duration.toMillis(Timings.emailLoginCooldown) - now
            if (remaining > 0) return yield* new EmailCooldownError({ seconds: Math.ceil(remaining / 1000) })
            // The slot is taken before sending, so a second click while the first code is on its way is refused
            // too; a send that fails gives it back.
            yield* SubscriptionRef.update(state, (s) => ({ ...s, emailOtpSentAt: now }))
            return yield* send.pipe(
              Effect.onError(() => SubscriptionRef.update(state, (s) => ({ ...s, emailOtpSentAt }))),
            )
          }),
      })
    }),
  )
}
