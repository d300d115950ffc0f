import type { Command } from "commander"
import { withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

const collect = (value: string, previous: ReadonlyArray<string> = []) => [...previous, value]

/** `appkit-cli connect`: a WalletConnect wallet (QR code / wc: URI), or a local signer. */
export const register = (program: Command): void => {
  const command = program
    .command("connect")
    .description("Connect a wallet: WalletConnect (QR code / wc: URI) by default, or a local signer")
    .option(
      "--relay-url <url>",
      "WalletConnect relay (default: APPKIT_RELAY_URL, a running dev stack, else the public relay)",
    )
    .option("--project-id <id>", "WalletConnect project id (default: APPKIT_PROJECT_ID)")
    .option(
      "--chain <chain>",
      "network to request, repeatable: CAIP-2 id, decimal EVM id or name (default: the dev stack's, else eip155:1)",
      collect,
    )
    .option(
      "--timeout <duration>",
      "stop waiting for the wallet (or the mailed code, the pasted address, the Farcaster approval) after this long, in seconds or with a unit (500ms, 10s); the countdown shows it",
    )
    .option("--replace", "replace the current connection, keeping it until the wallet approves the new one")
    .option(
      "--email <address>",
      "sign in to the embedded wallet by email (the mailed code is asked on the terminal, or read as a line of stdin)",
    )
    .option(
      "--social <provider>",
      "sign in to the embedded wallet with google, github, apple, facebook, x, discord or farcaster (its QR code; --timeout bounds the wait)",
    )
    .option(
      "--dev-otp",
      "with --email: read the code (and any device link) from the dev stack's local mail sink",
    )
    .option(
      "--secure-site-url <url>",
      "the embedded wallet's secure site (default: APPKIT_SECURE_SITE_URL, the dev stack's)",
    )
    .option("--account-type <type>", "embedded wallet account: smart-account (the default) or eoa")
    .option(
      "--app-origin <origin>",
      "the app origin to sign in for (default: APPKIT_APP_ORIGIN, else http://localhost:5173)",
    )
    .option("--json", "print JSON lines: {event: display_uri, uri, expiresAt}, then {event: connected, ...}")
  withLocalSignerOptions(command).action(
    lazyAction(async () => (await import("../actions/connect")).connectAction),
  )
}
