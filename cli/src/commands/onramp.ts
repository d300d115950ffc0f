import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

/** `appkit-cli onramp options|quote`: buying crypto with fiat (the CLI fails where the app falls back). */
export const register = (program: Command): void => {
  const onramp = program
    .command("onramp")
    .description("Buy crypto with fiat: options, quotes and the provider's buy page")
  const fallbackOption = [
    "--allow-fallback",
    "when the API fails, print the app's built-in fallback (§8) instead of failing",
  ] as const
  withApiOptions(
    onramp
      .command("options")
      .description("What can be bought, and payment limits per currency")
      .option(...fallbackOption),
  ).action(lazyAction(async () => (await import("../actions/onramp")).optionsAction))
  withApiOptions(
    onramp
      .command("quote")
      .description("Quote a purchase of --buy crypto for --amount of --pay fiat")
      .requiredOption("--amount <fiat>", "fiat amount, e.g. 100")
      .option("--buy <symbol>", "crypto to buy", "USDC")
      .option("--pay <currency>", "fiat currency to pay with", "USD")
      .option("--network <name>", "network to receive on (default: the currency's first)")
      .option(...fallbackOption),
  ).action(lazyAction(async () => (await import("../actions/onramp")).quoteAction))
  withApiOptions(
    withLocalSignerOptions(
      onramp
        .command("open")
        .description("Prepare a purchase and print the provider's URL, preset with it, to open in a browser")
        .requiredOption("--amount <fiat>", "fiat amount, e.g. 50")
        .option("--buy <symbol>", "crypto to buy", "USDC")
        .option("--pay <currency>", "fiat currency to pay with", "USD")
        .option("--network <name>", "network to receive on (default: the currency's first)")
        .option("--address <address>", "the receiving account (default: the signer's)")
        .option(...fallbackOption),
    ),
  ).action(lazyAction(async () => (await import("../actions/onramp")).openAction))
}
