import { Effect, Option, Schema } from "effect"
import type { StorageKey } from "../domain/storageKeys"
import { readJson, Storage, writeJson } from "./Storage"

/** A schema that decodes and encodes without services: what every stored value is. */
export type Codec = Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }

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
