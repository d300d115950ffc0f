import { RpcUrl } from "@appkit/core/validation"
import { Schema } from "effect"
import { invalidInput } from "./output"

const isRpcUrl = Schema.is(RpcUrl)

/**
 * A node URL checked by the core's rule (RpcUrl: http or https, then a host), for EVM and Solana commands
 * alike: one it refuses is invalid input (exit 1) before any request, not a node the CLI then fails to reach.
 */
export const checkedRpcUrl = (url: string): string => {
  if (!isRpcUrl(url)) throw invalidInput(`--rpc-url must be an http(s) URL, got '${url}'`)
  return url
}
