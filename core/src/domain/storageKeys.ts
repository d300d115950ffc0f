import { Effect, Option, Schema } from "effect"
import { NameRecord } from "../api/blockchain/schemas"
import { readJson, Storage, writeJson } from "../storage/Storage"
import { AmountString } from "../validation/amount"
import { ConnectionStatus, PreferredAccountTypes } from "./account"
import { CaipChainId } from "./caip"
import { Identity } from "./names"
import { ChainNamespace } from "./namespace"
import { PairingConnections } from "./pairing"
import { perNamespace } from "./perNamespace"
import { EpochMillis } from "./primitives"
import { SocialProvider } from "./social"
import { Token } from "./token"

/**
 * Every persisted key of §3, each paired with the Schema of its value, so no caller reads or writes a
 * key with a shape of its own. Names follow the original product's keys so existing browser storage
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
  recentWallets: jsonKey("@appkit/recent_wallets", Schema.Array(RecentWallet)),
  activeNamespace: jsonKey("@appkit/active_namespace", ChainNamespace),
  /** The CAIP-2 network last active in each namespace. */
  activeNetworkIds: jsonKey("@appkit/active_caip_network_id", perNamespace(CaipChainId)),
  /** The connector last connected in each namespace, used to reconnect on reload. */
  connectedConnectorIds: jsonKey("@appkit/connected_connector_id", perNamespace(Schema.NonEmptyString)),
  connectedNamespaces: jsonKey("@appkit/connected_namespaces", Schema.Array(ChainNamespace)),
  connectionStatus: jsonKey("@appkit/connection_status", ConnectionStatus),
  socialProvider: jsonKey("@appkit/connected_social", SocialProvider),
  preferredAccountTypes: jsonKey("@appkit/preferred_account_types", PreferredAccountTypes),
  connections: jsonKey("@appkit/connections", PairingConnections),
  portfolioCache: jsonKey("@appkit/portfolio_cache", TimestampedCache(Schema.Array(Token))),
  nativeBalanceCache: jsonKey("@appkit/native_balance_cache", TimestampedCache(NativeBalance)),
  nameCache: jsonKey("@appkit/ens_cache", TimestampedCache(Schema.Array(NameRecord))),
  identityCache: jsonKey("@appkit/identity_cache", TimestampedCache(Identity)),
  bitcoinDefaultProvider: {
    key: "sats-connect_defaultProvider",
    schema: Schema.NonEmptyString,
    encoding: "raw",
  },
} as const satisfies Record<string, StorageKey<Schema.Top>>

type Codec = Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }

/** Reads a key with its schema; an unreadable value is dropped (see readJson) and reads as none. */
export const readKey = <S extends Codec>(
  storageKey: StorageKey<S>,
): Effect.Effect<Option.Option<S["Type"]>, never, Storage> =>
  storageKey.encoding === "json"
    ? readJson(storageKey.key, storageKey.schema)
    : Effect.gen(function* () {
        const storage = yield* Storage
        const raw = yield* storage.get(storageKey.key)
        if (Option.isNone(raw)) return Option.none()
        const decoded = Schema.decodeUnknownOption(storageKey.schema)(raw.value)
        if (Option.isNone(decoded)) {
          yield* Effect.logWarning(`Discarding unreadable stored value for ${storageKey.key}`)
          yield* storage.remove(storageKey.key)
        }
        return decoded
      })

export const writeKey = <S extends Codec>(
  storageKey: StorageKey<S>,
  value: S["Type"],
): Effect.Effect<void, never, Storage> =>
  storageKey.encoding === "json"
    ? writeJson(storageKey.key, storageKey.schema, value)
    : Effect.gen(function* () {
        const storage = yield* Storage
        const encoded = yield* Effect.orDie(Schema.encodeEffect(storageKey.schema)(value))
        yield* storage.set(storageKey.key, String(encoded))
      })

export const removeKey = (storageKey: StorageKey<Schema.Top>): Effect.Effect<void, never, Storage> =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.remove(storageKey.key)
  })
