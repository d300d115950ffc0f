import { readDevStack } from "./devStack"

/**
 * Where a command's node and relay come from, in one order for all: the flag, the environment
 * (APPKIT_* first, then cast's ETH_RPC_URL for the node), a running `appkit-cli dev` / `npm start`, then
 * the default. The source travels along so a command can say which one it used. (The relay's, checked by
 * the core's rule, is `relayEndpoint` in checkedUrls.ts.)
 */
export interface Endpoint {
  readonly url: string
  readonly source: "flag" | "environment" | "dev stack" | "default"
}

/** An empty variable (`APPKIT_RPC_URL=`) counts as unset, as shell users expect. */
export const setting = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value

/** anvil's and hardhat's default endpoint: what `appkit-cli dev` starts when asked for port 8545. */
export const defaultRpcUrl = "http://127.0.0.1:8545"

export const rpcEndpoint = (flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Endpoint => {
  if (flag !== undefined) return { url: flag, source: "flag" }
  const fromEnv = setting(env.APPKIT_RPC_URL) ?? setting(env.ETH_RPC_URL)
  if (fromEnv !== undefined) return { url: fromEnv, source: "environment" }
  const stack = readDevStack(env)
  return stack ? { url: stack.rpcUrl, source: "dev stack" } : { url: defaultRpcUrl, source: "default" }
}

/** The line a command prints (stderr, text mode) when it took an endpoint from the running dev stack. */
export const devStackNote = (what: string, endpoint: Endpoint): string | undefined =>
  endpoint.source === "dev stack"
    ? `Using the ${what} of the running dev stack (appkit-cli dev / npm start): ${endpoint.url}`
    : undefined
