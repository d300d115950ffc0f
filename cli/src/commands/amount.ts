import { type Command, InvalidArgumentError } from "commander"
import { CliError, ExitCode, printJson, printLine } from "../output"

/**
 * `appkit-cli amount parse|format`: exact conversion between decimal amounts and base units (§5, §9).
 * An amount that breaks the grammar or carries more precision than the token has is *invalid* (exit 1);
 * a bad --decimals is a usage error (exit 2), like any other malformed option.
 */

const parseDecimals = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a non-negative integer")
  return Number(value)
}

interface AmountOptions {
  readonly decimals: number
  readonly json?: boolean
}

/** Prints an invalid input as one line (stderr) or one JSON object (stdout) and sets exit code 1. */
const reportInvalid = (input: string, options: AmountOptions, message: string): void => {
  if (options.json) printJson({ input, decimals: options.decimals, valid: false, error: message })
  else process.stderr.write(`${message}\n`)
  process.exitCode = ExitCode.invalid
}

const parseAction = async (amount: string, options: AmountOptions): Promise<void> => {
  const { parseUnits } = await import("@appkit/core/validation")
  const { Result } = await import("effect")
  const result = parseUnits(amount, options.decimals)
  if (Result.isFailure(result)) {
    // The range of --decimals is core's rule; breaking it is still a usage error, not an invalid amount.
    if (result.failure._tag === "InvalidDecimalsError") throw new CliError(result.failure.message)
    return reportInvalid(amount, options, result.failure.message)
  }
  if (options.json)
    printJson({ input: amount, decimals: options.decimals, valid: true, units: result.success })
  else printLine(result.success.toString())
}

const formatAction = async (units: string, options: AmountOptions): Promise<void> => {
  if (!/^-?\d+$/.test(units)) {
    return reportInvalid(units, options, `Invalid units '${units}': expected an integer count of base units`)
  }
  const { formatBalance, formatQuantity, formatUnits } = await import("@appkit/core/validation")
  const { Result } = await import("effect")
  const formatted = formatUnits(BigInt(units), options.decimals)
  if (Result.isFailure(formatted)) throw new CliError(formatted.failure.message)
  const amount = formatted.success
  // `amount` is a valid decimal by construction, so the display forms cannot fail.
  const display = Result.getOrThrow(formatQuantity(amount))
  const balance = Result.getOrThrow(formatBalance(amount))
  if (options.json)
    printJson({ input: units, decimals: options.decimals, valid: true, amount, display, balance })
  else {
    printLine(amount)
    printLine(`display (3 decimals): ${display}`)
    printLine(`balance (floored to 3): ${balance}`)
  }
}

export const register = (program: Command): void => {
  const amount = program
    .command("amount")
    .description("Convert between decimal amounts and integer base units, exactly (no rounding)")

  amount
    .command("parse")
    .description("Decimal amount → base units; more decimal places than --decimals is invalid (exit 1)")
    .argument("<AMOUNT>", "decimal amount: optional minus, digits, optional dot and digits (e.g. -1.5)")
    .requiredOption("--decimals <N>", "the token's decimals (0-255)", parseDecimals)
    .option("--json", "print one JSON object")
    .action(parseAction)

  amount
    .command("format")
    .description("Base units → exact decimal amount, plus its 3-decimal display forms")
    .argument("<UNITS>", "integer count of base units (e.g. 1500000)")
    .requiredOption("--decimals <N>", "the token's decimals (0-255)", parseDecimals)
    .option("--json", "print one JSON object")
    .action(formatAction)
}
