import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { CaipAccountId, CaipNetworkId } from "@appkit/core"
import { Schema } from "effect"
import { appkitHome } from "./home"
import { CliError, note } from "./output"

/**
 * The CLI's stored connection: what `appkit-cli connect` leaves behind for `status`, `send`, `sign` and
 * `disconnect`, which run in later processes. It lives in `$APPKIT_HOME` (default ~/.appkit).
 *
 * - `walletconnect`: a WalletConnect session; the sign-client's own state (keys, pairing, session) is kept
 *   in `walletconnect.json` beside it so that later commands can restore the session and send requests.
 * - `private-key` / `keystore`: a local signer. Only the address and kind are stored — never the key; the
 *   commands that sign take `--private-key` / `APPKIT_PRIVATE_KEY` again, or use the stored keystore's path
 *   (its password from `APPKIT_KEYSTORE_PASSWORD`, else asked on a terminal).
 */
export const WalletConnectConnection = Schema.Struct({
  kind: Schema.Literal("walletconnect"),
  address: Schema.String,
  /** CAIP-2 id of the active chain. */
  chainId: CaipNetworkId,
  /** CAIP-10 accounts the wallet approved, on every chain of the session. */
  accounts: Schema.Array(CaipAccountId),
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
  chainId: Schema.optional(CaipNetworkId),
  /** Path of the keystore file (never its password) so `send`/`sign` can point at it again. */
  keystoreFile: Schema.optional(Schema.String),
})
export type LocalSignerConnection = typeof LocalSignerConnection.Type

/**
 * `embedded`: the embedded wallet of a secure site (email or social login). The site's session token and this
 * terminal's device id live in `embedded.json` beside it (see embeddedSession.ts), never here.
 */
export const EmbeddedConnection = Schema.Struct({
  kind: Schema.Literal("embedded"),
  address: Schema.String,
  chainId: CaipNetworkId,
  secureSiteUrl: Schema.String,
  /** The app origin the sign-in was for (the secure site's allowlist holds it). */
  appOrigin: Schema.String,
  email: Schema.optional(Schema.String),
  socialProvider: Schema.optional(Schema.String),
  accountType: Schema.optional(Schema.Literals(["eoa", "smartAccount"])),
})
export type EmbeddedConnection = typeof EmbeddedConnection.Type

export const StoredConnection = Schema.Union([
  WalletConnectConnection,
  LocalSignerConnection,
  EmbeddedConnection,
])
export type StoredConnection = typeof StoredConnection.Type

const decodeConnection = Schema.decodeUnknownResult(Schema.fromJsonString(StoredConnection))

export const sessionFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "session.json")

/** Where the WalletConnect sign-client keeps its key-value state between CLI runs. */
export const walletConnectStoreFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "walletconnect.json")

/**
 * Where a `connect --replace` pairs: the new session's sign-client state stays apart from the working one
 * until the wallet approves, so an abandoned pairing never costs the session already held.
 */
export const pendingWalletConnectStoreFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "walletconnect.pending.json")

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
    // (a directory in its place, a permission): the user is told which file, not only the system's words
    throw new CliError(`Cannot read the stored connection ${file}: ${(error as Error).message}`, {
      code: "UnreadableFile",
    })
  }
}

/** Writes through a temporary file so an interrupted write never leaves half a JSON document behind. */
const writeTextAtomically = (file: string, text: string): void => {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text, { mode: 0o600 })
  renameSync(temporary, file)
}

/**
 * The stored connection, or undefined when there is none. A file that does not decode is removed, and the
 * one line the user then sees says so (a CliError with code CorruptStoredConnection).
 */
export const readConnection = (env: NodeJS.ProcessEnv = process.env): StoredConnection | undefined => {
  const text = readText(sessionFile(env))
  if (text === undefined) return undefined
  const decoded = decodeConnection(text)
  if (decoded._tag === "Success") return decoded.success
  rmSync(sessionFile(env), { force: true })
  throw new CliError(
    `The stored connection in ${sessionFile(env)} was unreadable and has been removed: run \`appkit-cli connect\` again`,
    { code: "CorruptStoredConnection" },
  )
}

/**
 * The stored connection for a command that replaces or ends it anyway (connect, disconnect): an unreadable
 * one is removed, said in its one line, and counts as none.
 */
export const readConnectionOrNone = (env: NodeJS.ProcessEnv = process.env): StoredConnection | undefined => {
  try {
    return readConnection(env)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    note(error.message)
    return undefined
  }
}

export const writeConnection = (connection: StoredConnection, env: NodeJS.ProcessEnv = process.env): void =>
  writeTextAtomically(sessionFile(env), `${JSON.stringify(connection, null, 2)}\n`)

/** Forgets the connection and the WalletConnect state that belonged to it. */
export const clearConnection = (env: NodeJS.ProcessEnv = process.env): void => {
  rmSync(sessionFile(env), { force: true })
  rmSync(walletConnectStoreFile(env), { force: true })
}
