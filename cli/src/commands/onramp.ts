import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

const withFallbackOption = (command: Command): Command =>
  command.option(
    "--allow-fallback",
    "when the API fails, print the app's built-in fallback (§8) instead of failing",
  )

/** What a purchase is: the same options for a quote and for the provider's page. */
const withPurchaseOptions = (command: Command): Command =>
  withFallbackOption(
    command
      .requiredOption("--amount <fiat>", "fiat amount, e.g. 100")
      .option("--buy <symbol>", "crypto to buy", "USDC")
      .option("--pay <currency>", "fiat currency to pay with", "USD")
      .option("--network <name>", "network to receive on (default: the currency's first)"),
  )

/** `appkit-cli onramp options|quote|open`: buying crypto with fiat (the CLI fails where the app falls back). */
export const register = (program: Command): void => {
  const onramp = program
    .command("onramp")
    .description("Buy crypto with fiat: options, quotes and the provider's buy page")
  withApiOptions(
    withFallbackOption(
      onramp.command("options").description("What can be bought, and payment limits per currency"),
    ),
  ).action(lazyAction(async () => (await import("../actions/onramp")).optionsAction))
  withApiOptions(
    withPurchaseOptions(
      onramp.command("quote").description("Quote a purchase of --buy crypto for --amount of --pay fiat"),
    ),
  ).action(lazyAction(async () => (await import("../actions/onramp")).quoteAction))
  withApiOptions(
    withLocalSignerOptions(
      withPurchaseOptions(
        onramp
          .command("open")
          .description(
            "Prepare a purchase and open the provider's page, preset with it, in your browser ($BROWSER)",
          ),
      )
        .option("--address <address>", "the receiving account (default: the signer's)")
        .option("--provider <name>", "coinbase or meld", "coinbase")
        .option("--meld-key <key>", "your Meld public key, for --provider meld (or APPKIT_MELD_PUBLIC_KEY)")
        .option("--no-open", "only print the URL; do not open a browser"),
    ),
    "with a connected wallet also the relay check for its account",
  ).action(lazyAction(async () => (await import("../actions/onramp")).openAction))
}
