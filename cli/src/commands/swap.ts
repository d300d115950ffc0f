import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { lazyAction } from "../lazy"

/** `appkit-cli swap quote`: what a swap would give, priced by the Blockchain API's convert endpoints. */
export const register = (program: Command): void => {
  const swap = program.command("swap").description("Token swaps on the 12 supported EVM networks")
  withApiOptions(
    swap
      .command("quote")
      .description("Quote a swap: how much --to token --amount of --from token buys")
      .requiredOption("--chain <chain>", "EVM chain: CAIP-2 id (eip155:1), decimal id (1) or name (mainnet)")
      .requiredOption("--from <token>", "token to sell: symbol, CAIP-10 id or contract address")
      .requiredOption("--to <token>", "token to buy: symbol, CAIP-10 id or contract address")
      .requiredOption("--amount <decimal>", "amount of --from token, e.g. 1.5")
      .requiredOption("--address <address>", "the swapping account"),
  ).action(lazyAction(async () => (await import("../actions/swap")).quoteAction))
}
