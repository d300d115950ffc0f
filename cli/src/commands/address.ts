import type { Command } from "commander"
import { lazyAction } from "../lazy"

/**
 * `appkit-cli address validate`: the exact address check of @appkit/core (`validateAddress`) for one
 * address or CAIP-10 id, or for a stream of them (`-` or `--stdin`, one per line, one result per line, in order).
 */
export const register = (program: Command): void => {
  program
    .command("address")
    .description(
      "Check wallet addresses exactly (checksums included) for eip155, solana, bip122, polkadot, cosmos",
    )
    .command("validate")
    .description("Validate an address or CAIP-10 account id; exit 0 if valid, 1 if invalid")
    .argument(
      "[ADDRESS]",
      "a plain address (namespace detected unless --namespace) or a CAIP-10 account id; - reads stdin as --stdin does",
    )
    .option("--namespace <NS>", "hold the input to one namespace: eip155, solana, bip122, polkadot, cosmos")
    .option("--network <NET>", "Bitcoin network the address must be on: mainnet, testnet, signet, regtest")
    .option("--stdin", "read one input per line from stdin and print one result per line, in order")
    .option(
      "--json",
      "print {input, valid, namespace, network, type, normalized, error} (one line per input)",
    )
    .action(lazyAction(async () => (await import("../actions/address")).validateAction))
}
