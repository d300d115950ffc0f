import {
  addressOfAccount,
  type CaipAccountId,
  type CaipNetworkId,
  type Connection,
  makeWalletConnectConnector,
  networkOfAccount,
  Storage,
  type WalletConnectConnector,
  type WalletConnectConnectorError,
  type WalletConnectSession,
  WalletRequestTimeout,
} from "@appkit/core"
import { fileStorage } from "@appkit/core/node"
import { Duration, Effect, Exit, Layer, Option, Scope } from "effect"
import { startBudget, timedOut, type WaitBudget, withinBudget } from "./giveUp"
import { checksummed } from "./jsonView"
import { CliError } from "./output"
import { requestExpired } from "./requestExpired"
import { quiet } from "./runCore"
import {
  clearConnection,
  readConnection,
  type WalletConnectConnection,
  walletConnectStoreFile,
  writeConnection,
} from "./session"

/** sign-client's storage prefix for the CLI's dApp side. */
const cliStoragePrefix = "appkit-cli"

export interface WalletConnectTarget {
  readonly projectId: string
  readonly relayUrl: string
  /** CAIP-2 networks to request. */
  readonly chains: ReadonlyArray<string>
}

export interface OpenedWalletConnect {
  readonly connector: WalletConnectConnector
  /** Closes the relay connection so the process can exit. */
  readonly close: () => Promise<void>
}

/**
 * The sign-client state's file store, quiet: sign-client's storage adapter runs it on its own, where the
 * core's log lines ('Discarding unreadable AppKit store …' for a corrupt file) would reach stdout. What a
 * discarded store means the command says itself (a session that is not stored).
 */
const quietFileStorage = (file: string): Layer.Layer<Storage> =>
  Layer.effect(
    Storage,
    Effect.gen(function* () {
      const storage = yield* Storage
      return Storage.of({
        get: (key) => quiet(storage.get(key)),
        set: (key, value) => quiet(storage.set(key, value)),
        remove: (key) => quiet(storage.remove(key)),
      })
    }),
  ).pipe(Layer.provide(fileStorage(file)))

/**
 * Builds the core WalletConnect connector over a file store (the working session's by default), in a scope
 * the caller closes with `close()`. `requestTimeoutMs` bounds every request to the wallet.
 */
