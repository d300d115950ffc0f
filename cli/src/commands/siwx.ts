import type { Command } from "commander"
import { lazyAction } from "../lazy"
import { withSignInCheckOptions, withSignInFieldOptions } from "../signInOptions"

/** `appkit-cli siwx create|verify --chain …`: CAIP-122 sign-in messages on eip155 (EIP-4361) and solana (SIWS). */
export const register = (program: Command): void => {
  const siwx = program
    .command("siwx")
    .description("Create and verify CAIP-122 sign-in messages on any chain with a verifier (eip155, solana)")
  withSignInFieldOptions(
    siwx
      .command("create")
      .description(
        "Render the CAIP-122 message of the chain's namespace; exit 1 (with the reason) if a field is invalid",
      )
      .requiredOption(
        "--chain <CAIP-2>",
        "the chain the sign-in is for, e.g. solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      )
      .requiredOption(
        "--address <ADDRESS>",
        "the account address (hex on eip155, single case written EIP-55; base58 on solana)",
      )
      .requiredOption(
        "--domain <AUTHORITY>",
        "the site asking for the sign-in, e.g. app.example or localhost:3000",
      )
      .requiredOption("--uri <URI>", "the RFC 3986 URI the sign-in is for"),
  )
    .option("--json", "print {message, fields}")
    .action(lazyAction(async () => (await import("../actions/siwx")).siwxCreateAction))
  withSignInCheckOptions(
    siwx
      .command("verify")
      .description(
        "Verify a signed CAIP-122 message for --chain; exit 0 valid, 1 invalid (with the reason), 2 usage error",
      )
      .requiredOption("--chain <CAIP-2>", "the chain the sign-in must be for")
      .requiredOption("--message-file <FILE>", "file holding the signed message, or - for stdin")
      .requiredOption(
        "--signature <SIG>",
        "the wallet's signature: 0x hex (eip155) or base58 ed25519 (solana)",
      ),
  )
    .option("--rpc-url <URL>", "RPC of an eip155 chain, to verify contract wallets (EIP-1271)")
    .option("--json", "print {valid, address, reason, error}")
    .action(lazyAction(async () => (await import("../actions/siwx")).siwxVerifyAction))
}
