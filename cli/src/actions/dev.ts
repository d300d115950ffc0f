import { accessSync, constants } from "node:fs"
import { delimiter, join } from "node:path"
import { toChecksumAddress } from "@appkit/core/validation"
import {
  type Anvil,
  type AnvilExit,
  anvilBinaryPath,
  deploySwapFixtures,
  type FixtureApi,
  type Relay,
  type SwapDeployment,
  startAnvil,
  startFixtureApi,
  startRelay,
  swapDeploymentSummary,
} from "@appkit/fixtures"
import type { SolanaDevnet } from "@appkit/fixtures/solana"
import type { SecureSite } from "@appkit/secure-site"
import { watchAnvil } from "../anvilWatchdog"
import type { StaticServer } from "../commands/serveStatic"
import { portTaken, refuseSharedPorts } from "../devPorts"
import { secureSiteStore } from "../devSecureSiteStore"
import {
  claimDevStack,
  devStackFile,
  type LeftStack,
  removeDevStack,
  writeDevAnvil,
  writeDevStack,
} from "../devStack"
import { stopLeftAnvil } from "../leftAnvil"
import { CliError, note, printJson, printLine, warn } from "../output"

/**
 * `appkit-cli dev`: the local stack on loopback — anvil, the local Solana chain, the fixture API server, the
 * WalletConnect relay and the embedded wallet's secure site — running until SIGINT/SIGTERM, then stopped
 * together. anvil runs as chain 1 by default (a swap network) and carries the swap market of
 * `deploySwapFixtures` (Uniswap V2, TKA, TKB), which the fixture API quotes from. `--serve DIR` also serves a built page (the demo) with the stack's URLs at /appkit-stack.json.
 * While it runs, `$APPKIT_HOME/dev.json` says where it is, so the other commands default to it (one dev per
 * APPKIT_HOME: a second is refused while the first runs). `--json`
 * prints one line {rpcUrl, chainId, solanaRpcUrl, solanaChainId, apiUrl, relayUrl, secureSiteUrl,
 * secureSiteStore[, pageUrl]} once everything answers, for scripts that wait on it. The secure site keeps its
 * users in PGlite, or in PostgreSQL at DATABASE_URL (devSecureSiteStore.ts).
 */
interface DevOptions {
  readonly chainId: number
  readonly port: number
  readonly solanaPort: number
  readonly apiPort: number
  readonly relayPort: number
  readonly secureSitePort: number
  readonly serve?: string | undefined
  readonly servePort: number
  readonly json?: boolean | undefined
}

interface Running {
  readonly stop: () => Promise<void>
}

/** Stops everything started so far; one failing stop does not keep the others running. */
const stopAll = async (running: ReadonlyArray<Running>): Promise<void> => {
  const results = await Promise.allSettled(running.map((service) => service.stop()))
  const failed = results.find((result) => result.status === "rejected")
  if (failed) throw new CliError(`Stopping the dev stack failed: ${String(failed.reason)}`)
}

/** How a part of the stack ended on its own: its exit code or the signal that ended it. */
const describeExit = ({ code, signal }: AnvilExit): string =>
  code !== null ? `code ${code}` : `signal ${signal}`

/** An `anvil` on PATH (Foundry's), for an install of appkit-cli that does not carry one. */
const anvilOnPath = (): string | undefined => {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, process.platform === "win32" ? "anvil.exe" : "anvil")
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/**
 * The anvil to run: the one @foundry-rs/anvil installs (in the AppKit repository), else Foundry's on PATH.
 * The published appkit-cli leaves the 43 MB binary out, so without either this says how to get one.
 */
const findAnvil = (): string => {
  try {
    return anvilBinaryPath()
  } catch {
    const onPath = anvilOnPath()
    if (onPath !== undefined) return onPath
    throw new CliError(
      "The local stack needs anvil, which this install of appkit-cli does not include (43 MB). Install Foundry (https://getfoundry.sh, then `foundryup`) so that `anvil` is on PATH, or run `npm start` in the AppKit repository",
      { code: "AnvilMissing" },
    )
  }
}

/** A module that is not installed here (an optional part the published CLI leaves out), as opposed to a failure. */
const isMissingModule = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND"
}

/**
 * An optional part of the stack (the Solana chain needs litesvm's native addon; the secure site PGlite,
 * oidc-provider and an SMTP server; the swap market Uniswap's published bytecode): in the AppKit repository it always starts; in an install of appkit-cli
 * without those packages it is left out with a line saying how to add it, and the rest of the stack runs.
 */
const startOptional = async <A>(
  name: string,
  install: string,
  start: () => Promise<A>,
): Promise<A | undefined> => {
  try {
    return await start()
  } catch (error) {
    if (!isMissingModule(error)) throw error
    warn("PartLeftOut", `${name} left out: not installed here (${install})`)
    return undefined
  }
}

