import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { lazyAction } from "../lazy"

/** `appkit-cli activity`: one page of an account's transaction history on one chain (spam filtered). */
export const register = (program: Command): void => {
  withApiOptions(
    program
      .command("activity")
      .description("Transaction history of an account on one chain, a page at a time (Blockchain API)")
      .requiredOption("--address <address>", "account address")
      .option(
        "--chain <chain>",
        "chain: CAIP-2 id, decimal EVM id or name (default eip155:1 for 0x addresses)",
      )
      .option("--cursor <cursor>", "the page to show, as printed after the previous page"),
  ).action(lazyAction(async () => (await import("../actions/activity")).activityAction))
}
