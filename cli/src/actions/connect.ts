import { renameSync, rmSync } from "node:fs"
import { type CaipNetworkId, namespaceOf, Timings } from "@appkit/core"
import { Duration, Effect, Fiber, Option, Stream } from "effect"
import { relayEndpoint } from "../checkedUrls"
import { readDevStack } from "../devStack"
import { readDuration } from "../duration"
import { devStackNote, setting } from "../endpoints"
import type { LocalSignerOptions } from "../evmOptions"
import { giveUpAfter } from "../giveUp"
import { readChain } from "../inputs"
import { CliError, invalidInput, note, printJson, printLine } from "../output"
import { inkView, jsonView, type PairingView, plainView } from "../pairingView"
import {
  clearConnection,
  pendingWalletConnectStoreFile,
  readConnectionOrNone,
  type StoredConnection,
  walletConnectStoreFile,
  writeConnection,
} from "../session"
import { loadLocalSigner } from "../signer"
import {
  checkStoredSession,
  endWalletConnectSession,
  openWalletConnect,
  storedSession,
} from "../walletSession"
import type { EmbeddedConnectOptions } from "./connectEmbedded"

/**
 * `appkit-cli connect`: WalletConnect by default — shows the `wc:` URI, a QR code and the countdown, waits
 * for the wallet to approve and stores the session for `status`, `send`, `sign` and `disconnect`. With a
 * local signer (--private-key / APPKIT_PRIVATE_KEY / --keystore) it stores that signer's address instead.
 *
 * A working connection is never lost to a second connect: without --replace it is refused (as wagmi
 * refuses a connected connector); with --replace the new pairing runs beside the old session, which is
 * ended only once the wallet approved the new one.
 */
interface ConnectOptions extends LocalSignerOptions {
  readonly relayUrl?: string | undefined
  readonly projectId?: string | undefined
  readonly chain?: ReadonlyArray<string> | undefined
  readonly timeout?: string | undefined
  readonly replace?: boolean | undefined
  readonly json?: boolean | undefined
}

const publicRelayUrl = "wss://relay.walletconnect.org"

/** What is connected now, checked with the relay for a WalletConnect session (the wallet may have ended it). */
const currentConnection = async (): Promise<StoredConnection | undefined> => {
  const stored = readConnectionOrNone()
  if (stored?.kind !== "walletconnect") return stored
  if (stored.expiry * 1000 <= Date.now()) return undefined
  const checked = await checkStoredSession(stored)
  if (checked.state === "ended") return undefined
  await checked.opened.close()
  return checked.stored
}

const alreadyConnected = (connection: StoredConnection) =>
  new CliError(
    `Already connected: ${connection.address}${connection.kind === "walletconnect" ? ` through ${connection.walletName ?? "a WalletConnect wallet"}` : ` (local signer, ${connection.kind})`}. Run \`appkit-cli disconnect\` first, or \`appkit-cli connect --replace\` to keep it until the new connection is approved`,
    { code: "AlreadyConnected" },
  )

/** Ends what `previous` held once its replacement is in place (the wallet is told, when it can be). */
const retire = async (previous: StoredConnection | undefined): Promise<void> => {
  if (previous?.kind === "walletconnect") await endWalletConnectSession(previous)
}

const connectLocalSigner = async (
  options: ConnectOptions,
  chains: ReadonlyArray<CaipNetworkId>,
  previous: StoredConnection | undefined,
): Promise<boolean> => {
  const signer = await loadLocalSigner(options)
  if (signer === undefined) return false
  // A local signer is an EVM account: `send` and `sign` use it on eip155 networks only.
  const chainId = chains[0] ?? readChain("eip155:1").caip2
  if (namespaceOf(chainId) !== "eip155")
    throw invalidInput(`--chain: a local signer connects an eip155 network, got '${chainId}'`)
  if (previous !== undefined && !options.replace) throw alreadyConnected(previous)
  const kind = options.keystore !== undefined && options.privateKey === undefined ? "keystore" : "private-key"
  await retire(previous)
  clearConnection()
  writeConnection({
    kind,
    address: signer.address,
    chainId,
    ...(kind === "keystore" && options.keystore !== undefined ? { keystoreFile: options.keystore } : {}),
  })
  if (options.json) printJson({ kind, address: signer.address, chainId })
  else printLine(`Connected local signer ${signer.address} (${kind})`)
  return true
}

