import type { Command } from "commander"
import { lazyAction } from "../lazy"

/** `appkit-cli amount parse|format`: exact conversion between decimal amounts and base units (§5, §9). */
export const register = (program: Command): void => {
  const amount = program
    .command("amount")
    .description("Convert between decimal amounts and integer base units, exactly (no rounding)")

  amount
    .command("parse")
    .description("Decimal amount → base units; more decimal places than --decimals is invalid (exit 1)")
    .argument("<AMOUNT>", "decimal amount: optional minus, digits, optional dot and digits (e.g. -1.5)")
    .requiredOption("--decimals <N>", "the token's decimals (0-255)")
    .option("--json", "print one JSON object {input, decimals, valid, units}")
    .action(lazyAction(async () => (await import("../actions/amount")).parseAction))

  amount
    .command("format")
    .description("Base units → exact decimal amount, plus its 3-decimal display forms")
    .argument("<UNITS>", "integer count of base units (e.g. 1500000)")
    .requiredOption("--decimals <N>", "the token's decimals (0-255)")
    .option("--json", "print one JSON object {input, decimals, valid, amount, display, balance}")
    .action(lazyAction(async () => (await import("../actions/amount")).formatAction))
}
