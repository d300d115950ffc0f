import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import { Schema } from "effect"
import { CliError } from "./output"

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

/** sign-client's storage prefix for the CLI's dApp side. */
const cliStoragePrefix = "appkit-cli"

export interface WalletConnectTarget {
  readonly projectId: string
  readonly relayUrl: string
  /** CAIP-2 networks to request. */
  readonly chains: ReadonlyArray<string>
}

/**
 * Builds the core WalletConnect connector over the CLI's file store, in a scope the caller closes with
 * `close()` (that also closes the relay socket so the process can exit).
 */
export const openWalletConnect = async (
  target: WalletConnectTarget,
  env: NodeJS.ProcessEnv = process.env,
) => {
  const [{ Effect, Exit, Scope }, core, { fileStorage }] = await Promise.all([
    import("effect"),
    import("@appkit/core"),
    import("@appkit/core/node"),
  ])
  const scope = Effect.runSync(Scope.make())
  const connector = await Effect.runPromise(
    core
      .makeWalletConnectConnector({
        projectId: target.projectId,
        relayUrl: target.relayUrl,
        chains: target.chains,
        storagePrefix: cliStoragePrefix,
        metadata: {
          name: "appkit-cli",
          description: "AppKit command line",
          url: "https://appkit.local/cli",
          icons: [],
        },
      })
      .pipe(Effect.provide(fileStorage(walletConnectStoreFile(env))), Scope.provide(scope)),
  )
  return { connector, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

/** The CAIP-2 chains of a stored session's CAIP-10 accounts, each once. */
const chainsOf = async (accounts: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const { decodeCaipAccountIds, networkOfAccount } = await import("@appkit/core")
  return [...new Set(decodeCaipAccountIds(accounts).map(networkOfAccount))]
}

/** How long ending a session waits for the relay to carry the goodbye to the wallet. */
const notifyTimeoutMs = 5_000

/**
 * Ends a stored WalletConnect session on the wallet's side too, when the relay carries the message within
 * 5 s; true when the wallet was told. Never fails: the caller forgets the session either way.
 */
export const endWalletConnectSession = async (
  connection: WalletConnectConnection,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> => {
  const { Duration, Effect, Option } = await import("effect")
  const { connector, close } = await openWalletConnect(
    { ...connection, chains: await chainsOf(connection.accounts) },
    env,
  )
  return Effect.runPromise(
    Effect.gen(function* () {
      if (Option.isNone(yield* connector.restore)) return false
      yield* connector.disconnect()
      return true
    }).pipe(
      Effect.timeout(Duration.millis(notifyTimeoutMs)),
      Effect.orElseSucceed(() => false),
    ),
  ).finally(close)
}

/**
 * sign-client can leave timers behind once closed (relay ping, reconnect backoff after a dead relay); a
 * command that has finished with WalletConnect calls this so the process ends once its output is written.
 */
export const exitWhenDone = (): void => {
  setTimeout(() => process.exit(), 0).unref()
}

/** An EIP-1193 `request` the EVM actions can drive, forwarding to the wallet of the stored session. */
export interface WalletConnectProvider {
  readonly address: `0x${string}`
  /** CAIP-2 id of the session's active chain. */
  readonly chainId: string
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly close: () => Promise<void>
}

/**
 * For `send` and `sign` when no local signer was given: the stored WalletConnect session as an EIP-1193
 * provider. Requests pass the RPC allowlist first; a user rejection in the wallet rejects with the
 * ProviderRpcError {code: 4001, message: 'Signature declined'}. `chainId` (CAIP-2) selects one of the
 * session's chains. Call `close()` when done.
 */
export const openStoredWalletConnect = async (
  options: { readonly chainId?: string | undefined } = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<WalletConnectProvider> => {
  const stored = readConnection(env)
  if (stored === undefined)
    throw new CliError("Not connected: run `appkit-cli connect`, or pass --private-key / --keystore")
  if (stored.kind !== "walletconnect")
    throw new CliError(
      `The stored connection is a local signer (${stored.kind}): pass --private-key or --keystore`,
    )
  const [{ Effect, Option }, { addressOfAccount, decodeCaipNetworkId, networkOfAccount }] = await Promise.all(
    [import("effect"), import("@appkit/core")],
  )
  const chainId = Option.getOrUndefined(decodeCaipNetworkId(options.chainId ?? stored.chainId))
  if (chainId === undefined)
    throw new CliError(`Not a CAIP-2 chain id: '${options.chainId ?? stored.chainId}'`)
  const { connector, close } = await openWalletConnect(
    { ...stored, chains: await chainsOf(stored.accounts) },
    env,
  )
  try {
    const restored = await Effect.runPromise(connector.restore)
    if (Option.isNone(restored))
      throw new CliError("The stored WalletConnect session has ended: run `appkit-cli connect` again")
    await Effect.runPromise(connector.switchChain(chainId))
    const account = restored.value.accounts.find((caip) => networkOfAccount(caip) === chainId)
    return {
      address: (account === undefined ? stored.address : addressOfAccount(account)) as `0x${string}`,
      chainId,
      request: (args) => Effect.runPromise(connector.request(args)),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
