import { HttpUrl, RelayUrl } from "@appkit/core/validation"
import { Schema } from "effect"
import { readDevStack } from "./devStack"
import { type Endpoint, setting } from "./endpoints"
import { invalidInput } from "./output"

// The API, node and relay URLs a user gives, checked by the core's rules (HttpUrl, RelayUrl) for every command
// alike. Apart from endpoints.ts, which start-up loads: these load the core, only with the commands that need them.

const isHttpUrl = Schema.is(HttpUrl)
const isRelayUrl = Schema.is(RelayUrl)

/**
 * A node URL (http or https, then a host), for EVM and Solana commands alike: one the rule refuses is invalid
 * input (exit 1) before any request, not a node the CLI then fails to reach.
 */
export const checkedRpcUrl = (url: string): string => {
  if (!isHttpUrl(url)) throw invalidInput(`--rpc-url must be an http(s) URL, got '${url}'`)
  return url
}

/**
 * The APIs' base URL, from `source` (a flag, a variable, the config file): what the core's rule refuses is
 * invalid input (exit 1). A blank or line end around it (a pasted flag, a CRLF .env file) is not part of it; the
 * URL is used as the parser reads it, so nothing the parser let through ends up inside a request's path.
 */
export const checkedApiUrl = (url: string, source: string): string => {
  const trimmed = url.trim()
  if (!isHttpUrl(trimmed)) throw invalidInput(`${source} must be an http(s) URL, got '${url}'`)
  return new URL(trimmed).href.replace(/\/+$/, "")
}

/**
 * A relay URL the user gave must be a WebSocket URL: anything else is refused at once, naming where it came
 * from, instead of being waited on as a relay that never answers.
 */
const checkedRelay = (url: string, source: string): string => {
  if (!isRelayUrl(url)) throw invalidInput(`${source} must be a ws:// or wss:// URL, got '${url}'`)
  return url
}

/** The relay, or undefined when nothing names one (the caller decides on the public relay). */
export const relayEndpoint = (
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Endpoint | undefined => {
  if (flag !== undefined) return { url: checkedRelay(flag, "--relay-url"), source: "flag" }
  const fromEnv = setting(env.APPKIT_RELAY_URL)
  if (fromEnv !== undefined) return { url: checkedRelay(fromEnv, "APPKIT_RELAY_URL"), source: "environment" }
  const stack = readDevStack(env)
  return stack ? { url: stack.relayUrl, source: "dev stack" } : undefined
}