export const openWalletConnect = async (
  target: WalletConnectTarget,
  options: { readonly storeFile?: string; readonly requestTimeoutMs?: number | undefined } = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<OpenedWalletConnect> => {
  const scope = Effect.runSync(Scope.make())
  const connector = await Effect.runPromise(
    makeWalletConnectConnector({
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
      ...(options.requestTimeoutMs === undefined ? {} : { requestTimeout: options.requestTimeoutMs }),
    }).pipe(
      Effect.provide(quietFileStorage(options.storeFile ?? walletConnectStoreFile(env))),
      Scope.provide(scope),
    ),
  )
  return { connector, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

/** The CAIP-2 chains of a stored session's CAIP-10 accounts, each once. */
export const chainsOf = (accounts: ReadonlyArray<CaipAccountId>): ReadonlyArray<CaipNetworkId> => [
  ...new Set(accounts.map(networkOfAccount)),
]

/** How long ending a session waits for the relay to carry the goodbye to the wallet. */
const notifyTimeout = Duration.seconds(5)

/**
 * Ends a stored WalletConnect session on the wallet's side too, when the relay carries the message within
 * 5 s; true when the wallet was told. Never fails: the caller forgets the session either way.
 */
export const endWalletConnectSession = async (
  connection: WalletConnectConnection,
  options: { readonly storeFile?: string } = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> => {
  // A record the connector cannot be set up from (no chains, say) has no wallet to tell: it is just forgotten.
  const opened = await openWalletConnect(
    { ...connection, chains: chainsOf(connection.accounts) },
    options,
    env,
  ).catch(() => undefined)
  if (opened === undefined) return false
  const { connector, close } = opened
  return Effect.runPromise(
    Effect.gen(function* () {
      if (Option.isNone(yield* connector.restore)) return false
      yield* connector.disconnect()
      return true
    }).pipe(
      Effect.timeout(notifyTimeout),
      Effect.orElseSucceed(() => false),
    ),
  ).finally(close)
}

/**
 * The stored record for a session as the wallet now holds it (its account first on the active chain), EVM
 * addresses in EIP-55 form whatever case the wallet sent them in.
 */
export const storedSession = (
  session: WalletConnectSession,
  target: { readonly relayUrl: string; readonly projectId: string },
): WalletConnectConnection => {
  const accounts = session.accounts.map(checksummed)
  const account = accounts.find((caip) => networkOfAccount(caip) === session.chainId) ?? accounts[0]
  return {
    kind: "walletconnect",
    address: account === undefined ? "" : addressOfAccount(account),
    chainId: session.chainId,
    accounts,
    topic: session.topic,
    relayUrl: target.relayUrl,
    projectId: target.projectId,
    walletName: session.walletName,
    expiry: session.expiry,
  }
}

/** What the stored WalletConnect session turned out to be once the relay's queued events were taken. */
export type CheckedSession =
  | {
      readonly state: "live"
      /** False when the relay could not be reached: the session is as last stored. */
      readonly synced: boolean
      readonly stored: WalletConnectConnection
      /** The wallet changed the session's accounts since the last command. */
      readonly changed: boolean
      readonly opened: OpenedWalletConnect
      /** What is left of --timeout after the check is what the requests that follow may take, all together. */
      readonly budget: WaitBudget | undefined
    }
  | {
      readonly state: "ended"
      readonly synced: boolean
      readonly previous: WalletConnectConnection
      /** False when this machine's sign-client store never held the session (a fresh store): no wallet ended it. */
      readonly endedByWallet: boolean
    }

/**
 * The session record is there but the sign-client store holds no such session (a fresh or replaced
 * `$APPKIT_HOME/walletconnect.json`): the session's keys are gone from this machine, and the wallet did not end it.
 */
export const sessionNotStored = (stored: WalletConnectConnection, env: NodeJS.ProcessEnv = process.env) =>
  new CliError(
    `Not connected: the WalletConnect session with ${stored.walletName ?? "the wallet"} is not in ${walletConnectStoreFile(env)} (a fresh or replaced store: its keys are gone, the wallet did not end it): run \`appkit-cli connect\` to pair again`,
    { code: "SessionNotStored" },
  )

/**
 * Loads the stored WalletConnect session as the wallet now has it: sign-client first takes what the relay
 * kept while no CLI process ran (an account switch, the session ended in the wallet), within a bound; the
 * stored record is then updated (or cleared) to match. A live result holds the open connector; close it.
 */
export const checkStoredSession = async (
  stored: WalletConnectConnection,
  options: {
    readonly chainId?: CaipNetworkId | undefined
    readonly requestTimeoutMs?: number | undefined
  } = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<CheckedSession> => {
  // --timeout is one budget: the relay check and every request after it share it.
  const budget = Effect.runSync(startBudget(options.requestTimeoutMs))
  const opened = await openWalletConnect(
    { ...stored, chains: chainsOf(stored.accounts) },
    { requestTimeoutMs: options.requestTimeoutMs },
    env,
  )
  try {
    const { held, synced, restored, session } = await Effect.runPromise(
      Effect.gen(function* () {
        // Whether the store held the session before the relay's news: only then can the wallet have ended it.
        const held = (yield* opened.connector.storedTopics).includes(stored.topic)
        // The relay's first answer is part of the command's wait: --timeout bounds it too.
        const synced = yield* opened.connector.sync.pipe(
          withinBudget(budget, (ms) => timedOut(ms, relayDidNotAnswer(stored.relayUrl))),
        )
        const restored: Option.Option<Connection> = yield* opened.connector.restore
        if (Option.isSome(restored) && options.chainId !== undefined)
          yield* opened.connector.switchChain(options.chainId)
        return { held, synced, restored, session: yield* opened.connector.session }
      }),
    )
    if (Option.isNone(restored) || Option.isNone(session)) {
      await opened.close()
      clearConnection(env)
      return { state: "ended", synced, previous: stored, endedByWallet: held }
    }
    const now = storedSession(session.value, stored)
    const changed = now.address !== stored.address || now.accounts.join() !== stored.accounts.join()
    // The active chain a later command starts from stays the user's choice, not this command's --chain.
    writeConnection({ ...now, chainId: changed ? now.chainId : stored.chainId }, env)
    return { state: "live", synced, stored: now, changed, opened, budget }
  } catch (error) {
    await opened.close()
    throw error
  }
}

const relayDidNotAnswer = (relayUrl: string) => `The relay at ${relayUrl} did not answer`

/** An EIP-1193 `request` the EVM actions can drive, forwarding to the wallet of the stored session. */
export interface WalletConnectProvider {
  readonly address: `0x${string}`
  /** CAIP-2 id of the session's active chain. */
  readonly chainId: string
  readonly walletName: string
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  /**
   * The CLI's own account of the last failed request (the wallet did not answer, ended the session). The
   * EVM actions wrap what `request` throws in their own error, so a command asks for this to say it.
   */
  readonly explainFailure: (error: unknown) => unknown
  readonly close: () => Promise<void>
}

const notConnected = () =>
  new CliError("Not connected: run `appkit-cli connect`, or pass --private-key / --keystore", {
    code: "NotConnected",
  })

/**
 * For `send` and `sign` when no local signer was given: the stored WalletConnect session, checked with the
 * relay first, as an EIP-1193 provider on `chainId`. Requests pass the RPC allowlist, are bounded by
 * `requestTimeoutMs`, and a user rejection rejects with {code: 4001, message: 'Signature declined'}. When
 * a request expires, the session is checked again so the message says whether the wallet ended it.
 */
/**
 * The session's chain an EVM command asks on when none is named: none to choose (the stored chain) when it
 * is active on eip155 or is no WalletConnect session, else its first eip155 chain — a session made with
 * `--chain solana:… --chain eip155:1` is active on solana, whose wallet refuses personal_sign.
 */
export const evmChainOf = (stored: ReturnType<typeof readConnection>): CaipNetworkId | undefined => {
  if (stored?.kind !== "walletconnect" || stored.chainId.startsWith("eip155:")) return undefined
  const account = stored.accounts.find((caip) => caip.startsWith("eip155:"))
  if (account === undefined)
    throw new CliError(
      "The connected wallet has no eip155 account: run `appkit-cli connect --chain eip155:…`, or pass --private-key / --keystore",
      { code: "NotConnected" },
    )
  return networkOfAccount(account as CaipAccountId)
}

export const openStoredWalletConnect = async (
  options: {
    readonly chainId?: CaipNetworkId | undefined
    readonly requestTimeoutMs?: number | undefined
  } = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<WalletConnectProvider> => {
  const stored = readConnection(env)
  if (stored === undefined) throw notConnected()
  if (stored.kind !== "walletconnect")
    throw new CliError(
      `The stored connection is a local signer (${stored.kind}): ${
        // Only its path was stored, never the key: the one connected is named to be given again.
        stored.kind === "keystore" && stored.keystoreFile !== undefined
          ? `pass --keystore ${JSON.stringify(stored.keystoreFile)} again (or --private-key)`
          : "pass --private-key or --keystore"
      }`,
      { code: "NotConnected" },
    )
  const checked = await checkStoredSession(stored, options, env)
  if (checked.state === "ended" && !checked.endedByWallet) throw sessionNotStored(stored, env)
  if (checked.state === "ended")
    throw new CliError(
      `${stored.walletName ?? "The wallet"} ended the WalletConnect session: run \`appkit-cli connect\` again`,
      { code: "SessionEnded" },
    )
  const { connector, close } = checked.opened
  const { relayUrl } = checked.stored
  const walletName = checked.stored.walletName ?? "The wallet"
  const chainId = options.chainId ?? checked.stored.chainId
  const account = checked.stored.accounts.find((caip) => networkOfAccount(caip) === chainId)
  const recheck = requestExpired(connector, checked.budget, walletName, () => clearConnection(env))
  let lastFailure: CliError | undefined
  /** A request that failed because of the wallet's side of the session, said in the words a user acts on. */
  const remember = (failure: unknown) =>
    Effect.sync(() => {
      if (failure instanceof CliError) lastFailure = failure
    })
  const explained = (error: WalletConnectConnectorError): Effect.Effect<never, unknown> => {
    if (error._tag === "WalletRequestTimeout") return Effect.flatMap(recheck(error), Effect.fail)
    if (error._tag === "WalletConnectError" && error.reason === "sessionEnded") {
      clearConnection(env)
      return Effect.fail(
        new CliError(
          `${walletName} ended the WalletConnect session before answering: run \`appkit-cli connect\` again`,
          {
            code: "SessionEnded",
          },
        ),
      )
    }
    // The relay is unreachable, say: WalletConnect's own words, before an EVM action wraps them in its own
    // ('The node rejected the transaction: …' for a node that was never asked), naming the relay.
    if (error._tag === "WalletConnectError")
      return Effect.fail(
        new CliError(
          error.message.includes(relayUrl) ? error.message : `${error.message} (relay ${relayUrl})`,
          { code: error._tag },
        ),
      )
    return Effect.fail(error)
  }
  /**
   * A request, given what is left of --timeout. A relay that did not answer the check may not answer the
   * request either: running out is then the relay's silence; else the wallet's, whose request stays pending.
   */
  const bounded = <A>(method: string, request: Effect.Effect<A, WalletConnectConnectorError>) =>
    checked.synced
      ? request.pipe(
          withinBudget(
            checked.budget,
            (ms) => new WalletRequestTimeout({ walletName, method, timeoutMs: ms }),
          ),
          Effect.catch(explained),
        )
      : request.pipe(
          Effect.catch(explained),
          withinBudget(checked.budget, (ms) => timedOut(ms, relayDidNotAnswer(relayUrl))),
        )
  return {
    address: (account === undefined ? checked.stored.address : addressOfAccount(account)) as `0x${string}`,
    chainId,
    walletName,
    request: (args) =>
      Effect.runPromise(bounded(args.method, connector.request(args)).pipe(Effect.tapError(remember))),
    explainFailure: (error) => lastFailure ?? error,
    close,
  }
}
