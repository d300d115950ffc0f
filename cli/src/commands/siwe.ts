import type { Command } from "commander"
import { lazyAction } from "../lazy"
import { withSignInCheckOptions, withSignInFieldOptions } from "../signInOptions"

/** `appkit-cli siwe create|parse|verify`: Sign-In with Ethereum (EIP-4361) messages through @appkit/core. */

export const register = (program: Command): void => {
  const siwe = program
    .command("siwe")
    .description("Create, parse and verify Sign-In with Ethereum (EIP-4361) messages")
  withSignInFieldOptions(
    siwe
      .command("create")
      .description(
        "Render an EIP-4361 message from its fields; exit 1 (with the reason) if a field is invalid",
      )
      .requiredOption(
        "--domain <AUTHORITY>",
        "the site asking for the sign-in, e.g. app.example or localhost:3000",
      )
      .requiredOption(
        "--address <ADDRESS>",
        "the account address (single-case hex is written EIP-55 checksummed)",
      )
      .requiredOption("--uri <URI>", "the RFC 3986 URI the sign-in is for")
      .requiredOption("--chain-id <N>", "the EIP-155 chain id"),
  )
    .option("--scheme <SCHEME>", "the optional scheme in front of the domain, e.g. https")
    .option("--json", "print {message, fields}")
    .action(lazyAction(async () => (await import("../actions/siwe")).createAction))
  siwe
    .command("parse")
    .description("Parse an EIP-4361 message (exact ABNF) and print its fields; exit 1 if it is malformed")
    .argument("[FILE]", "file holding the message, or - (default) for stdin")
    .option("--json", "print the fields as one JSON object")
    .action(lazyAction(async () => (await import("../actions/siwe")).parseAction))
  withSignInCheckOptions(
    siwe
      .command("verify")
      .description(
        "Verify a signed EIP-4361 message; exit 0 valid, 1 invalid (with the reason), 2 usage error",
      )
      .requiredOption("--message-file <FILE>", "file holding the signed message, or - for stdin")
      .requiredOption("--signature <HEX>", "the 0x-prefixed personal_sign signature"),
  )
    .option("--rpc-url <URL>", "RPC of the message's chain, to verify contract wallets (EIP-1271)")
    .option("--json", "print {valid, address, reason, error}")
    .action(lazyAction(async () => (await import("../actions/siwe")).verifyAction))
}