const stopSignals = ["SIGINT", "SIGTERM", "SIGHUP"] as const

export const devAction = async (options: DevOptions): Promise<void> => {
  refuseSharedPorts([
    ["--port", options.port],
    ["--solana-port", options.solanaPort],
    ["--api-port", options.apiPort],
    ["--relay-port", options.relayPort],
    ["--secure-site-port", options.secureSitePort],
    ...(options.serve === undefined ? [] : [["--serve-port", options.servePort] as const]),
  ])
  const binary = findAnvil()
  const store = secureSiteStore()
  // A page that is not there fails at once, before any service starts.
  const serve = options.serve
  if (serve !== undefined) {
    const { requirePage } = await import("../commands/serveStatic")
    await requirePage(serve).catch((error: unknown) => {
      throw new CliError(`Cannot serve ${serve}: ${(error as Error).message}`)
    })
  }
  // Ctrl-C (however often pressed), SIGTERM and SIGHUP (the terminal went away) ask for a stop: their default
  // action would end this process at once and orphan anvil, a process of its own. The handlers stay until the
  // process ends (main exits once the command settled): a Ctrl-C pressed again while it winds down must not
  // turn a clean stop into a kill.
  let stopRequested = false
  let requestStop = () => {}
  const stopped = new Promise<void>((resolve) => {
    requestStop = () => {
      stopRequested = true
      resolve()
    }
  })
  for (const signal of stopSignals) process.on(signal, requestStop)
  const running: Array<Running> = []
  // One dev per APPKIT_HOME: refused while another runs there, before anything starts. The anvil a killed
  // dev left there is stopped: it would hold its port and serve a chain nobody stops.
  const claimed = claimDevStack()
  try {
    const left = await stopLeftAnvil(claimed)
    await runStack(options, binary, store, left, running, () => stopRequested, stopped).catch(
      (error: unknown) => {
        // A Ctrl-C at a terminal also signals anvil, so a start cut short by it fails: that is the stop asked for.
        if (!stopRequested) throw error
      },
    )
  } finally {
    removeDevStack()
    await stopAll(running)
  }
}

/**
 * Starts the stack part by part into `running` (the caller stops it), and serves until `stopped`. A stop
 * asked for during start-up ends it after the part starting then: nothing more starts, nothing is printed.
 */
