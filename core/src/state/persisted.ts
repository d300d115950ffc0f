import { Effect, Option, type Schema } from "effect"
import { readKey, removeKey, type StorageKey, writeKey } from "../domain/storageKeys"
import { Storage } from "../storage/Storage"

export type Codec = Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }

/**
 * One §3 key (domain/storageKeys) bound to the instance's Storage: `read` gives undefined for a missing,
 * corrupt or foreign value (those are logged and dropped), `write(undefined)` removes the key.
 */
export const persisted = <S extends Codec>(key: StorageKey<S>, storage: Storage["Service"]) => ({
  read: Effect.map(readKey(key), Option.getOrUndefined).pipe(Effect.provideService(Storage, storage)),
  write: (value: S["Type"] | undefined) =>
    (value === undefined ? removeKey(key) : writeKey(key, value)).pipe(
      Effect.provideService(Storage, storage),
    ),
})
