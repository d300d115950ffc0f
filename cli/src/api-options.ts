import { defaultApiTimeoutMillis } from "@appkit/core/defaults"
import type { Command } from "commander"
import { isHttpStatusError } from "./coreErrors"
import { describeError } from "./output"

/**
 * What every data command (tokens, activity, wallets, names, swap, onramp) shares: the --json,
 * --api-url, --project-id and --timeout options and their defaults. Declaring options stays cheap; what they
 * resolve to (api-settings.ts) and running a command against the APIs (api-run.ts) load with the command.
 */

export interface ApiOptions {
  readonly json?: boolean | undefined
  readonly apiUrl?: string | undefined
  readonly projectId?: string | undefined
  readonly timeout?: string | undefined
}

/** The fixture API that `npm start`, `npm run fixtures` and `appkit-cli dev` serve. */
export const LOCAL_API_URL = "http://127.0.0.1:8787"
/** Loopback fixture servers accept any project id; this one names the CLI in their request logs. */
export const LOCAL_PROJECT_ID = "appkit-cli-local"

/** `alsoBounds`: what else a command's --timeout bounds besides each API request (swap: the wallet's waits). */
export const withApiOptions = (command: Command, alsoBounds?: string): Command =>
  command
    .option("--json", "print one JSON document instead of a table")
    .option(
      "--api-url <url>",
      `API base URL (default: APPKIT_API_URL, the config file, a running dev stack, else ${LOCAL_API_URL})`,
    )
    .option("--project-id <id>", "project id (default: APPKIT_PROJECT_ID, else the config file)")
    .option(
      "--timeout <duration>",
      `give up after this long, in seconds or with a unit: 500ms, 10s (default ${defaultApiTimeoutMillis / 1000}${alsoBounds === undefined ? "" : `; ${alsoBounds}`})`,
    )

/**
 * What the server said along with a non-OK status ('Invalid cursor'): the §8 text 'HTTP status code: 400'
 * alone does not tell a user what to change. The APIs answer `{ message }`; an explorer answers plain text.
 */
const serverMessage = (error: unknown): string | undefined => {
  if (!isHttpStatusError(error) || error.body === undefined) return undefined
  let text = error.body
  try {
    const parsed: unknown = JSON.parse(error.body)
    const message = (parsed as { readonly message?: unknown } | null)?.message
    if (typeof message !== "string") return undefined
    text = message
  } catch {
    // Not JSON: the body is the message.
  }
  text = text.replace(/\s+/g, " ").trim()
  return text === "" || text.length > 200 ? undefined : text
}

const describeWithServerMessage = (error: unknown): string => {
  const said = serverMessage(error)
  return said === undefined ? describeError(error) : `${describeError(error)} (${said})`
}

/** A typed core error names its cause too, so "Token Balance Unavailable" says why. */
export const describeFailure = (error: unknown): string => {
  const message = describeWithServerMessage(error)
  const cause = typeof error === "object" && error !== null && "cause" in error ? error.cause : undefined
  return cause === undefined || cause === null ? message : `${message}: ${describeWithServerMessage(cause)}`
}
