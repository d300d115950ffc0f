import { readFileSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import { defaultApiTimeoutMillis } from "@appkit/core/defaults"
import { type ApiOptions, LOCAL_API_URL, LOCAL_PROJECT_ID } from "./api-options"
import { checkedApiUrl } from "./checkedUrls"
import { readDevStack } from "./devStack"
import { readDuration } from "./duration"
import { setting } from "./endpoints"
import { CliError, describeError } from "./output"

// What the API options resolve to, loaded with the commands that use them: the URL is checked by the core's
// rule (checkedUrls.ts), which start-up does not load.

export interface ApiSettings {
  readonly apiUrl: string
  readonly projectId: string
  readonly timeoutMs: number
}

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

const isLoopback = (url: string) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)

/** The API URL and where it came from: the flag, then the environment, the config file, a running dev stack. */
const apiUrlSource = (
  options: ApiOptions,
  env: NodeJS.ProcessEnv,
  config: ConfigFile,
): readonly [url: string, source: string] => {
  if (options.apiUrl !== undefined) return [options.apiUrl, "--api-url"]
  const fromEnv = setting(env.APPKIT_API_URL)
  if (fromEnv !== undefined) return [fromEnv, "APPKIT_API_URL"]
  if (config.apiUrl !== undefined) return [config.apiUrl, "the config file's apiUrl"]
  return [readDevStack(env)?.apiUrl ?? LOCAL_API_URL, "the dev stack's API URL"]
}

/** Flag, then environment, then config file, then a running dev stack, then the local fixture server. */
export const resolveApiSettings = (
  options: ApiOptions,
  env: NodeJS.ProcessEnv = process.env,
): ApiSettings => {
  const needsConfig = options.apiUrl === undefined || options.projectId === undefined
  const config = needsConfig ? readConfigFile(env) : {}
  const apiUrl = checkedApiUrl(...apiUrlSource(options, env, config))
  const projectId =
    options.projectId ??
    setting(env.APPKIT_PROJECT_ID) ??
    config.projectId ??
    (isLoopback(apiUrl) ? LOCAL_PROJECT_ID : undefined)
  if (projectId === undefined || projectId.trim() === "")
    throw new CliError(
      "Project ID Not Configured: pass --project-id, set APPKIT_PROJECT_ID or add projectId to the config file",
    )
  const timeoutMs = options.timeout === undefined ? defaultApiTimeoutMillis : readDuration(options.timeout)
  return { apiUrl, projectId, timeoutMs }
}
