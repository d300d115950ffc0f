import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { lazyAction } from "../lazy"

/** `appkit-cli tokens`: token balances of an address on one chain, with USD prices (Blockchain API). */
export const register = (program: Command): void => {
  withApiOptions(
    program
      .command("tokens")
      .description("Token balances of an address with USD prices (Blockchain API)")
      .requiredOption("--address <address>", "account address (checked for the chain's namespace)")
      .requiredOption("--chain <chain>", "chain: CAIP-2 id (eip155:1), decimal EVM id (1) or name (mainnet)"),
  ).action(lazyAction(async () => (await import("../actions/tokens")).tokensAction))
}
