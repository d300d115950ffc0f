import type { Command } from "commander"
import { withEvmTargetOptions, withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"
import { withSolanaSignerOptions } from "../solanaOptions"

/** `appkit-cli balance [ADDRESS]`: the native balance of an address by RPC, as an exact decimal. */
export const register = (program: Command): void => {
  const command = program
    .command("balance")
    .description(
      "Native balance of an address by RPC (EVM or, with --chain solana:…, SOL), as an exact decimal",
    )
    .argument("[ADDRESS]", "0x address (default: the signer's, else the connected wallet's)")
    .option("--address <address>", "the same as ADDRESS")
  withSolanaSignerOptions(withLocalSignerOptions(withEvmTargetOptions(command)))
    .option("--json", "print one JSON object {chainId, address, decimals, balance, balanceUnits}")
    .action(lazyAction(async () => (await import("../actions/balance")).balanceAction))
}
