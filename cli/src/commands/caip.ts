import type { Command } from "commander"
import { lazyAction } from "../lazy"

/**
 * `appkit-cli caip parse ID...`: core's `inspectCaipId` for each CAIP-2 chain id or CAIP-10 account id, or for
 * each line of stdin (`-`).
 */
export const register = (program: Command): void => {
  program
    .command("caip")
    .description("Inspect CAIP-2 chain ids and CAIP-10 account ids")
    .command("parse")
    .description(
      "Split CAIP ids into namespace, reference and address; exit 0 if all are valid, 1 if any is not",
    )
    .argument(
      "<ID...>",
      "chain ids (eip155:1) or account ids (eip155:1:0xab16…), or - to read one per line from stdin; one report (JSON line) each",
    )
    .option(
      "--json",
      "print {input, kind, valid, namespace, reference, address, knownNamespace, bitcoinNetwork, normalized, error}",
    )
    .action(lazyAction(async () => (await import("../actions/caip")).parseAction))
}
