import { Schema } from "effect"
import { ConnectionStatus, PreferredAccountTypes } from "./account"
import { AmountString } from "./amount"
import { bitcoinDefaultProviderKey } from "./bitcoinStorageKey"
import { Identity, NameRecord } from "./names"
import { ChainNamespace } from "./namespace"
import { PairingConnections } from "./pairing"
import { perNamespace } from "./perNamespace"
import { EpochMillis } from "./primitives"
import { SocialProvider } from "./social"
import { Token } from "./token"

/**
 * Every persisted key of §3, each paired with the Schema of its value, so no caller reads or writes a
 * key with a shape of its own (storage/keys does the reading and writing). Names follow the original product's keys so existing browser storage
 * keeps working. Values are JSON, except sats-connect's default provider, which that library itself
 * reads and writes as a bare string.
 */
export interface StorageKey<S extends Schema.Top> {
  readonly key: string
  readonly schema: S
  readonly encoding: "json" | "raw"
}

const jsonKey = <S extends Schema.Top>(key: string, schema: S): StorageKey<S> => ({
  key,
  schema,
  encoding: "json",
})

/** A cache kept in storage: entries keyed by address (or name), each stamped with when it was fetched. */
const TimestampedCache = <S extends Schema.Top>(value: S) =>
  Schema.Record(Schema.String, Schema.Struct({ timestamp: EpochMillis, value }))

export const NativeBalance = Schema.Struct({ balance: AmountString, symbol: Schema.String })

/** What the connect view needs of a recently used wallet listing; the rest is fetched again. */
export const RecentWallet = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
  imageUrl: Schema.optionalKey(Schema.String),
  rdns: Schema.optionalKey(Schema.String),
})
export type RecentWallet = typeof RecentWallet.Type

export const StorageKeys = {
  /** RecentWallet each; each entry is read on its own (restoredConnectorsState), so one unreadable entry loses no other. */
  recentWallets: jsonKey("@appkit/recent_wallets", Schema.Array(Schema.Unknown)),
  activeNamespace: jsonKey("@appkit/active_namespace", ChainNamespace),
  /**
   * The CAIP-2 network last active in each namespace; each entry counts only as one of the dApp's networks of
   * that namespace (restoredNetworkState), so one unreadable entry loses no other.
   */
  activeNetworkIds: jsonKey("@appkit/active_caip_network_id", perNamespace(Schema.Unknown)),
  /** The connector last connected in each namespace, used to reconnect on reload. */
  connectedConnectorIds: jsonKey("@appkit/connected_connector_id", perNamespace(Schema.NonEmptyString)),
  connectedNamespaces: jsonKey("@appkit/connected_namespaces", Schema.Array(ChainNamespace)),
  connectionStatus: jsonKey("@appkit/connection_status", ConnectionStatus),
  socialProvider: jsonKey("@appkit/connected_social", SocialProvider),
  preferredAccountTypes: jsonKey("@appkit/preferred_account_types", PreferredAccountTypes),
  /** PairingConnections; each namespace's entry is read on its own (readStoredConnections), so one unreadable entry loses no other. */
  connections: jsonKey("@appkit/connections", perNamespace(Schema.Unknown)),
  portfolioCache: jsonKey("@appkit/portfolio_cache", TimestampedCache(Schema.Array(Token))),
  nativeBalanceCache: jsonKey("@appkit/native_balance_cache", TimestampedCache(NativeBalance)),
  nameCache: jsonKey("@appkit/ens_cache", TimestampedCache(Schema.Array(NameRecord))),
  identityCache: jsonKey("@appkit/identity_cache", TimestampedCache(Identity)),
  /** sats-connect's saved default provider, a bare non-empty string. */
  bitcoinDefaultProvider: { key: bitcoinDefaultProviderKey, schema: Schema.NonEmptyString, encoding: "raw" },
} as const satisfies Record<string, StorageKey<Schema.Top>>
