import { Clock, Context, Effect, Layer, Option, Result, Schema } from "effect"
import { namespaceOf } from "../domain/caip"
import { SiwxSession } from "../domain/siwx"
import { readJson, Storage, writeJson } from "../storage/Storage"
import { parseDateTime } from "./dateTime"

/** Where sign-in sessions persist (the key the original product uses). */
export const siwxStorageKey = "@appkit/siwx"

const StoredSessions = Schema.Array(SiwxSession)
const decodeSession = Schema.decodeUnknownOption(SiwxSession)

/** Hex addresses (eip155) compare case-insensitively; base58 and bech32 ones are compared exactly. */
const sameAccount = (session: SiwxSession, chainId: string, accountAddress: string) =>
  session.data.chainId === chainId &&
  (namespaceOf(session.data.chainId) === "eip155"
    ? session.data.accountAddress.toLowerCase() === accountAddress.toLowerCase()
    : session.data.accountAddress === accountAddress)

const isExpired = (session: SiwxSession, now: number) => {
  const expiry = session.data.expirationTime
  return expiry !== undefined && Result.getOrElse(parseDateTime(expiry), () => 0) <= now
}

/**
 * Signed sign-in sessions (§3: data, message, signature, cacao) kept through the Storage service. A
 * session past its expirationTime (by the Effect Clock) is never returned and is dropped on the next write.
 * Storing does not verify: callers verify first (the SIWX client does).
 */
export class SiwxSessionStore extends Context.Service<
  SiwxSessionStore,
  {
    /** Adds a session, replacing any earlier one for the same chain and account. */
    readonly add: (session: SiwxSession) => Effect.Effect<void>
    /** Live sessions of one account on one chain (eip155 addresses compare case-insensitively). */
    readonly get: (chainId: string, accountAddress: string) => Effect.Effect<ReadonlyArray<SiwxSession>>
    readonly revoke: (chainId: string, accountAddress: string) => Effect.Effect<void>
  }
>()("appkit/SiwxSessionStore") {
  static readonly layer: Layer.Layer<SiwxSessionStore, never, Storage> = Layer.effect(
    SiwxSessionStore,
    Effect.gen(function* () {
      const storage = yield* Storage
      const live = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        // Each session on its own: one unreadable (a hand edit, an old version) loses no other account's.
        const stored = Option.getOrElse(
          yield* readJson(siwxStorageKey, Schema.Array(Schema.Unknown)),
          () => [],
        )
        const sessions = stored.flatMap((entry) => Option.toArray(decodeSession(entry)))
        if (sessions.length < stored.length)
          yield* Effect.logWarning("Discarding unreadable stored sign-in sessions")
        return sessions.filter((session) => !isExpired(session, now))
      }).pipe(Effect.provideService(Storage, storage))
      const save = (sessions: ReadonlyArray<SiwxSession>) =>
        writeJson(siwxStorageKey, StoredSessions, sessions).pipe(Effect.provideService(Storage, storage))
      return SiwxSessionStore.of({
        add: (session) =>
          Effect.flatMap(live, (sessions) =>
            save([
              ...sessions.filter((s) => !sameAccount(s, session.data.chainId, session.data.accountAddress)),
              session,
            ]),
          ),
        get: (chainId, accountAddress) =>
          Effect.map(live, (sessions) => sessions.filter((s) => sameAccount(s, chainId, accountAddress))),
        revoke: (chainId, accountAddress) =>
          Effect.flatMap(live, (sessions) =>
            save(sessions.filter((s) => !sameAccount(s, chainId, accountAddress))),
          ),
      })
    }),
  )
}
