import type { Command } from "commander"
import { CliError, printJson, printLine } from "../output"
import { registerDevWallet } from "./dev-wallet"

/**
 * `appkit-cli dev`: the local stack on loopback — anvil, the local Solana chain, the fixture API server, the
 * WalletConnect relay and the embedded wallet's secure site — running until SIGINT/SIGTERM, then stopped
 * together; `--serve DIR` also serves a built page (the demo) with the stack's URLs at /appkit-stack.json.
 * `--json` prints one line {rpcUrl, chainId, solanaRpcUrl, solanaChainId, apiUrl, relayUrl, secureSiteUrl[,
 * pageUrl]} once everything answers, for scripts that wait on it.
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

/**
 * The well-known local ports: the EVM commands default to anvil on 8545 and the data commands to the
 * fixture API on 8787, so a plain `appkit-cli dev` (or `npm start`) serves every other command's default.
 * The Solana chain takes 8899, where solana-test-validator listens.
 */
const DEFAULT_PORTS = {
  anvil: 8545,
  solana: 8899,
  api: 8787,
  relay: 8788,
  secureSite: 8789,
  page: 8790,
} as const

/** A commander parser for an integer option in min..max; anything else is a usage error (exit 2). */
const integerIn =
  (option: string, min: number, max: number) =>
  (value: string): number => {
    if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new CliError(`${option} must be an integer from ${min} to ${max}, got '${value}'`)
    }
    return Number(value)
  }
const portOption = (option: string) => integerIn(option, 0, 65535)

interface Running {
  readonly stop: () => Promise<void>
}

/** Stops everything started so far; one failing stop does not keep the others running. */
const stopAll = async (running: ReadonlyArray<Running>): Promise<void> => {
  const results = await Promise.allSettled(running.map((service) => service.stop()))
  const failed = results.find((result) => result.status === "rejected")
  if (failed) throw new CliError(`Stopping the dev stack failed: ${String(failed.reason)}`)
}