const runStack = async (
  options: DevOptions,
  binary: string,
  store: ReturnType<typeof secureSiteStore>,
  left: LeftStack | undefined,
  running: Array<Running>,
  stopRequested: () => boolean,
  stopped: Promise<void>,
): Promise<void> => {
  const serve = options.serve
  /** A service that started joins `running` (an optional one left out does not). */
  const started = <A>(service: Promise<A>, stopOf: (value: NonNullable<A>) => () => Promise<void>) =>
    service.then((value) => {
      if (value !== undefined && value !== null) running.push({ stop: stopOf(value as NonNullable<A>) })
      return value
    })
  /** allSettled, not all: every service that started joins `running`, even when another failed. */
  const all = async <T extends ReadonlyArray<unknown>>(
    services: { readonly [K in keyof T]: Promise<T[K]> },
  ) => {
    const results = await Promise.allSettled(services)
    const failure = results.find((result) => result.status === "rejected")
    if (failure === undefined)
      return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T
    const reason = (failure as PromiseRejectedResult).reason
    throw reason instanceof CliError ? reason : new CliError(`The dev stack did not start: ${String(reason)}`)
  }
  const [anvil, solana, relay] = await all<[Anvil, SolanaDevnet | undefined, Relay]>([
    started(
      startAnvil({ chainId: options.chainId, port: options.port, binary }).catch(
        portTaken("anvil", "--port", options.port, left),
      ),
      (value) => () => value.stop(),
    ).then((anvil) => {
      // Once it is among what stops with dev: recorded and watched, should dev be killed (no stop runs then).
      writeDevAnvil(anvil)
      watchAnvil(anvil.pid)
      return anvil
    }),
    started(
      startOptional("The local Solana chain", "npm i -g litesvm@1.5.0", async () =>
        (await import("@appkit/fixtures/solana")).startSolanaDevnet({ port: options.solanaPort }),
      ).catch(portTaken("the local Solana chain", "--solana-port", options.solanaPort)),
      (value) => () => value.stop(),
    ),
    started(
      // Its log lines are for a person watching: under --json, stderr carries JSON only (the output contract).
      startRelay({ port: options.relayPort, log: note }).catch(
        portTaken("the relay", "--relay-port", options.relayPort),
      ),
      (value) => () => value.close(),
    ),
  ])
  if (stopRequested()) return
  // Once anvil answers: the fixture API quotes the local chain's swaps from the deployed contracts, and the
  // secure site signs on anvil (its last dev account pays for smart accounts).
  const sponsor = anvil.accounts.at(-1)
  const [{ api, swap }, site] = await all<
    [{ api: FixtureApi; swap: SwapDeployment }, SecureSite | undefined]
  >([
    started(
      deploySwapFixtures(anvil).then(async (deployed) => ({
        swap: deployed,
        api: await startFixtureApi({ port: options.apiPort, swap: deployed }).catch(
          portTaken("the fixture API", "--api-port", options.apiPort),
        ),
      })),
      (value) => () => value.api.close(),
    ),
    started(
      startOptional(
        "The embedded wallet's secure site",
        "it runs from the AppKit repository: npm start",
        async () =>
          (await import("@appkit/secure-site")).startSecureSite({
            port: options.secureSitePort,
            rpcUrl: anvil.rpcUrl,
            chainId: anvil.chainId,
            ...(sponsor === undefined ? {} : { sponsorPrivateKey: sponsor.privateKey }),
            ...(store.secret === undefined ? {} : { secret: store.secret }),
            ...(store.store === "postgres" ? { databaseUrl: store.databaseUrl } : {}),
          }),
      ).catch(portTaken("the secure site", "--secure-site-port", options.secureSitePort)),
      (value) => () => value.close(),
    ),
  ])
  if (stopRequested()) return
  const chainId = `eip155:${anvil.chainId}`
  const stack = {
    rpcUrl: anvil.rpcUrl,
    chainId,
    ...(solana && { solanaRpcUrl: solana.rpcUrl, solanaChainId: solana.chainId }),
    apiUrl: api.url,
    relayUrl: relay.url,
    ...(site && { secureSiteUrl: site.url, secureSiteStore: store.store }),
    ...(swap && { swap: swapDeploymentSummary(swap) }),
  }
  // The page (npm start: the demo) learns the stack's URLs from /appkit-stack.json.
  const [page] = await all<[StaticServer | undefined]>([
    serve === undefined
      ? Promise.resolve(undefined)
      : started(
          import("../commands/serveStatic")
            .then(({ serveStatic }) =>
              serveStatic({
                dir: serve,
                port: options.servePort,
                documents: { "/appkit-stack.json": stack },
              }),
            )
            .catch(portTaken("the page", "--serve-port", options.servePort)),
          (value) => () => value.close(),
        ),
  ])
  if (stopRequested()) return
  writeDevStack({ ...stack, ...(page && { pageUrl: page.url }), pid: process.pid, anvilPid: anvil.pid })
  if (options.json) printJson(page === undefined ? stack : { ...stack, pageUrl: page.url })
  else {
    printLine(`anvil  ${stack.rpcUrl}  (${chainId})`)
    if (solana) printLine(`solana ${solana.rpcUrl}  (${solana.chainId})`)
    printLine(`api    ${stack.apiUrl}`)
    printLine(`relay  ${stack.relayUrl}`)
    if (site)
      printLine(
        `secure ${site.url}  (embedded wallet, ${store.store === "postgres" ? "PostgreSQL at DATABASE_URL" : "PGlite in memory"}; codes: ${site.url}/dev/mailbox?to=EMAIL)`,
      )
    if (page !== undefined) printLine(`page   ${page.url}  (${serve})`)
    if (swap)
      printLine(
        `swap   Uniswap V2 router ${swap.router}; ${swap.tokens.map((token) => `${token.symbol} ${token.address}`).join(", ")}`,
      )
    printLine(`accounts (10 000 ETH${swap ? ", 10 000 TKA and 10 000 TKB" : ""} each):`)
    // anvil's config file spells them in lowercase; siwe create and the wallets take the EIP-55 form.
    for (const [index, account] of anvil.accounts.entries())
      printLine(`  (${index}) ${toChecksumAddress(account.address)}  ${account.privateKey}`)
    if (solana) {
      printLine("solana accounts (1000 SOL and 1 000 000 of each dev token each):")
      for (const [index, account] of solana.accounts.entries()) printLine(`  (${index}) ${account.address}`)
      printLine(
        `solana dev tokens: ${solana.mint.address} (SPL Token), ${solana.token2022Mint.address} (Token-2022)`,
      )
    }
    printLine(`While this runs, the other commands use this stack by default (${devStackFile()}).`)
    printLine("Ctrl-C stops everything.")
  }
  // anvil is a process of its own: should it die (killed, crashed), the stack stops rather than serve a
  // dead node at the address dev.json gives every other command. A Ctrl-C at a terminal signals anvil too
  // (the whole process group) and may reach it first: anvil then ends by SIGINT, or cleanly with code 0
  // once running. That is the user's stop, not a crash.
  const anvilExit = await Promise.race([
    stopped.then(() => undefined),
    anvil.exited.then((exit) => (exit.code === 0 || exit.signal === "SIGINT" ? undefined : exit)),
  ])
  if (anvilExit !== undefined)
    throw new CliError(
      `anvil exited (${describeExit(anvilExit)}) while the dev stack ran: the dev stack stopped`,
      { code: "DevStackPartExited" },
    )
}
