import type { Command } from "commander"
import { lazyAction } from "../lazy"

/** `appkit-cli disconnect`: ends the WalletConnect session and forgets the stored connection. */
export const register = (program: Command): void => {
  program
    .command("disconnect")
    .description("End the WalletConnect session (or forget the local signer) and clear the stored connection")
    .option("--json", "print one JSON object {disconnected, kind, walletNotified}")
    .action(lazyAction(async () => (await import("../actions/disconnect")).disconnectAction))
}
