import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { lazyAction } from "../lazy"

/** `appkit-cli onramp options|quote`: buying crypto with fiat (the CLI fails where the app falls back). */
export const register = (program: Command): void => {
  const onramp = program.command("onramp").description("Buy crypto with fiat: options and quotes")
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
}
