import { Effect, Option, Schema } from "effect"
import type { ConnectionStatus } from "../domain/account"
import {
  accountOn,
  addressOfAccount,
  type CaipAccountId,
  type CaipNetworkId,
  decodeCaipAccountIds,
  networkOfAccount,
} from "../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../domain/namespace"
import { PairingConnection, type PairingConnections } from "../domain/pairing"
import { StorageKeys } from "../domain/storageKeys"
import { persisted } from "../storage/keys"
import type { Storage } from "../storage/Storage"

/** A wallet connection in one namespace: CAIP-10 accounts on the active CAIP-2 chain. */
export interface WalletConnection {
  readonly connectorId: string
  readonly accounts: ReadonlyArray<CaipAccountId>
  readonly chainId: CaipNetworkId
}

/** One connection per namespace. */
export type WalletConnections = Readonly<Partial<Record<ChainNamespace, WalletConnection>>>

export const namespacesOf = (connections: WalletConnections) =>
  Object.keys(connections) as ReadonlyArray<ChainNamespace>

/**
 * "connected" while any namespace is; else "connecting" while a connect is still waiting on its wallet (`pending`
 * of them): a connect that fails or a connection that ends leaves another's pending connect showing, as the
 * connect that started it set it.
 */
export const statusOf = (connections: WalletConnections, pending = 0): ConnectionStatus =>
  namespacesOf(connections).length > 0 ? "connected" : pending ? "connecting" : "disconnected"

/**
 * What a connector reported, as one connection per namespace (a pairing wallet answers for several).
 * `chainId` is the wallet's active chain; other namespaces take the chain of their first account.
 */
export const connectionsFrom = (
  connectorId: string,
  accounts: ReadonlyArray<CaipAccountId>,
  chainId: CaipNetworkId | undefined,
): WalletConnections => {
  const grouped: Partial<Record<ChainNamespace, WalletConnection>> = {}
  for (const caipAddress of accounts) {
    const namespace = chainNamespaceOf(caipAddress)
    if (namespace === undefined) continue
    const current = grouped[namespace]
    grouped[namespace] = current
      ? { ...current, accounts: [...current.accounts, caipAddress] }
      : {
          connectorId,
          accounts: [caipAddress],
          chainId:
            chainId !== undefined && chainNamespaceOf(chainId) === namespace
              ? chainId
              : networkOfAccount(caipAddress),
        }
  }
  return grouped
}

/** The same accounts on another chain of the namespace (CAIP-10 ids carry their chain). */
export const onChain = (connection: WalletConnection, chainId: CaipNetworkId): WalletConnection => ({
  ...connection,
  chainId,
  accounts: connection.accounts.flatMap((account) =>
    Option.toArray(accountOn(chainId, addressOfAccount(account))),
  ),
})

/** `@appkit/connections` keeps the accounts as CAIP-10 ids, so the active chain comes back with them. */
export const toStored = (connections: WalletConnections): PairingConnections =>
  Object.fromEntries(
    namespacesOf(connections).flatMap((namespace) => {
      const connection = connections[namespace]
      if (connection === undefined) return []
      const stored = {
        connectorId: connection.connectorId,
        accounts: connection.accounts.map((address) => ({ address })),
      }
      return [[namespace, [stored]]]
    }),
  )

/**
 * The connections stored before a reload (§3 `@appkit/connections`), read back with `fromStored`, in the namespaces
 * of the app's `networks` only: one the app no longer configures is left out, as a restored network it no longer
 * requests is (reconnect would ask its wallet again, and nothing could use it).
 */
export const readStoredConnections = (
  storage: Storage["Service"],
  networks: ReadonlyArray<{ readonly chainNamespace: ChainNamespace }>,
) =>
  Effect.gen(function* () {
    const stored = (yield* persisted(StorageKeys.connections, storage).read) ?? {}
    // Each namespace's entry on its own: one unreadable entry (a hand edit, an old version) loses no other.
    const readable: { [N in ChainNamespace]?: ReadonlyArray<PairingConnection> } = {}
    for (const namespace of Object.keys(stored) as ReadonlyArray<ChainNamespace>) {
      if (!networks.some((network) => network.chainNamespace === namespace)) continue
      const entry = decodeConnections(stored[namespace])
      if (Option.isSome(entry)) readable[namespace] = entry.value
      else yield* Effect.logWarning(`Discarding the unreadable stored ${namespace} connection`)
    }
    return fromStored(readable)
  })

const decodeConnections = Schema.decodeUnknownOption(Schema.Array(PairingConnection))

/** Reads stored connections back; an entry without a CAIP-10 account of its own namespace is dropped. */
export const fromStored = (stored: PairingConnections): WalletConnections =>
  Object.fromEntries(
    (Object.keys(stored) as ReadonlyArray<ChainNamespace>).flatMap((namespace) => {
      const connection = stored[namespace]?.[0]
      if (connection === undefined) return []
      const accounts = decodeCaipAccountIds(connection.accounts.map((account) => account.address)).filter(
        (account) => chainNamespaceOf(account) === namespace,
      )
      const first = accounts[0]
      if (first === undefined) return []
      return [
        [namespace, { connectorId: connection.connectorId, accounts, chainId: networkOfAccount(first) }],
      ]
    }),
  )
