import { Clock, Context, Duration, Effect, FiberMap, Layer, Schema, Stream, SubscriptionRef } from "effect"
import type { Connector, ConnectorEvent } from "../connectors/Connector"
import type { ChainNamespace } from "../domain/namespace"
import { ConnectionError, DisconnectError } from "../errors/connection"
import { EmailCooldownError } from "../errors/embedded"
import { Storage } from "../storage/Storage"
import { Account } from "./Account"
import { type ConnectorNotFoundError, Connectors } from "./Connectors"
import { Network } from "./Network"
import { Pairing } from "./Pairing"
import { type ConnectionStatus, persisted, type StoredConnection, StoredKeys } from "./persisted"

/** §9: email sign-in may be requested again only after this long. */
export const emailCooldown = Duration.seconds(30)

export interface ConnectionState {
  readonly status: ConnectionStatus
  /** One wallet connection per namespace. */
  readonly connections: Readonly<Partial<Record<ChainNamespace, StoredConnection>>>
  readonly emailOtpSentAt: number | undefined
}

export class InvalidSignatureReplyError extends Schema.TaggedError<InvalidSignatureReplyError>()(
  "InvalidSignatureReplyError",
  { reply: Schema.Unknown },
) {
  override get message(): string {
    return "The wallet returned no signature"
  }
}

const statusOf = (connections: ConnectionState["connections"]): ConnectionStatus =>
  Object.keys(connections).length > 0 ? "connected" : "disconnected"