export const connectAction = async (options: ConnectOptions & EmbeddedConnectOptions): Promise<void> => {
  const login =
    options.email !== undefined ? "--email" : options.social !== undefined ? "--social" : undefined
  const localSigner =
    options.privateKey !== undefined
      ? "--private-key"
      : options.keystore !== undefined
        ? "--keystore"
        : undefined
  // One way per run: neither is dropped in silence for the other.
  if (login !== undefined && localSigner !== undefined)
    throw invalidInput(`${login} and ${localSigner}: choose one way to sign in`)
  if (login !== undefined) return (await import("./connectEmbedded")).connectEmbedded(options)
  // Every argument is read before the stored connection is looked at, let alone touched.
  const relay = relayEndpoint(options.relayUrl)
  const stack = relay?.source === "dev stack" ? readDevStack() : undefined
  const chains = (options.chain ?? [stack?.chainId ?? "eip155:1"]).map((chain) => readChain(chain).caip2)
  const timeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const relayUrl = relay?.url ?? publicRelayUrl
  const projectId = options.projectId ?? setting(process.env.APPKIT_PROJECT_ID)

  const previous = await currentConnection()
  if (await connectLocalSigner(options, chains, previous)) return
  if (projectId === undefined && relayUrl === publicRelayUrl)
    throw new CliError("The public relay needs --project-id (or APPKIT_PROJECT_ID)", { code: "UsageError" })
  if (previous !== undefined && !options.replace) throw alreadyConnected(previous)
  if (previous === undefined) clearConnection()
  if (relay !== undefined) note(devStackNote("relay", relay))

  // With a session to keep, the new pairing's state lives apart until the wallet approves.
  const storeFile =
    previous?.kind === "walletconnect" ? pendingWalletConnectStoreFile() : walletConnectStoreFile()
  rmSync(pendingWalletConnectStoreFile(), { force: true })
  // §4: the pairing lives 4 minutes and counts as expired 10 s before; --timeout may end the wait sooner.
  const pairingMs =
    Duration.toMillis(Timings.pairingLifetime) - Duration.toMillis(Timings.pairingExpiryMargin)
  const byTimeout = timeoutMs !== undefined && timeoutMs < pairingMs
  const view: PairingView = options.json
    ? jsonView(relayUrl)
    : process.stdout.isTTY
      ? await inkView()
      : plainView()
  const target = { projectId: projectId ?? "appkit-cli", relayUrl }
  const { connector, close } = await openWalletConnect({ ...target, chains }, { storeFile })
  let approved = false
  // Until the relay answered there was no URI to show, so no wallet could have approved anything.
  let uriShown = false
  try {
    const program = Effect.gen(function* () {
      const shown = yield* Effect.forkChild(
        Stream.runForEach(connector.events, (event) =>
          Effect.sync(() => {
            if (event._tag !== "display_uri") return
            uriShown = true
            view.pairing(
              event.uri,
              Date.now() + (byTimeout ? timeoutMs : Duration.toMillis(Timings.pairingLifetime)),
              byTimeout ? "timeout" : "pairing",
            )
          }),
        ),
      )
      yield* Effect.yieldNow
      yield* connector.connect({ chainId: chains[0] })
      yield* Fiber.interrupt(shown)
      return Option.getOrThrow(yield* connector.session)
    })
    const bounded = program.pipe(
      giveUpAfter(timeoutMs, () =>
        uriShown ? "No wallet approved" : `The relay at ${relayUrl} did not answer`,
      ),
    )
    const session = await Effect.runPromise(bounded).finally(view.done)
    approved = true
    await close()
    // Only now does the old session go: the wallet is told, then the new state takes its place.
    await retire(previous)
    if (storeFile !== walletConnectStoreFile()) renameSync(storeFile, walletConnectStoreFile())
    const stored = storedSession(session, target)
    writeConnection(stored)
    if (options.json)
      printJson({
        event: "connected",
        kind: "walletconnect",
        address: stored.address,
        chainId: stored.chainId,
        accounts: stored.accounts,
        walletName: stored.walletName,
        replaced: previous?.address ?? null,
      })
    else {
      printLine(`Connected ${stored.address} on ${stored.chainId} through ${stored.walletName}`)
      if (previous !== undefined) printLine(`Replaced the previous connection (${previous.address})`)
    }
  } finally {
    if (!approved) {
      await close()
      // An abandoned pairing leaves nothing behind, and whatever was connected before stays as it was.
      rmSync(pendingWalletConnectStoreFile(), { force: true })
    }
  }
}
