import type { Command } from "commander"
import { lazyAction } from "../lazy"
import { invalidInput } from "../output"
import { registerDevWallet } from "./dev-wallet"

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

/** A commander parser for an integer option in min..max; anything else is invalid input (exit 1). */
const integerIn =
  (option: string, min: number, max: number) =>
  (value: string): number => {
    if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
      throw invalidInput(`${option} must be an integer from ${min} to ${max}, got '${value}'`)
    }
    return Number(value)
  }
const portOption = (option: string) => integerIn(option, 0, 65535)

/** `appkit-cli dev`: the local stack on loopback until SIGINT/SIGTERM (see actions/dev). */
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
    .option("--serve <dir>", "also serve this built page (e.g. react-ui/demo/dist) on 127.0.0.1")
    .option(
      "--serve-port <N>",
      "the page's port (0: any free port)",
      portOption("--serve-port"),
      DEFAULT_PORTS.page,
    )
    .option(
      "--json",
      "print one JSON line {rpcUrl, chainId, solanaRpcUrl, solanaChainId, apiUrl, relayUrl, secureSiteUrl, secureSiteStore, swap[, pageUrl]}",
    )
    .action(lazyAction(async () => (await import("../actions/dev")).devAction))
  registerDevWallet(dev)
}