const hexOf = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`

const namespacesOf = (connections: ConnectionState["connections"]) =>
  Object.keys(connections) as ReadonlyArray<ChainNamespace>

/**
 * Connection status and the wallet connection of each namespace. It drives connectors only through the
 * Connector contract, keeps Account and Network in step with wallet events, and persists what a reload needs.
 */
export class Connection extends Context.Service<
  Connection,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
    readonly connect: (
      connectorId: string,
    ) => Effect.Effect<StoredConnection, ConnectionError | ConnectorNotFoundError | unknown>
    /**
     * Disconnects one namespace, or all. Pairing (WalletConnect) and auth connections end together for every
     * namespace they serve. Failures are collected and logged, then raised as 'Failed to disconnect'.
     */
    readonly disconnect: (
      namespace?: ChainNamespace,
    ) => Effect.Effect<void, ConnectionError | DisconnectError>
    /** Asks the wallet to switch (when connected on that namespace), then makes the network active. */
    readonly switchNetwork: (caipNetworkId: string) => Effect.Effect<void, ConnectionError | unknown>
    /** personal_sign with the namespace's connected account (eip155). */
    readonly signMessage: (
      namespace: ChainNamespace,
      message: string,
    ) => Effect.Effect<string, ConnectionError | InvalidSignatureReplyError | unknown>
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
      const stored = {
        connections: persisted(StoredKeys.connections, storage),
        connectorIds: persisted(StoredKeys.connectedConnectorIds, storage),
        namespaces: persisted(StoredKeys.connectedNamespaces, storage),
        status: persisted(StoredKeys.connectionStatus, storage),
      }
      const restored = (yield* stored.connections.read) ?? {}
      const state = yield* SubscriptionRef.make<ConnectionState>({
        status: statusOf(restored),
        connections: restored,
        emailOtpSentAt: undefined,
      })
      for (const namespace of namespacesOf(restored)) {
        const account0 = restored[namespace]?.accounts[0]
        if (account0 !== undefined) yield* account.setCaipAddress(namespace, account0)
      }
      const listeners = yield* FiberMap.make<ChainNamespace>()

      const save = (connections: ConnectionState["connections"]) =>
        Effect.gen(function* () {
          const namespaces = namespacesOf(connections)
          yield* stored.connections.write(namespaces.length > 0 ? connections : undefined)
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

      const forget = (namespaces: ReadonlyArray<ChainNamespace>) =>
        Effect.gen(function* () {
          yield* setConnections((c) =>
            Object.fromEntries(
              Object.entries(c).filter(([ns]) => !namespaces.includes(ns as ChainNamespace)),
            ),
          )
          for (const namespace of namespaces) {
            yield* account.resetAccount(namespace)
            yield* FiberMap.remove(listeners, namespace)
          }
          yield* pairing.reset
        })

      const onEvent = (namespace: ChainNamespace) => (event: ConnectorEvent) => {
        switch (event._tag) {
          case "accountsChanged": {
            const first = event.accounts[0]
            if (first === undefined) return forget([namespace])
            return Effect.andThen(
              setConnections((c) => {
                const current = c[namespace]
                return current ? { ...c, [namespace]: { ...current, accounts: event.accounts } } : c
              }),
              account.setCaipAddress(namespace, first),
            )
          }
          case "chainChanged":
            return Effect.gen(function* () {
              yield* setConnections((c) => {
                const current = c[namespace]
                return current ? { ...c, [namespace]: { ...current, chainId: event.chainId } } : c
              })
              const active = yield* SubscriptionRef.get(network.state)
              if (active.activeNamespace === namespace) yield* network.onWalletChain(event.chainId)
            })
          case "disconnect":
            return forget([namespace])
          case "display_uri":
            return pairing.setUri(event.uri)
          default:
            return Effect.void
        }
      }

      const listen = (namespace: ChainNamespace, connector: Connector) =>
        FiberMap.run(listeners, namespace, Stream.runForEach(connector.events, onEvent(namespace)))

      // A restored connection keeps listening to its wallet if that connector is registered again.
      for (const namespace of namespacesOf(restored)) {
        const connectorId = restored[namespace]?.connectorId
        if (connectorId === undefined) continue
        yield* Effect.ignore(
          Effect.flatMap(connectors.get(connectorId), (connector) => listen(namespace, connector)),
        )
      }

      const connected = (namespace: ChainNamespace) =>
        Effect.flatMap(SubscriptionRef.get(state), (s) => {
          const connection = s.connections[namespace]
          return connection
            ? Effect.succeed(connection)
            : Effect.fail(new ConnectionError({ reason: "connectorNotConnected" }))
        })

      const connect = (connectorId: string) =>
        Effect.gen(function* () {
          const connector = yield* connectors.get(connectorId)
          const namespace = connector.chain
          const before = yield* SubscriptionRef.get(state)
          if (before.connections[namespace]?.connectorId === connectorId) {
            return yield* new ConnectionError({ reason: "connectorAlreadyConnected" })
          }
          const active = yield* SubscriptionRef.get(network.state)
          yield* SubscriptionRef.update(state, (s): ConnectionState => ({ ...s, status: "connecting" }))
          const result = yield* connector
            .connect({ chainId: active.activeNetworkIds[namespace] })
            .pipe(
              Effect.onError(() =>
                SubscriptionRef.update(state, (s) => ({ ...s, status: statusOf(s.connections) })),
              ),
            )
          const first = result.accounts[0]
          if (first === undefined) {
            yield* SubscriptionRef.update(state, (s) => ({ ...s, status: statusOf(s.connections) }))
            return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
          }
          const connection: StoredConnection = {
            connectorId,
            accounts: result.accounts,
            chainId: result.chainId,
          }
          yield* setConnections((c) => ({ ...c, [namespace]: connection }))
          yield* account.setCaipAddress(namespace, first)
          yield* account.update(namespace, {
            connectedWalletInfo: { name: connector.name, icon: connector.imageUrl },
          })
          if (active.activeNamespace === namespace || namespacesOf(before.connections).length === 0) {
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
          yield* listen(namespace, connector)
          return connection
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
        disconnect,
        switchNetwork: (caipNetworkId) =>
          Effect.gen(function* () {
            const target = yield* network.find(caipNetworkId)
            const { connections } = yield* SubscriptionRef.get(state)
            const connection = connections[target.chainNamespace]
            if (connection !== undefined && connection.chainId !== caipNetworkId) {
              const connector = yield* connectors.get(connection.connectorId)
              yield* connector.switchChain(caipNetworkId)
              yield* setConnections((c) => ({
                ...c,
                [target.chainNamespace]: { ...connection, chainId: caipNetworkId },
              }))
            }
            yield* network.setActiveNetwork(caipNetworkId)
          }),
        signMessage: (namespace, message) =>
          Effect.gen(function* () {
            const connection = yield* connected(namespace)
            if (namespace !== "eip155") return yield* new ConnectionError({ reason: "chainAdapterNotFound" })
            const connector = yield* connectors.get(connection.connectorId)
            const address = (connection.accounts[0] ?? "").split(":").slice(2).join(":")
            const reply = yield* connector.request({
              method: "personal_sign",
              params: [hexOf(message), address],
            })
            if (typeof reply !== "string") return yield* new InvalidSignatureReplyError({ reply })
            return reply
          }),
        requestEmailOtp: (send) =>
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const { emailOtpSentAt } = yield* SubscriptionRef.get(state)
            const remaining =
              emailOtpSentAt === undefined ? 0 : emailOtpSentAt + Duration.toMillis(emailCooldown) - now
            if (remaining > 0) return yield* new EmailCooldownError({ seconds: Math.ceil(remaining / 1000) })
            const result = yield* send
            yield* SubscriptionRef.update(state, (s) => ({ ...s, emailOtpSentAt: now }))
            return result
          }),
      })
    }),
  )
}
