import type SignClient from "@walletconnect/sign-client"
import { Effect, Option, Schema, Semaphore } from "effect"
import type { Storage } from "../../storage/Storage"

/** Every key sign-client writes is kept under this prefix, beside the other `@appkit` keys of §3. */
export const walletConnectKeyPrefix = "@appkit/walletconnect/"
const indexKey = `${walletConnectKeyPrefix}index`

/** sign-client's own `storage` option type (an IKeyValueStorage); a type import, so nothing is loaded. */
export type KeyValueStorage = NonNullable<NonNullable<Parameters<typeof SignClient.init>[0]>["storage"]>

const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Unknown))
const decodeKeys = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Array(Schema.String)))

/**
 * sign-client's `storage` option over the AppKit `Storage` service, so sessions persist wherever the app
 * persists everything else (localStorage, the CLI's file). sign-client hands over plain JSON objects; a
 * stored value that no longer parses reads as absent, which makes sign-client start that record afresh.
 * `Storage` cannot list keys, so the adapter keeps its own index for `getKeys`/`getEntries`; sign-client
 * writes several records at once, so index updates take turns (read-modify-write would lose keys).
 */
export const keyValueStorageFrom = (storage: Storage["Service"]): KeyValueStorage => {
  const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)
  const indexLock = Semaphore.makeUnsafe(1)
  const keys = Effect.map(storage.get(indexKey), (raw) =>
    Option.getOrElse(Option.flatMap(raw, decodeKeys), () => [] as ReadonlyArray<string>),
  )
  const writeKeys = (next: ReadonlyArray<string>) => storage.set(indexKey, JSON.stringify(next))
  const getItem = (key: string) =>
    Effect.map(storage.get(walletConnectKeyPrefix + key), (raw) =>
      Option.getOrUndefined(Option.flatMap(raw, decodeJson)),
    )

  return {
    getKeys: () => run(Effect.map(keys, (all) => [...all])),
    getEntries: <T>() =>
      run(
        Effect.flatMap(keys, (all) =>
          Effect.forEach(all, (key) => Effect.map(getItem(key), (value) => [key, value as T] as [string, T])),
        ),
      ),
    getItem: <T>(key: string) => run(getItem(key)) as Promise<T | undefined>,
    setItem: (key, value) =>
      run(
        Effect.gen(function* () {
          yield* storage.set(walletConnectKeyPrefix + key, JSON.stringify(value))
          const all = yield* keys
          if (!all.includes(key)) yield* writeKeys([...all, key])
        }).pipe(indexLock.withPermit),
      ),
    removeItem: (key) =>
      run(
        Effect.gen(function* () {
          yield* storage.remove(walletConnectKeyPrefix + key)
          yield* writeKeys((yield* keys).filter((known) => known !== key))
        }).pipe(indexLock.withPermit),
      ),
  }
}
