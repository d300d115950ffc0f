import type { Command } from "commander"
import { CliError, printJson, printLine } from "../output"
import { registerDevWallet } from "./dev-wallet"

/**
 * `appkit-cli dev`: the local stack on loopback — anvil, the local Solana chain, the fixture API server, the
 * WalletConnect relay and the embedded wallet's secure site — running until SIGINT/SIGTERM, then stopped
 * together. `--json` prints one line {rpcUrl, chainId, solanaRpcUrl, solanaChainId, apiUrl, relayUrl,
 * secureSiteUrl, swap} once everything answers, for scripts that wait on it. anvil runs as chain 1 by
 * default, a swap network, and carries the swap market of `deploySwapFixtures` (Uniswap V2, TKA, TKB).
 */
interface DevOptions {
  readonly chainId: number
  readonly port: number
  readonly solanaPort: number
  readonly apiPort: number
  readonly relayPort: number
  readonly secureSitePort: number
  readonly json?: boolean | undefined
}

/**
 * The well-known local ports: the EVM commands default to anvil on 8545 and the data commands to the
 * fixture API on 8787, so a plain `appkit-cli dev` (or `npm start`) serves every other command's default.
 * The Solana chain takes 8899, where solana-test-validator listens.
 */
const DEFAULT_PORTS = { anvil: 8545, solana: 8899, api: 8787, relay: 8788, secureSite: 8789 } as const

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
  const {
    deploySwapFixtures,
    startAnvil,
    startFixtureApi,
    startRelay,
    startSolanaDevnet,
    swapDeploymentSummary,
  } = await import("@appkit/fixtures")
  const stopped = new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"))
    process.once("SIGTERM", () => resolve("SIGTERM"))
  })
  // allSettled, not all: when one service fails to start, the others must still be stopped.
  const [anvil, solana, relay] = await Promise.allSettled([
    startAnvil({ chainId: options.chainId, port: options.port }),
    startSolanaDevnet({ port: options.solanaPort }),
    startRelay({ port: options.relayPort }),
  ])
  let running: ReadonlyArray<Running> = [
    ...(anvil.status === "fulfilled" ? [anvil.value] : []),
    ...(solana.status === "fulfilled" ? [solana.value] : []),
    ...(relay.status === "fulfilled" ? [{ stop: relay.value.close }] : []),
  ]
  if (anvil.status === "rejected" || solana.status === "rejected" || relay.status === "rejected") {
    await stopAll(running)
    const failure = [anvil, solana, relay].find((result) => result.status === "rejected")
    throw new CliError(`The dev stack did not start: ${String(failure?.reason)}`)
  }
  // The fixture API answers the local chain's swap endpoints from the contracts, so it starts once they exist.
  const { api, swap } = await deploySwapFixtures(anvil.value)
    .then(async (deployed) => ({
      swap: deployed,
      api: await startFixtureApi({ port: options.apiPort, swap: deployed }),
    }))
    .catch(async (error: unknown) => {
      await stopAll(running)
      throw new CliError(`The dev stack did not start: ${String(error)}`)
    })
  running = [...running, { stop: api.close }]
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
  running = [...running, { stop: secureSite.close }]
  const chainId = `eip155:${anvil.value.chainId}`
  if (options.json) {
    printJson({
      rpcUrl: anvil.value.rpcUrl,
      chainId,
      solanaRpcUrl: solana.value.rpcUrl,
      solanaChainId: solana.value.chainId,
      apiUrl: api.url,
      relayUrl: relay.value.url,
      secureSiteUrl: secureSite.url,
      swap: swapDeploymentSummary(swap),
    })
  } else {
    printLine(`anvil  ${anvil.value.rpcUrl}  (${chainId})`)
    printLine(`solana ${solana.value.rpcUrl}  (${solana.value.chainId})`)
    printLine(`api    ${api.url}`)
    printLine(`relay  ${relay.value.url}`)
    printLine(`secure ${secureSite.url}  (embedded wallet; codes: ${secureSite.url}/dev/mailbox?to=EMAIL)`)
    printLine(
      `swap   Uniswap V2 router ${swap.router}; ${swap.tokens.map((token) => `${token.symbol} ${token.address}`).join(", ")}`,
    )
    printLine("accounts (10 000 ETH, 10 000 TKA and 10 000 TKB each):")
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
      `  export APPKIT_RPC_URL=${anvil.value.rpcUrl} APPKIT_API_URL=${api.url} APPKIT_RELAY_URL=${relay.value.url}`,
    )
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
    .option(
      "--chain-id <N>",
      "anvil's chain id (default 1: a swap network)",
      integerIn("--chain-id", 1, 2 ** 32 - 1),
      1,
    )
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
    .option(
      "--json",
      "print one JSON line {rpcUrl, chainId, solanaRpcUrl, solanaChainId, apiUrl, relayUrl, secureSiteUrl, swap}",
    )
    .action(devAction)
  registerDevWallet(dev)
}
