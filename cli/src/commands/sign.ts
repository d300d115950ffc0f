import type { Command } from "commander"
import { withLocalSignerOptions, withTimeoutOption } from "../evmOptions"
import { lazyAction } from "../lazy"

/** `appkit-cli sign message|typed-data`: personal_sign and eth_signTypedData_v4 through the core actions. */
export const register = (program: Command): void => {
  const sign = program.command("sign").description("Sign a message (personal_sign) or EIP-712 typed data")
  const approval = "how long the wallet may take to approve (default 5 min)"
  withTimeoutOption(
    withLocalSignerOptions(
      sign
        .command("message")
        .description("personal_sign a UTF-8 message")
        .argument("<TEXT>", "the message, or - to read it from stdin (every byte, a final newline included)"),
    ),
    approval,
  )
    .option("--json", "print one JSON object {address, signature}")
    .action(lazyAction(async () => (await import("../actions/sign")).messageAction))
  withTimeoutOption(
    withLocalSignerOptions(
      sign
        .command("typed-data")
        .description("eth_signTypedData_v4 a JSON file {domain, types, primaryType, message}")
        .argument("<FILE>", "path to the JSON file, or - for stdin"),
    ),
    approval,
  )
    .option("--json", "print one JSON object {address, signature}")
    .action(lazyAction(async () => (await import("../actions/sign")).typedDataAction))
}
