import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { lazyAction } from "../lazy"

/** `appkit-cli wallets list`: the Wallet API's wallet listing, a page at a time, optionally searched. */
export const register = (program: Command): void => {
  const wallets = program.command("wallets").description("The wallet directory (Wallet API)")
  withApiOptions(
    wallets
      .command("list")
      .description("List wallets, 40 a page (100 when searching)")
      .option("--search <query>", "only wallets whose name contains this")
      .option("--page <n>", "page number, from 1", "1")
      .option(
        "--chains <chain,...>",
        "only wallets supporting one of these chains (CAIP-2 ids, ids or names)",
      ),
  ).action(lazyAction(async () => (await import("../actions/wallets")).listAction))
}
