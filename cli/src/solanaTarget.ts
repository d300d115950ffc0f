import { readFile } from "node:fs/promises"
import type { CaipNetworkId } from "@appkit/core"
import {
  decodeSolanaKeypair,
  makeSolanaRpc,
  SolanaClusters,
  type SolanaLocalKeypair,
  type SolanaRpc,
} from "@appkit/core/solana"
import { Effect, Result, Schema } from "effect"
import { checkedRpcUrl } from "./checkedUrls"
import { readDevStack } from "./devStack"
import { type Endpoint, setting } from "./endpoints"
import { readChain } from "./inputs"
import { CliError, invalidInput } from "./output"

/**
 * The Solana side of `balance`, `send` and `sign message` when --chain names a solana chain: the node
 * (checked to serve that chain) and the local key (--keypair FILE or APPKIT_SOLANA_KEY).
 */

export interface SolanaTargetOptions {
  readonly chain?: string | undefined
  readonly rpcUrl?: string | undefined
  readonly keypair?: string | undefined
}

/** The public clusters' own endpoints, for a solana chain no flag, variable or dev stack serves. */
const publicEndpoints: Readonly<Record<string, string>> = {
  [SolanaClusters.mainnet]: "https://api.mainnet-beta.solana.com",
  [SolanaClusters.devnet]: "https://api.devnet.solana.com",
  [SolanaClusters.testnet]: "https://api.testnet.solana.com",
}

/** The node for a solana chain: the flag, APPKIT_SOLANA_RPC_URL, the running dev stack's chain, a public cluster. */
export const solanaEndpoint = (
  caip2: string,
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Endpoint => {
  if (flag !== undefined) return { url: flag, source: "flag" }
  const fromEnv = setting(env.APPKIT_SOLANA_RPC_URL)
  if (fromEnv !== undefined) return { url: fromEnv, source: "environment" }
  const stack = readDevStack(env)?.solana
  if (stack !== undefined && stack.chainId === caip2) return { url: stack.rpcUrl, source: "dev stack" }
  const known = publicEndpoints[caip2]
  if (known !== undefined) return { url: known, source: "default" }
  throw new CliError(
    `No Solana node for ${caip2}: give --rpc-url, set APPKIT_SOLANA_RPC_URL or start the dev stack (appkit-cli dev)`,
    { code: "UsageError" },
  )
}

export interface SolanaTarget {
  readonly rpc: SolanaRpc
  readonly caip2: CaipNetworkId
}

/** The node a command talks to, after its genesis hash said it serves --chain (never another cluster). */
export const resolveSolanaTarget = async (
  options: SolanaTargetOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SolanaTarget> => {
  const chain = readChain(options.chain ?? "", "--chain", "solana")
  const url = checkedRpcUrl(solanaEndpoint(chain.caip2, options.rpcUrl, env).url)
  const rpc = makeSolanaRpc(url)
  const genesis = await Effect.runPromise(Effect.result(rpc.call("getGenesisHash", [], Schema.String)))
  if (Result.isFailure(genesis))
    throw new CliError(`Cannot reach the Solana node at ${url}: ${genesis.failure.message}`, {
      code: "NodeUnreachable",
    })
  if (genesis.success.slice(0, 32) !== chain.reference)
    throw new CliError(
      `The node at ${url} serves solana:${genesis.success.slice(0, 32)}, not ${chain.caip2}`,
      {
        code: "ChainMismatch",
      },
    )
  return { rpc, caip2: chain.caip2 }
}

/** The local key: --keypair FILE (solana-keygen's JSON array) or APPKIT_SOLANA_KEY (the array or base58). */
export const loadSolanaKeypair = async (
  options: SolanaTargetOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SolanaLocalKeypair | undefined> => {
  let text: string
  let source: string
  if (options.keypair !== undefined) {
    source = `--keypair ${options.keypair}`
    try {
      text = await readFile(options.keypair, "utf8")
    } catch (error) {
      throw invalidInput(`${source}: cannot read it (${(error as NodeJS.ErrnoException).code ?? "error"})`)
    }
  } else {
    const fromEnv = setting(env.APPKIT_SOLANA_KEY)
    if (fromEnv === undefined) return undefined
    source = "APPKIT_SOLANA_KEY"
    text = fromEnv
  }
  const decoded = decodeSolanaKeypair(text)
  if (Result.isFailure(decoded)) throw invalidInput(`${source}: ${decoded.failure.message}`)
  return decoded.success
}
