import type { Command } from "commander"
import { lazyAction } from "../lazy"

/**
 * `appkit-cli psbt inspect PSBT|FILE|-`: what a PSBT would do before anyone signs it — version, inputs (which
 * are signed), outputs, fee. Exit 1 with the reason when it is not a valid PSBT (BIP-174/370) or pays
 * out more than it spends.
 */
export const register = (program: Command): void => {
  program
    .command("psbt")
    .description("Read PSBTs (BIP-174 version 0, BIP-370 version 2)")
    .command("inspect")
    .description("Show a PSBT's inputs, outputs, signatures and fee; exit 1 when it is invalid")
    .argument("<PSBT>", "base64 or hex, a file holding it (or a binary .psbt file), or - for stdin")
    .option("--network <name>", "network for showing addresses (default: mainnet)")
    .option("--json", "print the summary as JSON")
    .action(lazyAction(async () => (await import("../actions/psbt")).inspectAction))
}
