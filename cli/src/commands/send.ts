import type { Command } from "commander"
import { withEvmTargetOptions, withLocalSignerOptions, withTimeoutOption } from "../evmOptions"
import { lazyAction } from "../lazy"
import { withSolanaSignerOptions } from "../solanaOptions"

/** `appkit-cli send`: a native or ERC-20 transfer, signed locally or by the connected wallet. */
export const register = (program: Command): void => {
  const command = program
    .command("send")
    .description("Send native coin or an ERC-20 token and wait for the receipt")
    .requiredOption(
      "--to <address>",
      "receiver address: 0x (EIP-55 checksum checked), or base58 with --chain solana:…",
    )
    .requiredOption("--amount <decimal>", "amount in whole units, e.g. 0.5 (the token's decimals apply)")
    .option(
      "--token <address>",
      "ERC-20 contract, or SPL mint with --chain solana:… (default: the native coin)",
    )
  withTimeoutOption(
    withSolanaSignerOptions(withLocalSignerOptions(withEvmTargetOptions(command))),
    "how long the wallet may take to approve (default 5 min)",
  )
    .option("--json", "print one JSON object when the receipt is in")
    .action(lazyAction(async () => (await import("../actions/send")).sendAction))
}
