import type { Command } from "commander"
import { lazyAction } from "../lazy"

/** `appkit-cli siwe create|parse|verify`: Sign-In with Ethereum (EIP-4361) messages through @appkit/core. */
const collect = (value: string, previous: ReadonlyArray<string> = []): ReadonlyArray<string> => [
  ...previous,
  value,
]

export const register = (program: Command): void => {
  const siwe = program
    .command("siwe")
    .description("Create, parse and verify Sign-In with Ethereum (EIP-4361) messages")
  siwe
    .command("create")
    .description("Render an EIP-4361 message from its fields; exit 1 (with the reason) if a field is invalid")
    .requiredOption(
      "--domain <AUTHORITY>",
      "the site asking for the sign-in, e.g. app.example or localhost:3000",
    )
    .requiredOption("--address <ADDRESS>", "the EIP-55 checksummed account address")
    .requiredOption("--uri <URI>", "the RFC 3986 URI the sign-in is for")
    .requiredOption("--chain-id <N>", "the EIP-155 chain id")
    .option("--nonce <NONCE>", "at least 8 letters or digits (default: 16 random ones)")
    .option("--statement <TEXT>", "one line of text shown to the user")
    .option("--issued-at <ISO>", "RFC 3339 time (default: now)")
    .option("--expiration-time <ISO>", "RFC 3339 time after which the message is expired")
    .option("--not-before <ISO>", "RFC 3339 time before which the message is not yet valid")
    .option("--request-id <ID>", "an id for the request")
    .option("--resource <URI>", "a resource URI (repeatable)", collect)
    .option("--scheme <SCHEME>", "the optional scheme in front of the domain, e.g. https")
    .option("--json", "print {message, fields}")
    .action(lazyAction(async () => (await import("../actions/siwe")).createAction))
  siwe
    .command("parse")
    .description("Parse an EIP-4361 message (exact ABNF) and print its fields; exit 1 if it is malformed")
    .argument("[FILE]", "file holding the message, or - (default) for stdin")
    .option("--json", "print the fields as one JSON object")
    .action(lazyAction(async () => (await import("../actions/siwe")).parseAction))
  siwe
    .command("verify")
    .description("Verify a signed EIP-4361 message; exit 0 valid, 1 invalid (with the reason), 2 usage error")
    .requiredOption("--message-file <FILE>", "file holding the signed message, or - for stdin")
    .requiredOption("--signature <HEX>", "the 0x-prefixed personal_sign signature")
    .option("--domain <AUTHORITY>", "require this domain")
    .option("--nonce <NONCE>", "require this nonce")
    .option("--time <ISO>", "check the validity window at this RFC 3339 time (default: now)")
    .option("--rpc-url <URL>", "RPC of the message's chain, to verify contract wallets (EIP-1271)")
    .option("--json", "print {valid, address, reason, error}")
    .action(lazyAction(async () => (await import("../actions/siwe")).verifyAction))
}
