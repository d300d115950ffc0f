import { Context, Effect, Layer, Option, Schema } from "effect"

/**
 * Key-value persistence behind every `@appkit/...` key of §3. Layers: `Storage.memory` here; the
 * browser (localStorage) and file layers live beside this module. Values are strings on the wire;
 * `readJson`/`writeJson` add Schema decoding so that a corrupt or foreign stored value is dropped with
 * a logged warning instead of crashing the caller.
 */
export class Storage extends Context.Service<
  Storage,
  {
    readonly get: (key: string) => Effect.Effect<Option.Option<string>>
    readonly set: (key: string, value: string) => Effect.Effect<void>
    readonly remove: (key: string) => Effect.Effect<void>
  }
>()("appkit/Storage") {
  /** A fresh in-memory store; each `Layer.build` gets its own map, so instances never share state. */
  static readonly memory: Layer.Layer<Storage> = Layer.sync(Storage, () => fromMap(new Map()))
}

/** Builds a Storage over a Map the caller owns (tests use this to "reload" from the same data). */
export const fromMap = (map: Map<string, string>): Storage["Service"] => ({
  get: (key) => Effect.sync(() => Option.fromNullishOr(map.get(key))),
  set: (key, value) => Effect.sync(() => void map.set(key, value)),
  remove: (key) => Effect.sync(() => void map.delete(key)),
})

type Decodable = Schema.Top & { readonly DecodingServices: never }
type Encodable = Schema.Top & { readonly EncodingServices: never }

/** Reads and decodes a stored string; anything that does not decode is removed and reported as absent. */
export const readDecoded = <S extends Decodable>(key: string, schema: S) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const raw = yield* storage.get(key)
    if (Option.isNone(raw)) return Option.none<S["Type"]>()
    const decoded = yield* Effect.option(Schema.decodeUnknownEffect(schema)(raw.value))
    if (Option.isNone(decoded)) {
      yield* Effect.logWarning(`Discarding unreadable stored value for ${key}`)
      yield* storage.remove(key)
    }
    return decoded
  })

/** Encodes a value with its Schema (to a string) and stores it. */
export const writeEncoded = <S extends Encodable>(key: string, schema: S, value: S["Type"]) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const encoded = yield* Effect.orDie(Schema.encodeEffect(schema)(value))
    yield* storage.set(key, String(encoded))
  })

/** Reads and decodes a JSON value (see readDecoded). */
export const readJson = <S extends Decodable>(key: string, schema: S) =>
  readDecoded(key, Schema.fromJsonString(schema))

/** Encodes a value with its Schema and stores it as JSON. */
export const writeJson = <S extends Encodable>(key: string, schema: S, value: S["Type"]) =>
  writeEncoded(key, Schema.fromJsonString(schema), value)
