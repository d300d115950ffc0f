/**
 * How every command talks back: readable text by default, one JSON document (or one JSON line per
 * input) with --json, and exit codes 0 = ok/valid, 1 = invalid, 2 = usage or runtime error.
 */
export const ExitCode = { ok: 0, invalid: 1, error: 2 } as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

/** A failure the user should see as one line (no stack trace), exiting with code 2. */
export class CliError extends Error {
  override readonly name = "CliError"
}

export const printJson = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, jsonReplacer)}\n`)
}

export const printLine = (line: string): void => {
  process.stdout.write(`${line}\n`)
}

/** bigint amounts travel as decimal strings in JSON. */
const jsonReplacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value)

/**
 * Turns anything thrown into the one line a user sees. Tagged core errors carry their message; a wallet's
 * error also shows its JSON-RPC code ("Signature declined (code 4001)"), which scripts match on.
 */
export const describeError = (error: unknown): string => {
  if (isWalletError(error)) return `${error.message} (code ${error.code})`
  if (error instanceof Error) return error.message || error.name
  if (typeof error === "object" && error !== null && "message" in error) return String(error.message)
  return String(error)
}

const isWalletError = (error: unknown): error is { readonly message: string; readonly code: number } =>
  typeof error === "object" &&
  error !== null &&
  (error as { _tag?: unknown })._tag === "ProviderRpcError" &&
  typeof (error as { code?: unknown }).code === "number"
