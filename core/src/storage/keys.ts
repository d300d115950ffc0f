import { Effect, Option, Schema } from "effect"
import type { StorageKey } from "../domain/storageKeys"
import { readDecoded, Storage, writeEncoded } from "./Storage"

/** A schema that decodes and encodes without services: what every stored value is. */
export type Codec = Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }

/** What a key's value is stored as: JSON, or (a raw key) the schema's own string. */
const storedAs = <S extends Codec>(storageKey: StorageKey<S>): Codec =>
  storageKey.encoding === "json" ? Schema.fromJsonString(storageKey.schema) : storageKey.schema

/** Reads a key with its schema; an unreadable value is dropped (see readDecoded) and reads as none. */
export const readKey = <S extends Codec>(
  storageKey: StorageKey<S>,
): Effect.Effect<Option.Option<S["Type"]>, never, Storage> =>
  readDecoded(storageKey.key, storedAs(storageKey))

export const writeKey = <S extends Codec>(
  storageKey: StorageKey<S>,
  value: S["Type"],
): Effect.Effect<void, never, Storage> => writeEncoded(storageKey.key, storedAs(storageKey), value)

export const removeKey = (storageKey: StorageKey<Schema.Top>): Effect.Effect<void, never, Storage> =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.remove(storageKey.key)
  })

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
