import { formatBalance, formatQuantity, formatUnits, parseUnits } from "@appkit/core/validation"
import { Result } from "effect"
import { ExitCode, invalidInput, oneLine, printJson, printLine } from "../output"

/**
 * `appkit-cli amount parse|format`: exact conversion between decimal amounts and base units (§5, §9).
 * An amount that breaks the grammar or carries more precision than the token has is *invalid* (exit 1),
 * and so is a --decimals outside the core's range.
 */
interface AmountOptions {
  readonly decimals: string
  readonly json?: boolean
}

/** --decimals as a number; its range (0-255) is the core's rule, applied when it is used. */
const readDecimals = (text: string): number => {
  if (!/^\d{1,10}$/.test(text)) throw invalidInput(`--decimals must be a whole number from 0, got '${text}'`)
  return Number(text)
}

/** Prints an invalid input as one line (stderr) or one JSON object (stdout) and sets exit code 1. */
const reportInvalid = (input: string, decimals: number, json: boolean | undefined, message: string): void => {
  if (json) printJson({ input, decimals, valid: false, error: message })
  else process.stderr.write(`${oneLine(message)}\n`)
  process.exitCode = ExitCode.invalid
}

export const parseAction = (amount: string, options: AmountOptions) => {
  const decimals = readDecimals(options.decimals)
  const result = parseUnits(amount, decimals)
  if (Result.isFailure(result)) {
    if (result.failure._tag === "InvalidDecimalsError")
      throw invalidInput(`--decimals: ${result.failure.message}`)
    return reportInvalid(amount, decimals, options.json, result.failure.message)
  }
  if (options.json) printJson({ input: amount, decimals, valid: true, units: result.success })
  else printLine(result.success.toString())
}

export const formatAction = (units: string, options: AmountOptions) => {
  const decimals = readDecimals(options.decimals)
  if (!/^-?\d+$/.test(units))
    return reportInvalid(
      units,
      decimals,
      options.json,
      `Invalid units '${units}': expected an integer count of base units`,
    )
  const formatted = formatUnits(BigInt(units), decimals)
  if (Result.isFailure(formatted)) throw invalidInput(`--decimals: ${formatted.failure.message}`)
  const amount = formatted.success
  // `amount` is a valid decimal by construction, so the display forms cannot fail.
  const display = Result.getOrThrow(formatQuantity(amount))
  const balance = Result.getOrThrow(formatBalance(amount))
  if (options.json) printJson({ input: units, decimals, valid: true, amount, display, balance })
  else {
    printLine(amount)
    printLine(`display (3 decimals): ${display}`)
    printLine(`balance (floored to 3): ${balance}`)
  }
}
