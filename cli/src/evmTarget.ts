import { type EvmClient, evmRpcClient } from "@appkit/core/evm"
import { getChainId } from "viem/actions"
import type { EvmTargetOptions } from "./evmOptions"
import { CliError } from "./output"

/** anvil's and hardhat's default endpoint: what `appkit-cli dev` starts when asked for port 8545. */
export const defaultRpcUrl = "http://127.0.0.1:8545"

export interface EvmTarget {
  readonly client: EvmClient
  readonly rpcUrl: string
  readonly chainId: number
  /** CAIP-2, e.g. "eip155:31337". */
  readonly caip2: string
}

const parseEvmChain = (chain: string): number => {
  const match = /^eip155:([1-9]\d{0,15})$/.exec(chain)
  if (match?.[1] === undefined)
    throw new CliError(`--chain must be an EVM CAIP-2 id like eip155:1, got '${chain}'`)
  return Number(match[1])
}

/**
 * The node a command talks to. The node's own eth_chainId is checked against --chain, so a transfer meant
 * for one chain is never signed for another because an RPC URL was mixed up.
 */
export const resolveEvmTarget = async (
  options: EvmTargetOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EvmTarget> => {
  const expected = options.chain === undefined ? undefined : parseEvmChain(options.chain)
  const rpcUrl = options.rpcUrl ?? env.APPKIT_RPC_URL ?? defaultRpcUrl
  if (!/^https?:\/\//.test(rpcUrl)) throw new CliError(`--rpc-url must be an http(s) URL, got '${rpcUrl}'`)
  const client = evmRpcClient(rpcUrl)
  let chainId: number
  try {
    chainId = await getChainId(client)
  } catch (error) {
    throw new CliError(`Cannot reach the node at ${rpcUrl}: ${(error as Error).message.split("\n")[0]}`)
  }
  if (expected !== undefined && expected !== chainId) {
    throw new CliError(`The node at ${rpcUrl} serves eip155:${chainId}, not eip155:${expected}`)
  }
  return { client, rpcUrl, chainId, caip2: `eip155:${chainId}` }
}
