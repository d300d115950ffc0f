import type { Command } from "commander"
import { type LocalSignerOptions, withLocalSignerOptions } from "../evmOptions"
import { CliError, printJson, printLine } from "../output"

/**
 * `appkit-cli connect`: WalletConnect by default — shows the `wc:` URI, a QR code and the pairing countdown,
 * waits for the wallet to approve and stores the session for `status`, `send`, `sign` and `disconnect`.
 * With a local signer (--private-key / APPKIT_PRIVATE_KEY / --keystore) it stores that signer's address
 * (never the key) instead.
 */
interface ConnectOptions extends LocalSignerOptions {
  readonly relayUrl?: string | undefined
  readonly projectId?: string | undefined
  readonly chain?: ReadonlyArray<string> | undefined
  readonly timeout?: string | undefined
  readonly json?: boolean | undefined
}

const publicRelayUrl = "wss://relay.walletconnect.org"
const defaultChains = ["eip155:1"]

const collect = (value: string, previous: ReadonlyArray<string> = []) => [...previous, value]

const parseTimeout = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const seconds = Number(text)
  if (!/^\d+(\.\d+)?$/.test(text) || seconds <= 0)
    throw new CliError(`--timeout must be a positive number of seconds, got '${text}'`)
  return seconds * 1000
}

/** What the user sees while pairing, in one of three forms: Ink on a TTY, plain lines, or JSON lines. */
interface PairingView {
  readonly pairing: (uri: string, expiresAt: number) => void
  readonly done: () => void
}

const countdown = (expiresAt: number): string => {
  const left = Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000))
  return `Pairing expires in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`
}

/** How often plain output repeats the countdown (a log, so not every second). */
const plainCountdownMs = 30_000

const plainView = async (): Promise<PairingView> => {
  const { renderUnicodeCompact } = await import("uqr")
  let ticker: ReturnType<typeof setInterval> | undefined
  return {
    pairing: (uri, expiresAt) => {
      printLine("Scan the QR code with a WalletConnect wallet, or paste the URI into it:")
      printLine(renderUnicodeCompact(uri, { border: 1 }))
      printLine(`uri: ${uri}`)
      printLine(`${countdown(expiresAt)} (at ${new Date(expiresAt).toISOString()})`)
      clearInterval(ticker)
      ticker = setInterval(() => printLine(countdown(expiresAt)), plainCountdownMs)
    },
    done: () => clearInterval(ticker),
  }
}

const jsonView = (): PairingView => ({
  pairing: (uri, expiresAt) =>
    printJson({ event: "display_uri", uri, expiresAt: new Date(expiresAt).toISOString() }),
  done: () => {},
})

/** Ink on a TTY: the QR code and URI, with a countdown redrawn every second until the wallet answers. */
const inkView = async (): Promise<PairingView> => {
  const [{ render, Box, Text }, React, { renderUnicodeCompact }] = await Promise.all([
    import("ink"),
    import("react"),
    import("uqr"),
  ])
  const h = React.createElement
  const instance = render(h(Text, {}, "Connecting to the relay…"))
  let ticker: ReturnType<typeof setInterval> | undefined
  const draw = (uri: string, qr: string, expiresAt: number) =>
    instance.rerender(
      h(
        Box,
        { flexDirection: "column" },
        h(Text, {}, "Scan with a WalletConnect wallet, or paste the URI into it:"),
        h(Text, {}, qr),
        h(Text, { dimColor: true }, uri),
        h(Text, { color: expiresAt - Date.now() > 30_000 ? "green" : "yellow" }, countdown(expiresAt)),
      ),
    )
  return {
    pairing: (uri, expiresAt) => {
      const qr = renderUnicodeCompact(uri, { border: 1 })
      draw(uri, qr, expiresAt)
      clearInterval(ticker)
      ticker = setInterval(() => draw(uri, qr, expiresAt), 1000)
    },
    done: () => {
      clearInterval(ticker)
      instance.clear()
      instance.unmount()
    },
  }
}

/**
 * Checked (and decoded to CAIP-2 ids) before anything is stored or cleared, so a mistyped --chain never costs
 * the session already held.
 */
const checkChains = async (chains: ReadonlyArray<string>) => {
  const { formatChainId, isChainNamespace, parseChainId } = await import("@appkit/core")
  return chains.map((chain) => {
    const parsed = parseChainId(chain)
    if (parsed._tag === "Failure") throw new CliError(`--chain: ${parsed.failure.message}`)
    if (!isChainNamespace(parsed.success.namespace))
      throw new CliError(`--chain: '${chain}' is not on eip155, solana, bip122, polkadot or cosmos`)
    const id = formatChainId(parsed.success)
    if (id._tag === "Failure") throw new CliError(`--chain: ${id.failure.message}`)
    return id.success
  })
}

