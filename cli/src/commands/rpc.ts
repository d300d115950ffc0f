import type { Command } from "commander"
import { lazyAction } from "../lazy"

/** `appkit-cli rpc check METHOD...`: what AppKit's RPC policy (§5/§6) says about wallet methods. */
export const register = (program: Command): void => {
  program
    .command("rpc")
    .description("Inspect AppKit's wallet RPC policy")
    .command("check")
    .description(
      "Is each METHOD allowed, does it need approval, a connected provider? Exit 0 if all are allowed, 1 if not",
    )
    .argument("<METHOD...>", "JSON-RPC method names, e.g. eth_sendTransaction; one report (JSON line) each")
    .option(
      "--namespace <NS>",
      "check one namespace's list: eip155, solana, bip122 (default: the eip155 + solana list)",
    )
    .option("--json", "print {method, allowed, namespace, needsApproval, needsConnectedProvider, error}")
    .action(lazyAction(async () => (await import("../actions/rpc")).checkAction))
}
