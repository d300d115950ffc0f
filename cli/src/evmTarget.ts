import type { CaipNetworkId } from "@appkit/core"
import { type EvmClient, evmProviderClient, getTokenDecimals } from "@appkit/core/evm"
import { Effect } from "effect"
import { getChainId, getCode } from "viem/actions"
import { checkedRpcUrl } from "./checkedUrls"
import { rpcEndpoint } from "./endpoints"
import type { EvmTargetOptions } from "./evmOptions"
import { readChain } from "./inputs"
import { nodeRpcProvider } from "./nodeRpc"
import { CliError, invalidInput } from "./output"
import { runCore } from "./runCore"

export interface EvmTarget {
  readonly client: EvmClient
  readonly rpcUrl: string
  readonly chainId: number
  /** CAIP-2, e.g. "eip155:31337". */
  readonly caip2: CaipNetworkId
}

/** The chain --chain asks for (a CAIP-2 id, a decimal id or a name), checked before the node is asked. */
export const expectedEvmChain = (options: EvmTargetOptions): number | undefined =>
  options.chain === undefined
    ? undefined
    : (readChain(options.chain, "--chain", "eip155").evmChainId ?? undefined)

/**
 * What actually went wrong (refused, no answer within the bound, the node's own error): the EVM client wraps
 * a transport failure as 'An unknown RPC error occurred.', keeping the reason as its cause.
 */
const innermostReason = (error: unknown): string => {
  let current = error
  while (current instanceof Error && current.cause instanceof Error) current = current.cause
  return (current instanceof Error ? current.message : String(current)).split("\n")[0] ?? ""
}

/**
 * The node a command talks to. The node's own eth_chainId is checked against --chain, so a transfer meant
 * for one chain is never signed for another because an RPC URL was mixed up.
 */
export const resolveEvmTarget = async (
  options: EvmTargetOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EvmTarget> => {
  const expected = expectedEvmChain(options)
  const rpcUrl = checkedRpcUrl(rpcEndpoint(options.rpcUrl, env).url)
  const client = evmProviderClient(nodeRpcProvider(rpcUrl))
  let chainId: number
  try {
    chainId = await getChainId(client)
  } catch (error) {
    throw new CliError(`Cannot reach the node at ${rpcUrl}: ${innermostReason(error)}`, {
      code: "NodeUnreachable",
    })
  }
  if (expected !== undefined && expected !== chainId)
    throw new CliError(`The node at ${rpcUrl} serves eip155:${chainId}, not eip155:${expected}`, {
      code: "ChainMismatch",
    })
  return { client, rpcUrl, chainId, caip2: readChain(`eip155:${chainId}`, "the node's chain id").caip2 }
}

/**
 * The decimals of the ERC-20 token `--token` names on the target's chain. An address with no contract there
 * (an account's, a token of another chain) is refused as the argument it is, not shown as the node's
 * failure to run `decimals()`.
 */
export const readTokenDecimals = (target: EvmTarget, token: `0x${string}`): Promise<number> =>
  runCore(
    getTokenDecimals(target.client, token).pipe(
      Effect.catch((error) =>
        Effect.flatMap(
          Effect.promise(() => getCode(target.client, { address: token }).catch(() => "unknown" as const)),
          (code) =>
            Effect.fail(
              code === undefined || code === "0x"
                ? invalidInput(
                    `--token: no contract at ${token} on ${target.caip2}, so no ERC-20 token to send`,
                  )
                : error,
            ),
        ),
      ),
    ),
  )
