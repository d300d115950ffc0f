import { readFileSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import type { Command } from "commander"
import { isHttpStatusError } from "./coreErrors"
import { readDevStack } from "./devStack"
import { readDuration } from "./duration"
import { setting } from "./endpoints"
import { CliError, describeError } from "./output"

/**
 * What every data command (tokens, activity, wallets, names, swap, onramp) shares: the --json,
 * --api-url, --project-id and --timeout options and where their defaults come from. Declaring options
 * stays cheap; running a command against the APIs is api-run.ts, loaded with the command.
 */

export interface ApiOptions {
  readonly json?: boolean | undefined
  readonly apiUrl?: string | undefined
  readonly projectId?: string | undefined
  readonly timeout?: string | undefined
}

export interface ApiSettings {
  readonly apiUrl: string
  readonly projectId: string
  readonly timeoutMs: number
}

/** The fixture API that `npm start`, `npm run fixtures` and `appkit-cli dev` serve. */
export const LOCAL_API_URL = "http://127.0.0.1:8787"
/** Loopback fixture servers accept any project id; this one names the CLI in their request logs. */
export const LOCAL_PROJECT_ID = "appkit-cli-local"
export const DEFAULT_TIMEOUT_MS = 10_000

export const withApiOptions = (command: Command): Command =>
  command
    .option("--json", "print one JSON document instead of a table")
    .option(
      "--api-url <url>",
      `API base URL (default: APPKIT_API_URL, the config file, a running dev stack, else ${LOCAL_API_URL})`,
    )
    .option("--project-id <id>", "project id (default: APPKIT_PROJECT_ID, else the config file)")
    .option(
      "--timeout <duration>",
      `give up after this long, in seconds or with a unit: 500ms, 10s (default ${DEFAULT_TIMEOUT_MS / 1000})`,
    )

interface ConfigFile {
  readonly apiUrl?: string
  readonly projectId?: string
}

/** `$APPKIT_CONFIG`, else `~/.config/appkit/config.json`; a missing file is an empty config. */
export const readConfigFile = (env: NodeJS.ProcessEnv): ConfigFile => {
  const path = setting(env.APPKIT_CONFIG) ?? join(env.HOME ?? homedir(), ".config", "appkit", "config.json")
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {}
    throw new CliError(`Cannot read config file ${path}: ${describeError(error)}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new CliError(`Config file ${path} is not valid JSON`)
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new CliError(`Config file ${path} must hold a JSON object`)
  const { apiUrl, projectId } = parsed as Record<string, unknown>
  for (const [key, value] of [
    ["apiUrl", apiUrl],
    ["projectId", projectId],
  ] as const)
    if (value !== undefined && typeof value !== "string")
      throw new CliError(`Config file ${path}: ${key} must be a string`)
  return {
    ...(typeof apiUrl === "string" ? { apiUrl } : {}),
    ...(typeof projectId === "string" ? { projectId } : {}),
  }
}

const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)

/** Flag, then environment, then config file, then a running dev stack, then the local fixture server. */
export const resolveApiSettings = (
  options: ApiOptions,
  env: NodeJS.ProcessEnv = process.env,
): ApiSettings => {
  const needsConfig = options.apiUrl === undefined || options.projectId === undefined
  const config = needsConfig ? readConfigFile(env) : {}
  const rawUrl =
    options.apiUrl ??
    setting(env.APPKIT_API_URL) ??
    config.apiUrl ??
    readDevStack(env)?.apiUrl ??
    LOCAL_API_URL
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    throw new CliError(`Invalid API URL '${rawUrl}'`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`Invalid API URL '${rawUrl}': use http or https`)
  const projectId =
    options.projectId ??
    setting(env.APPKIT_PROJECT_ID) ??
    config.projectId ??
    (isLoopback(url) ? LOCAL_PROJECT_ID : undefined)
  if (projectId === undefined || projectId.trim() === "")
    throw new CliError(
      "Project ID Not Configured: pass --project-id, set APPKIT_PROJECT_ID or add projectId to the config file",
    )
  const timeoutMs = options.timeout === undefined ? DEFAULT_TIMEOUT_MS : readDuration(options.timeout)
  // The URL as parsed, not as typed: what the parser let through (a blank or line end around it) must not
  // end up inside the request URL once a path is appended.
  return { apiUrl: url.href.replace(/\/+$/, ""), projectId, timeoutMs }
}

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
