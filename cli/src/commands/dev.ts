import type { Command } from "commander"
import { CliError, printJson, printLine } from "../output"
import { registerDevWallet } from "./dev-wallet"

/**
 * `appkit-cli dev`: the local stack on loopback — anvil, the fixture API server and the WalletConnect relay —
 * running until SIGINT/SIGTERM, then stopped together. `--json` prints one line
 * {rpcUrl, chainId, apiUrl, relayUrl} once everything answers, for scripts that wait on it.
 */
interface DevOptions {
  readonly chainId: number
  readonly port?: number | undefined
  readonly json?: boolean | undefined
}

/** A commander parser for an integer option in 1..max; anything else is a usage error (exit 2). */
const positiveInteger =
  (option: string, max: number) =>
  (value: string): number => {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > max) {
      throw new CliError(`${option} must be an integer from 1 to ${max}, got '${value}'`)
    }
    return Number(value)
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

const devAction = async (options: DevOptions): Promise<void> => {
  const { startAnvil, startFixtureApi, startRelay } = await import("@appkit/fixtures")
  const stopped = new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"))
    process.once("SIGTERM", () => resolve("SIGTERM"))
  })
  // allSettled, not all: when one service fails to start, the others must still be stopped.
  const [anvil, api, relay] = await Promise.allSettled([
    startAnvil({ chainId: options.chainId, ...(options.port === undefined ? {} : { port: options.port }) }),
    startFixtureApi(),
    startRelay(),
  ])
  const running: ReadonlyArray<Running> = [
    ...(anvil.status === "fulfilled" ? [anvil.value] : []),
    ...(api.status === "fulfilled" ? [{ stop: api.value.close }] : []),
    ...(relay.status === "fulfilled" ? [{ stop: relay.value.close }] : []),
  ]
  if (anvil.status === "rejected" || api.status === "rejected" || relay.status === "rejected") {
    await stopAll(running)
    const failure = [anvil, api, relay].find((result) => result.status === "rejected")
    throw new CliError(`The dev stack did not start: ${String(failure?.reason)}`)
  }
  const chainId = `eip155:${anvil.value.chainId}`
  if (options.json) {
    printJson({ rpcUrl: anvil.value.rpcUrl, chainId, apiUrl: api.value.url, relayUrl: relay.value.url })
  } else {
    printLine(`anvil  ${anvil.value.rpcUrl}  (${chainId})`)
    printLine(`api    ${api.value.url}`)
    printLine(`relay  ${relay.value.url}`)
    printLine("accounts (10 000 ETH each):")
    for (const [index, account] of anvil.value.accounts.entries()) {
      printLine(`  (${index}) ${account.address}  ${account.privateKey}`)
    }
    printLine("Ctrl-C stops everything.")
  }
  await stopped
  await stopAll(running)
}

export const register = (program: Command): void => {
  const dev = program
    .command("dev")
    .description("Run anvil, the fixture API server and the WalletConnect relay on loopback until stopped")
    .option("--chain-id <N>", "anvil's chain id", positiveInteger("--chain-id", 2 ** 32 - 1), 31337)
    .option(
      "--port <N>",
      "anvil's port, e.g. 8545 (what the EVM commands use by default; default: any free port)",
      positiveInteger("--port", 65535),
    )
    .option("--json", "print one JSON line {rpcUrl, chainId, apiUrl, relayUrl}")
    .action(devAction)
  registerDevWallet(dev)
}
