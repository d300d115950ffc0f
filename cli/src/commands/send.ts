import type { Command } from "commander"
import { withEvmTargetOptions, withLocalSignerOptions, withTimeoutOption } from "../evmOptions"
import { lazyAction } from "../lazy"

/** `appkit-cli send`: a native or ERC-20 transfer, signed locally or by the connected wallet. */
export const register = (program: Command): void => {
  const command = program
    .command("send")
    .description("Send native coin or an ERC-20 token and wait for the receipt")
    .requiredOption("--to <address>", "receiver 0x address (EIP-55 checksum checked)")
    .requiredOption("--amount <decimal>", "amount in whole units, e.g. 0.5 (the token's decimals apply)")
    .option("--token <address>", "ERC-20 contract (default: the native coin)")
  withTimeoutOption(
    withLocalSignerOptions(withEvmTargetOptions(command)),
    "how long the wallet may take to approve (default 5 min)",
  )
    .option("--json", "print one JSON object when the receipt is in")
    .action(lazyAction(async () => (await import("../actions/send")).sendAction))
}
