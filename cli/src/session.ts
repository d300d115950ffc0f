import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import { Schema } from "effect"

/**
 * The CLI's stored connection: what `appkit-cli connect` leaves behind for `status`, `send`, `sign` and
 * `disconnect`, which run in later processes. It lives in `$APPKIT_HOME` (default ~/.appkit).
 *
 * - `walletconnect`: a WalletConnect session; the sign-client's own state (keys, pairing, session) is kept
 *   in `walletconnect.json` beside it so that later commands can restore the session and send requests.
 * - `private-key` / `keystore`: a local signer. Only the address and kind are stored — never the key; the
 *   commands that sign take `--private-key` / `APPKIT_PRIVATE_KEY` / `--keystore FILE` again.
 */
export const WalletConnectConnection = Schema.Struct({
  kind: Schema.Literal("walletconnect"),
  address: Schema.String,
  /** CAIP-2 id of the active chain. */
  chainId: Schema.String,
  /** CAIP-10 accounts the wallet approved, on every chain of the session. */
  accounts: Schema.Array(Schema.String),
  topic: Schema.String,
  relayUrl: Schema.String,
  projectId: Schema.String,
  walletName: Schema.optional(Schema.String),
  /** Unix seconds after which the wallet treats the session as expired. */
  expiry: Schema.Number,
})
export type WalletConnectConnection = typeof WalletConnectConnection.Type

export const LocalSignerConnection = Schema.Struct({
  kind: Schema.Literals(["private-key", "keystore"]),
  address: Schema.String,
  chainId: Schema.optional(Schema.String),
  /** Path of the keystore file (never its password) so `send`/`sign` can point at it again. */
  keystoreFile: Schema.optional(Schema.String),
})
export type LocalSignerConnection = typeof LocalSignerConnection.Type

export const StoredConnection = Schema.Union([WalletConnectConnection, LocalSignerConnection])
export type StoredConnection = typeof StoredConnection.Type

const decodeConnection = Schema.decodeUnknownResult(Schema.fromJsonString(StoredConnection))

export const appkitHome = (env: NodeJS.ProcessEnv = process.env): string =>
  env.APPKIT_HOME && env.APPKIT_HOME.length > 0 ? env.APPKIT_HOME : join(homedir(), ".appkit")

export const sessionFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "session.json")

/** Where the WalletConnect sign-client keeps its key-value state between CLI runs. */
export const walletConnectStoreFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "walletconnect.json")

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
    throw error
  }
}

/** Writes through a temporary file so an interrupted write never leaves half a JSON document behind. */
const writeTextAtomically = (file: string, text: string): void => {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text, { mode: 0o600 })
  renameSync(temporary, file)
}

/** The stored connection, or undefined when there is none or the file is unreadable (then it is dropped). */
export const readConnection = (env: NodeJS.ProcessEnv = process.env): StoredConnection | undefined => {
  const text = readText(sessionFile(env))
  if (text === undefined) return undefined
  const decoded = decodeConnection(text)
  if (decoded._tag === "Success") return decoded.success
  process.stderr.write(`Discarding unreadable stored connection in ${sessionFile(env)}\n`)
  rmSync(sessionFile(env), { force: true })
  return undefined
}

export const writeConnection = (connection: StoredConnection, env: NodeJS.ProcessEnv = process.env): void =>
  writeTextAtomically(sessionFile(env), `${JSON.stringify(connection, null, 2)}\n`)

/** Forgets the connection and the WalletConnect state that belonged to it. */
export const clearConnection = (env: NodeJS.ProcessEnv = process.env): void => {
  rmSync(sessionFile(env), { force: true })
  rmSync(walletConnectStoreFile(env), { force: true })
}

const KeyValueFile = Schema.fromJsonString(Schema.Record(Schema.String, Schema.String))
const decodeKeyValueFile = Schema.decodeUnknownResult(KeyValueFile)

/**
 * A string map persisted as one JSON file, written on every change. It backs the core `Storage` service
 * for the WalletConnect sign-client in the CLI (a few dozen small keys, so rewriting the file is cheap).
 * An unreadable file starts empty: the sign-client then simply has no session to restore.
 */
export const fileBackedMap = (file: string): Map<string, string> => {
  const text = readText(file)
  const decoded = text === undefined ? undefined : decodeKeyValueFile(text)
  const initial = decoded?._tag === "Success" ? Object.entries(decoded.success) : []
  return new PersistedMap(file, initial)
}

class PersistedMap extends Map<string, string> {
  readonly #file: string
  constructor(file: string, entries: ReadonlyArray<readonly [string, string]>) {
    // Filled through super.set so that loading the file does not write it back.
    super()
    this.#file = file
    for (const [key, value] of entries) super.set(key, value)
  }
  override set(key: string, value: string): this {
    super.set(key, value)
    this.#persist()
    return this
  }
  override delete(key: string): boolean {
    const deleted = super.delete(key)
    if (deleted) this.#persist()
    return deleted
  }
  #persist(): void {
    writeTextAtomically(this.#file, JSON.stringify(Object.fromEntries(this)))
  }
}
