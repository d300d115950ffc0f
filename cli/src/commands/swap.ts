import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { withEvmTargetOptions, withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

/**
 * `appkit-cli swap --from A --to B --amount N [--execute]` (the default subcommand) and `appkit-cli swap quote`:
 * token swaps priced and built by the Blockchain API's convert endpoints.
 */
export const register = (program: Command): void => {
  const swap = program.command("swap").description("Token swaps on the 12 supported EVM networks")
  const trade = swap
    .command("trade", { isDefault: true })
    .description("Quote a swap on the node's chain; with --execute, approve when needed, swap and wait")
    .requiredOption("--from <token>", "token to sell: symbol, CAIP-10 id or contract address")
    .requiredOption("--to <token>", "token to buy: symbol, CAIP-10 id or contract address")
    .requiredOption("--amount <decimal>", "amount of --from token, e.g. 10")
    .option("--address <address>", "the swapping account (default: the signer's)")
    .option("--execute", "sign and send: the approval when the allowance is short, then the swap")
  withApiOptions(
    withLocalSignerOptions(withEvmTargetOptions(trade)),
    "with a connected wallet also the relay check and each wallet request, which default to 5 min",
  ).action(lazyAction(async () => (await import("../actions/swap")).swapAction))
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
