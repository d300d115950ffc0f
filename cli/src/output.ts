import { isProviderRpcError } from "./coreErrors"

/**
 * How every command talks back (the output contract, written out in the README):
 * - readable text by default; one JSON document (or one JSON line per input) on stdout with --json;
 * - exit codes 0 = ok/valid, 1 = invalid (a verdict, or an argument the core's validators refuse),
 *   2 = usage or runtime error (unknown flag, unreachable node, a wallet that said no or never answered);
 * - a failure is one line on stderr; with --json that line is `{"error":{"code","message"}}`.
 */
export const ExitCode = { ok: 0, invalid: 1, error: 2 } as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

/** A failure the user sees as one line (no stack trace); `code` names it in --json error lines. */
export class CliError extends Error {
  override readonly name = "CliError"
  readonly exitCode: ExitCode
  readonly code: string

  constructor(message: string, options: { readonly exitCode?: ExitCode; readonly code?: string } = {}) {
    super(message)
    this.exitCode = options.exitCode ?? ExitCode.error
    this.code = options.code ?? "CommandFailed"
  }
}

/** An argument or option value the core's validators refuse: exit 1, before any request is made. */
export const invalidInput = (message: string): CliError =>
  new CliError(message, { exitCode: ExitCode.invalid, code: "InvalidInput" })

/** Whether this run answers in JSON (set once the command line is parsed), for warnings and errors. */
let jsonMode = false
export const setJsonMode = (json: boolean): void => {
  jsonMode = json
}

/** One JSON line as printJson writes it. */
export const jsonLine = (value: unknown): string => `${JSON.stringify(value, jsonReplacer)}\n`

export const printJson = (value: unknown): void => {
  process.stdout.write(jsonLine(value))
}

/**
 * Readable output. Its text often holds what others chose (a wallet's name, an API's strings): a control
 * character in it is shown escaped, never obeyed by the terminal; only the line breaks we write stay.
 */
export const readableLine = (line: string): string => `${line.split("\n").map(oneLine).join("\n")}\n`

export const printLine = (line: string): void => {
  process.stdout.write(readableLine(line))
}

/** bigint amounts travel as decimal strings in JSON. */
const jsonReplacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value)

/**
 * Turns anything thrown into the one line a user sees. Tagged core errors carry their message; a wallet's
 * error also shows its JSON-RPC code ("Signature declined (code 4001)"), which scripts match on.
 */
export const describeError = (error: unknown): string => {
  if (isProviderRpcError(error)) return `${error.message} (code ${error.code})`
  if (error instanceof Error) return error.message || error.name
  if (typeof error === "object" && error !== null && "message" in error) return String(error.message)
  return String(error)
}

/** The stable name of a failure: a CliError's code, a core error's tag, else "InternalError". */
export const errorCode = (error: unknown): string => {
  if (error instanceof CliError) return error.code
  const tag = typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined
  return typeof tag === "string" ? tag : "InternalError"
}

/**
 * Control characters (a pasted value's line break, a terminal escape sequence) written as JSON escapes them,
 * so a message or a value shown in one line stays one line and shows the user what the value held.
 */
export const oneLine = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to escape
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => {
    const escaped = JSON.stringify(char).slice(1, -1)
    return escaped.length > 1 ? escaped : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`
  })

export const exitCodeOf = (error: unknown): ExitCode =>
  error instanceof CliError ? error.exitCode : ExitCode.error

/** Writes the failure as one stderr line (JSON under --json) and sets the exit code. */
export const reportError = (error: unknown, json = jsonMode): void => {
  const message = describeError(error)
  process.stderr.write(
    json ? `${JSON.stringify({ error: { code: errorCode(error), message } })}\n` : `${oneLine(message)}\n`,
  )
  process.exitCode = exitCodeOf(error)
}

/** Something the user should know that does not stop the command: one stderr line, JSON under --json. */
export const warn = (code: string, message: string): void => {
  process.stderr.write(
    jsonMode ? `${JSON.stringify({ warning: { code, message } })}\n` : `Warning: ${oneLine(message)}\n`,
  )
}

/** A note for a person watching (which endpoint was picked, …); scripts reading --json never see it. */
export const note = (message: string | undefined): void => {
  if (message !== undefined && !jsonMode) process.stderr.write(`${message}\n`)
}
