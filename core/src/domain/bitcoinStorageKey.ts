import { Schema } from "effect"
import type { StorageKey } from "./storageKeys"

/**
 * sats-connect's saved default provider (§4), kept as a bare string as that library reads and writes it.
 * Listed in StorageKeys with every other §3 key; the Bitcoin client imports it from here so connecting
 * does not load the schemas of every other stored value (accounts, caches, pairings).
 */
export const bitcoinDefaultProviderKey = {
  key: "sats-connect_defaultProvider",
  schema: Schema.NonEmptyString,
  encoding: "raw",
} as const satisfies StorageKey<Schema.Top>
