import { Effect, Option, Schema } from "effect"
import { ChainNamespace } from "../domain/namespace"
import { readJson, Storage, writeJson } from "../storage/Storage"

/** A wallet from the listing (§3 wallet listing; only what the connect view needs). */
export const WalletRef = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  imageUrl: Schema.optional(Schema.String),
  rdns: Schema.optional(Schema.String),
})
export type WalletRef = typeof WalletRef.Type

/** A value per namespace; a namespace may be absent (Schema.Record with literal keys would require all). */
const perNamespace = <S extends Schema.Top>(value: S) =>
  Schema.Struct({
    eip155: Schema.optionalKey(value),
    solana: Schema.optionalKey(value),
    polkadot: Schema.optionalKey(value),
    bip122: Schema.optionalKey(value),
    cosmos: Schema.optionalKey(value),
  })

export const StoredConnection = Schema.Struct({
  connectorId: Schema.String,
  accounts: Schema.Array(Schema.String),
  chainId: Schema.String,
})
export type StoredConnection = typeof StoredConnection.Type

export const ConnectionStatus = Schema.Literals(["disconnected", "connecting", "connected"])
export type ConnectionStatus = typeof ConnectionStatus.Type

const AccountKind = Schema.Literals(["eoa", "smartAccount", "payment", "ordinals", "stacks"])
const SocialProviderSchema = Schema.Literals([
  "google",
  "github",
  "apple",
  "facebook",
  "x",
  "discord",
  "farcaster",
])

const stored = <S extends Schema.Top>(key: string, schema: S) => ({ key, schema })

/** The §3 `@appkit/...` keys the state services keep, each with the Schema of its stored value. */
export const StoredKeys = {
  recentWallets: stored("@appkit/recent_wallets", Schema.Array(WalletRef)),
  activeNamespace: stored("@appkit/active_namespace", ChainNamespace),
  activeNetworkIds: stored("@appkit/active_caip_network_id", perNamespace(Schema.String)),
  connectedConnectorIds: stored("@appkit/connected_connector_id", perNamespace(Schema.String)),
  socialProvider: stored("@appkit/connected_social", SocialProviderSchema),
  connectedNamespaces: stored("@appkit/connected_namespaces", Schema.Array(ChainNamespace)),
  connectionStatus: stored("@appkit/connection_status", ConnectionStatus),
  preferredAccountTypes: stored("@appkit/preferred_account_types", perNamespace(AccountKind)),
  connections: stored("@appkit/connections", perNamespace(StoredConnection)),
} as const

type Spec<S extends Schema.Top> = { readonly key: string; readonly schema: S }

/**
 * One stored key bound to the instance's Storage: `read` gives undefined for a missing, corrupt or foreign
 * value (readJson logs and drops those), `write(undefined)` removes the key.
 */
export const persisted = <
  S extends Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never },
>(
  spec: Spec<S>,
  storage: Storage["Service"],
) => ({
  read: Effect.map(readJson(spec.key, spec.schema), Option.getOrUndefined).pipe(
    Effect.provideService(Storage, storage),
  ),
  write: (value: S["Type"] | undefined) =>
    (value === undefined ? storage.remove(spec.key) : writeJson(spec.key, spec.schema, value)).pipe(
      Effect.provideService(Storage, storage),
    ),
})