const devAction = async (options: DevOptions): Promise<void> => {
  // A page that is not there fails at once, before any service starts.
  if (options.serve !== undefined) {
    const dir = options.serve
    await import("./serveStatic")
      .then(({ requirePage }) => requirePage(dir))
      .catch((error: unknown) => {
        throw new CliError(`Cannot serve ${dir}: ${(error as Error).message}`)
      })
  }
  const { startAnvil, startFixtureApi, startRelay, startSolanaDevnet } = await import("@appkit/fixtures")
  const stopped = new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"))
    process.once("SIGTERM", () => resolve("SIGTERM"))
  })
  // allSettled, not all: when one service fails to start, the others must still be stopped.
  const [anvil, solana, api, relay] = await Promise.allSettled([
    startAnvil({ chainId: options.chainId, port: options.port }),
    startSolanaDevnet({ port: options.solanaPort }),
    startFixtureApi({ port: options.apiPort }),
    startRelay({ port: options.relayPort }),
  ])
  const running: Array<Running> = [
    ...(anvil.status === "fulfilled" ? [anvil.value] : []),
    ...(solana.status === "fulfilled" ? [solana.value] : []),
    ...(api.status === "fulfilled" ? [{ stop: api.value.close }] : []),
    ...(relay.status === "fulfilled" ? [{ stop: relay.value.close }] : []),
  ]
  if (
    anvil.status === "rejected" ||
    solana.status === "rejected" ||
    api.status === "rejected" ||
    relay.status === "rejected"
  ) {
    await stopAll(running)
    const failure = [anvil, solana, api, relay].find((result) => result.status === "rejected")
    throw new CliError(`The dev stack did not start: ${String(failure?.reason)}`)
  }
  // The secure site signs on anvil, so it starts once anvil answers; its last dev account pays for smart accounts.
  const sponsor = anvil.value.accounts.at(-1)
  const secureSite = await import("@appkit/secure-site")
    .then(({ startSecureSite }) =>
      startSecureSite({
        port: options.secureSitePort,
        rpcUrl: anvil.value.rpcUrl,
        chainId: anvil.value.chainId,
        ...(sponsor === undefined ? {} : { sponsorPrivateKey: sponsor.privateKey }),
      }),
    )
    .catch(async (error: unknown) => {
      await stopAll(running)
      throw new CliError(`The dev stack did not start: ${String(error)}`)
    })
  running.push({ stop: secureSite.close })
  const chainId = `eip155:${anvil.value.chainId}`
  const stack = {
    rpcUrl: anvil.value.rpcUrl,
    chainId,
    solanaRpcUrl: solana.value.rpcUrl,
    solanaChainId: solana.value.chainId,
    apiUrl: api.value.url,
    relayUrl: relay.value.url,
    secureSiteUrl: secureSite.url,
  }
  // The page (npm start: the demo) learns the stack's URLs from /appkit-stack.json.
  const page =
    options.serve === undefined
      ? undefined
      : await import("./serveStatic")
          .then(({ serveStatic }) =>
            serveStatic({
              dir: options.serve as string,
              port: options.servePort,
              documents: { "/appkit-stack.json": stack },
            }),
          )
          .catch(async (error: unknown) => {
            await stopAll(running)
            throw new CliError(`Cannot serve ${options.serve}: ${(error as Error).message}`)
          })
  if (page !== undefined) running.push({ stop: page.close })
  if (options.json) {
    printJson(page === undefined ? stack : { ...stack, pageUrl: page.url })
  } else {
    printLine(`anvil  ${anvil.value.rpcUrl}  (${chainId})`)
    printLine(`solana ${solana.value.rpcUrl}  (${solana.value.chainId})`)
    printLine(`api    ${api.value.url}`)
    printLine(`relay  ${relay.value.url}`)
    printLine(`secure ${secureSite.url}  (embedded wallet; codes: ${secureSite.url}/dev/mailbox?to=EMAIL)`)
    printLine("accounts (10 000 ETH each):")
    for (const [index, account] of anvil.value.accounts.entries()) {
      printLine(`  (${index}) ${account.address}  ${account.privateKey}`)
    }
    printLine("solana accounts (1000 SOL and 1 000 000 of each dev token each):")
    for (const [index, account] of solana.value.accounts.entries())
      printLine(`  (${index}) ${account.address}`)
    printLine(
      `solana dev tokens: ${solana.value.mint.address} (SPL Token), ${solana.value.token2022Mint.address} (Token-2022)`,
    )
    printLine("Point the other commands at this stack:")
    printLine(
      `  export APPKIT_RPC_URL=${anvil.value.rpcUrl} APPKIT_API_URL=${api.value.url} APPKIT_RELAY_URL=${relay.value.url}`,
    )
    if (page !== undefined) printLine(`page   ${page.url}  (${options.serve})`)
    printLine("Ctrl-C stops everything.")
  }
  await stopped
  await stopAll(running)
}

export const register = (program: Command): void => {
  const dev = program
    .command("dev")
    .description(
      "Run anvil, the local Solana chain, the fixture API server, the WalletConnect relay and the embedded wallet's secure site on loopback until stopped",
    )
    .option("--chain-id <N>", "anvil's chain id", integerIn("--chain-id", 1, 2 ** 32 - 1), 31337)
    .option("--port <N>", "anvil's port (0: any free port)", portOption("--port"), DEFAULT_PORTS.anvil)
    .option(
      "--solana-port <N>",
      "the local Solana chain's port (0: any free port)",
      portOption("--solana-port"),
      DEFAULT_PORTS.solana,
    )
    .option(
      "--api-port <N>",
      "the fixture API's port (0: any free port)",
      portOption("--api-port"),
      DEFAULT_PORTS.api,
    )
    .option(
      "--relay-port <N>",
      "the relay's port (0: any free port)",
      portOption("--relay-port"),
      DEFAULT_PORTS.relay,
    )
    .option(
      "--secure-site-port <N>",
      "the embedded wallet's secure site's port (0: any free port)",
      portOption("--secure-site-port"),
      DEFAULT_PORTS.secureSite,
    )
    .option("--serve <dir>", "also serve this built page (e.g. react-ui/demo/dist) on 127.0.0.1")
    .option(
      "--serve-port <N>",
      "the page's port (0: any free port)",
      portOption("--serve-port"),
      DEFAULT_PORTS.page,
    )
    .option(
      "--json",
      "print one JSON line {rpcUrl, chainId, solanaRpcUrl, solanaChainId, apiUrl, relayUrl, secureSiteUrl[, pageUrl]}",
    )
    .action(devAction)
  registerDevWallet(dev)
}
