import type { Command } from "commander"
import { lazyAction } from "../lazy"
import { invalidInput } from "../output"
import { registerDevWallet } from "./dev-wallet"

/**
 * The well-known local ports: the EVM commands default to anvil on 8545 and the data commands to the
 * fixture API on 8787, so a plain `appkit-cli dev` (or `npm start`) serves every other command's default.
 */
const DEFAULT_PORTS = { anvil: 8545, api: 8787, relay: 8788 } as const

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

/** `appkit-cli dev`: the local stack on loopback (anvil, fixture API, relay) until SIGINT/SIGTERM. */
export const register = (program: Command): void => {
  const dev = program
    .command("dev")
    .description("Run anvil, the fixture API server and the WalletConnect relay on loopback until stopped")
    .option("--chain-id <N>", "anvil's chain id", integerIn("--chain-id", 1, 2 ** 32 - 1), 31337)
    .option("--port <N>", "anvil's port (0: any free port)", portOption("--port"), DEFAULT_PORTS.anvil)
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
    .option("--json", "print one JSON line {rpcUrl, chainId, apiUrl, relayUrl}")
    .action(lazyAction(async () => (await import("../actions/dev")).devAction))
  registerDevWallet(dev)
}
