import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { Effect, Layer, Option, Schema } from "effect"
import { Storage } from "./Storage"

/**
 * The file holds one JSON object of key → stored string, exactly what the other layers keep per key. Each
 * entry is checked on its own: one value that is not a string (a hand edit) is dropped, not the whole store.
 */
const StoreFile = Schema.fromJsonString(Schema.Record(Schema.String, Schema.Unknown))

const load = (path: string) =>
  Effect.gen(function* () {
    const text = yield* Effect.try(() => readFileSync(path, "utf8")).pipe(Effect.option)
    if (Option.isNone(text)) return new Map<string, string>()
    const entries = yield* Effect.option(Schema.decodeUnknownEffect(StoreFile)(text.value))
    if (Option.isNone(entries)) {
      yield* Effect.logWarning(`Discarding unreadable AppKit store ${path}`)
      return new Map<string, string>()
    }
    const map = new Map<string, string>()
    for (const [key, value] of Object.entries(entries.value)) {
      if (typeof value === "string") map.set(key, value)
      else yield* Effect.logWarning(`Discarding unreadable stored value for ${key} in ${path}`)
    }
    return map
  })

/**
 * Storage in a JSON file, for the CLI (Node only: import it from `@appkit/core/node`). Every read goes to
 * the file and every change rewrites it from what the file holds then, so that two processes sharing the
 * store (a waiting `connect` and another command) do not overwrite each other's keys with a stale copy.
 * Writes go through a temporary file and a rename, so a crash never leaves half a file behind.
 */
export const fileStorage = (path: string): Layer.Layer<Storage> =>
  Layer.succeed(Storage, {
    get: (key) => Effect.map(load(path), (map) => Option.fromNullishOr(map.get(key))),
    set: (key, value) => change(path, (map) => void map.set(key, value)),
    remove: (key) => change(path, (map) => map.delete(key)),
  })

/** Applies `edit` to the file's current content; writes only when it returns something other than false. */
const change = (path: string, edit: (map: Map<string, string>) => boolean | undefined) =>
  Effect.flatMap(load(path), (map) =>
    edit(map) === false
      ? Effect.void
      : Effect.try(() => {
          mkdirSync(dirname(path), { recursive: true })
          const temporary = `${path}.${process.pid}.tmp`
          writeFileSync(temporary, JSON.stringify(Object.fromEntries(map)), { mode: 0o600 })
          renameSync(temporary, path)
        }).pipe(Effect.catch((error) => Effect.logWarning(`Cannot write AppKit store ${path}`, error))),
  )
