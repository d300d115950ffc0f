import { readFileSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import type { Command } from "commander"
import type { Effect } from "effect"
import { CliError, describeError, printJson, printLine } from "./output"
import { withSpinner } from "./spinner"

/**
 * What every data command (tokens, activity, wallets, names, swap, onramp) shares: the --json,
 * --api-url, --project-id and --timeout options, where their defaults come from, and running a core
 * program against the configured APIs. Declaring options stays cheap; Effect and @appkit/core load
 * only when a command runs.
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
      `API base URL (default: APPKIT_API_URL, the config file, else ${LOCAL_API_URL})`,
    )
    .option("--project-id <id>", "project id (default: APPKIT_PROJECT_ID, else the config file)")
    .option("--timeout <ms>", `give up after this many milliseconds (default ${DEFAULT_TIMEOUT_MS})`)

/** An empty variable (`APPKIT_PROJECT_ID=`) counts as unset, as shells users write it expect. */
const setting = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : value

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

/** Flag, then environment, then config file, then the local fixture server. */
export const resolveApiSettings = (
  options: ApiOptions,
  env: NodeJS.ProcessEnv = process.env,
): ApiSettings => {
  const needsConfig = options.apiUrl === undefined || options.projectId === undefined
  const config = needsConfig ? readConfigFile(env) : {}
  const rawUrl = options.apiUrl ?? setting(env.APPKIT_API_URL) ?? config.apiUrl ?? LOCAL_API_URL
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
  const rawTimeout = options.timeout ?? String(DEFAULT_TIMEOUT_MS)
  if (!/^\d+$/.test(rawTimeout) || Number(rawTimeout) < 1)
    throw new CliError(`Invalid --timeout '${rawTimeout}': a positive number of milliseconds`)
  return { apiUrl: rawUrl.replace(/\/+$/, ""), projectId, timeoutMs: Number(rawTimeout) }
}

/** What a data command reads the core through: the API services, the validation formats, the activity labels. */
type Core = typeof import("@appkit/core/effect") &
  typeof import("@appkit/core/validation") &
  Pick<typeof import("@appkit/core"), "activityLabel">
type EffectModule = typeof import("effect")
/** The API services a data command may use. */
type ApiServices = import("@appkit/core/effect").ApiServices

/**
 * What the server said along with a non-OK status ('Invalid cursor'): the §8 text 'HTTP status code: 400'
 * alone does not tell a user what to change. The APIs answer `{ message }`; an explorer answers plain text.
 */
const serverMessage = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null) return undefined
  const { _tag, body } = error as { readonly _tag?: unknown; readonly body?: unknown }
  if (_tag !== "HttpStatusError" || typeof body !== "string") return undefined
  let text = body
  try {
    const parsed: unknown = JSON.parse(body)
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

/** What a data command shows: the JSON document for --json, readable lines otherwise. */
export interface CommandOutput {
  readonly json: unknown
  readonly lines: ReadonlyArray<string>
  /** 1 when the answer is a negative one (e.g. a name that is not registered). */
  readonly exitCode?: 0 | 1
}

/**
 * Runs `program` with the Blockchain and Wallet API clients on the configured base URL and prints its
 * output. The whole command is bounded by the timeout (retries included), so a dead URL fails within
 * it: one line on stderr, exit 2.
 */
export const runApiCommand = async (
  options: ApiOptions,
  label: string,
  program: (modules: {
    readonly core: Core
    readonly effect: EffectModule
  }) => Effect.Effect<CommandOutput, unknown, ApiServices>,
): Promise<void> => {
  const settings = resolveApiSettings(options)
  const [effect, api, validation, { activityLabel }] = await Promise.all([
    import("effect"),
    import("@appkit/core/effect"),
    import("@appkit/core/validation"),
    import("@appkit/core"),
  ])
  const core: Core = { ...api, ...validation, activityLabel }
  const { Effect } = effect
  const apis = core.apiLayer(
    core.ApiConfig.fromBaseUrl(settings.apiUrl, {
      projectId: settings.projectId,
      sdkType: "appkit-cli",
      timeout: settings.timeoutMs,
      // A one-shot command reports the first failure at once (a refused connection included) instead of
      // spending its whole timeout in backoff; scripts decide themselves whether to try again.
      retries: 0,
    }),
  )
  // The default URL is the local fixture server: say how to start it rather than only that it is down.
  const hint = settings.apiUrl === LOCAL_API_URL ? " (start it with: npm run fixtures)" : ""
  const timedOut = new CliError(
    `The API at ${settings.apiUrl} is unreachable or did not answer within ${settings.timeoutMs} ms${hint}`,
  )
  const runnable = program({ core, effect }).pipe(
    Effect.timeoutOrElse({ duration: settings.timeoutMs, orElse: () => Effect.fail(timedOut) }),
    Effect.mapError((error) => (error instanceof CliError ? error : new CliError(describeFailure(error)))),
    Effect.provide(apis),
  )
  const output = await withSpinner(label, !options.json, () => Effect.runPromise(runnable))
  if (options.json) printJson(output.json)
  else for (const line of output.lines) printLine(line)
  if (output.exitCode) process.exitCode = output.exitCode
}
