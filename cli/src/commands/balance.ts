import type { Command } from "commander"
import { withEvmTargetOptions, withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

/** `appkit-cli balance [ADDRESS]`: the native balance of an address by RPC, as an exact decimal. */
export const register = (program: Command): void => {
  const command = program
    .command("balance")
    .description("Native balance of an address by RPC, as an exact decimal")
    .argument("[ADDRESS]", "0x address (default: the signer's, else the connected wallet's)")
    .option("--address <address>", "the same as ADDRESS")
  withLocalSignerOptions(withEvmTargetOptions(command))
    .option("--json", "print one JSON object {chainId, address, decimals, balance, balanceUnits}")
    .action(lazyAction(async () => (await import("../actions/balance")).balanceAction))
}