const connectLocalSigner = async (
  options: ConnectOptions,
  chains: ReadonlyArray<string>,
): Promise<boolean> => {
  const [{ loadLocalSigner }, { writeConnection }] = await Promise.all([
    import("../signer"),
    import("../session"),
  ])
  const signer = await loadLocalSigner(options)
  if (signer === undefined) return false
  // A local signer is an EVM account: `send` and `sign` use it on eip155 networks only.
  if (!chains[0]?.startsWith("eip155:"))
    throw new CliError(`--chain: a local signer connects an eip155 network, got '${chains[0]}'`)
  const kind = options.keystore !== undefined && options.privateKey === undefined ? "keystore" : "private-key"
  writeConnection({
    kind,
    address: signer.address,
    chainId: chains[0],
    ...(kind === "keystore" && options.keystore !== undefined ? { keystoreFile: options.keystore } : {}),
  })
  if (options.json) printJson({ kind, address: signer.address, chainId: chains[0] })
  else printLine(`Connected local signer ${signer.address} (${kind})`)
  return true
}

const connectAction = async (options: ConnectOptions): Promise<void> => {
  const chains = options.chain ?? defaultChains
  const timeoutMs = parseTimeout(options.timeout)
  const networks = await checkChains(chains)
  if (await connectLocalSigner(options, chains)) return

  const [
    { Duration, Effect, Fiber, Option, Stream },
    session,
    { addressOfAccount, networkOfAccount, Timings },
  ] = await Promise.all([import("effect"), import("../session"), import("@appkit/core")])
  // §4: the countdown shows the pairing's lifetime; the connector stops waiting 10 s before its end.
  const pairingLifetimeMs = Duration.toMillis(Timings.pairingLifetime)
  const relayUrl = options.relayUrl ?? process.env.APPKIT_RELAY_URL ?? publicRelayUrl
  const projectId = options.projectId ?? process.env.APPKIT_PROJECT_ID
  if (projectId === undefined && relayUrl === publicRelayUrl)
    throw new CliError("The public relay needs --project-id (or APPKIT_PROJECT_ID)")
  // A new connection replaces the stored one: the wallet of an old WalletConnect session is told it is
  // over (rather than left holding a session nobody uses), then the old sign-client state goes.
  const previous = session.readConnection()
  if (previous?.kind === "walletconnect") await session.endWalletConnectSession(previous)
  session.clearConnection()
  const view = options.json ? jsonView() : process.stdout.isTTY ? await inkView() : await plainView()
  const { connector, close } = await session.openWalletConnect({
    projectId: projectId ?? "appkit-cli",
    relayUrl,
    chains,
  })
  try {
    const program = Effect.gen(function* () {
      const shown = yield* Effect.forkChild(
        Stream.runForEach(connector.events, (event) =>
          Effect.sync(() => {
            if (event._tag === "display_uri") view.pairing(event.uri, Date.now() + pairingLifetimeMs)
          }),
        ),
      )
      yield* Effect.yieldNow
      const connection = yield* connector.connect({ chainId: networks[0] })
      yield* Fiber.interrupt(shown)
      return { connection, info: Option.getOrThrow(yield* connector.session) }
    })
    const bounded =
      timeoutMs === undefined
        ? program
        : program.pipe(
            Effect.timeoutOrElse({
              duration: Duration.millis(timeoutMs),
              orElse: () => Effect.fail(new CliError(`No wallet approved within ${options.timeout} s`)),
            }),
          )
    const { connection, info } = await Effect.runPromise(bounded).finally(view.done)
    const account =
      connection.accounts.find((caip) => networkOfAccount(caip) === connection.chainId) ??
      connection.accounts[0]
    const address = account === undefined ? "" : addressOfAccount(account)
    session.writeConnection({
      kind: "walletconnect",
      address,
      chainId: connection.chainId,
      accounts: [...connection.accounts],
      topic: info.topic,
      relayUrl,
      projectId: projectId ?? "appkit-cli",
      walletName: info.walletName,
      expiry: info.expiry,
    })
    if (options.json)
      printJson({
        event: "connected",
        kind: "walletconnect",
        address,
        chainId: connection.chainId,
        accounts: connection.accounts,
        walletName: info.walletName,
      })
    else printLine(`Connected ${address} on ${connection.chainId} through ${info.walletName}`)
  } finally {
    await close()
    session.exitWhenDone()
  }
}

export const register = (program: Command): void => {
  const command = program
    .command("connect")
    .description("Connect a wallet: WalletConnect (QR code / wc: URI) by default, or a local signer")
    .option("--relay-url <url>", `WalletConnect relay (default: APPKIT_RELAY_URL, else ${publicRelayUrl})`)
    .option("--project-id <id>", "WalletConnect project id (default: APPKIT_PROJECT_ID)")
    .option("--chain <caip2>", "network to request, repeatable (default: eip155:1)", collect)
    .option(
      "--timeout <seconds>",
      "stop waiting for the wallet after this long (default: the 4-minute pairing)",
    )
    .option("--json", "print JSON lines: {event: display_uri, uri, expiresAt}, then {event: connected, ...}")
  withLocalSignerOptions(command).action(connectAction)
}
