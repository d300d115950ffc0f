import type { Command } from "commander"
import { lazyAction } from "../lazy"

/** `appkit-cli status`: the stored connection as the wallet now holds it (exit 0 connected, 1 not). */
export const register = (program: Command): void => {
  program
    .command("status")
    .description(
      "Show the connection (a WalletConnect session is checked with the relay first); exit 0 connected, 1 not",
    )
    .option("--json", "print one JSON object {connected, checked, kind, address, chainId, ...}")
    .action(lazyAction(async () => (await import("../actions/status")).statusAction))
}
