import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { Effect, Layer, Option, Schema } from "effect"
import { Storage } from "./Storage"

/** The file holds one JSON object of key → stored string, exactly what the other layers keep per key. */
const StoreFile = Schema.fromJsonString(Schema.Record(Schema.String, Schema.String))

const load = (path: string) =>
  Effect.gen(function* () {
    const text = yield* Effect.try(() => readFileSync(path, "utf8")).pipe(Effect.option)
    if (Option.isNone(text)) return new Map<string, string>()
    const entries = yield* Effect.option(Schema.decodeUnknownEffect(StoreFile)(text.value))
    if (Option.isNone(entries)) {
      yield* Effect.logWarning(`Discarding unreadable AppKit store ${path}`)
      return new Map<string, string>()
    }
    return new Map(Object.entries(entries.value))
  })

/**
 * Storage in a JSON file, for the CLI (Node only: import it from `@appkit/core/node`). The file is read
 * once when the layer is built and rewritten on every change, through a temporary file and a rename so a
 * crash never leaves half a file behind.
 */
export const fileStorage = (path: string): Layer.Layer<Storage> =>
  Layer.effect(
    Storage,
    Effect.gen(function* () {
      const map = yield* load(path)
      const save = Effect.try(() => {
        mkdirSync(dirname(path), { recursive: true })
        const temporary = `${path}.${process.pid}.tmp`
        writeFileSync(temporary, JSON.stringify(Object.fromEntries(map)), { mode: 0o600 })
        renameSync(temporary, path)
      }).pipe(Effect.catch((error) => Effect.logWarning(`Cannot write AppKit store ${path}`, error)))
      return Storage.of({
        get: (key) => Effect.sync(() => Option.fromNullishOr(map.get(key))),
        set: (key, value) =>
          Effect.andThen(
            Effect.sync(() => void map.set(key, value)),
            save,
          ),
        remove: (key) => Effect.suspend(() => (map.delete(key) ? save : Effect.void)),
      })
    }),
  )
