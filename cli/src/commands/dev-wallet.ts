import type { Command } from "commander"
import { lazyAction } from "../lazy"

/**
 * `appkit-cli dev wallet --uri wc:…`: runs the dev WalletConnect wallet (anvil's key 0 by default), pairs
 * with the URI and answers proposals and requests until stopped. `registerDevWallet(dev)` adds it under
 * the `dev` command.
 */
export const registerDevWallet = (dev: Command): void => {
  dev
    .command("wallet")
    .description(
      "Run the dev WalletConnect wallet: pair with a wc: URI and approve (or reject) until stopped",
    )
    .requiredOption("--uri <wc-uri>", "the wc: pairing URI a dApp shows")
    .option("--relay-url <url>", "WalletConnect relay (default: APPKIT_RELAY_URL, else a running dev stack)")
    .option(
      "--rpc-url <url>",
      "node for eth_sendTransaction (default: APPKIT_RPC_URL, ETH_RPC_URL, a running dev stack, else http://127.0.0.1:8545)",
    )
    .option("--private-key <hex>", "the wallet's key (default: APPKIT_PRIVATE_KEY, else anvil's account 0)")
    .option("--reject", "reject every request with 4001, as a user pressing Reject")
    .option("--reject-proposals", "reject the session proposal")
    .option(
      "--pair-timeout <duration>",
      "give up when the relay does not answer the pairing, in seconds or with a unit (default: 15)",
    )
    .option("--json", "one JSON line per event: {event: pairing|paired|activity, …}")
    .action(lazyAction(async () => (await import("../actions/devWallet")).devWalletAction))
}
