import type { Command } from "commander"

/**
 * Option declarations shared by the EVM commands. Kept apart from the code that acts on them (evmTarget.ts,
 * signer.ts) because those load viem, and declaring options must stay cheap for `--help`.
 */
export interface EvmTargetOptions {
  readonly chain?: string | undefined
  readonly rpcUrl?: string | undefined
}

export interface LocalSignerOptions {
  readonly privateKey?: string | undefined
  readonly keystore?: string | undefined
}

export const withEvmTargetOptions = (command: Command): Command =>
  command
    .option("--chain <caip2>", "EVM chain as a CAIP-2 id, e.g. eip155:31337 (default: the node's own chain)")
    .option("--rpc-url <url>", "node JSON-RPC URL (default: APPKIT_RPC_URL, else http://127.0.0.1:8545)")

export const withLocalSignerOptions = (command: Command): Command =>
  command
    .option("--private-key <hex>", "sign with this key (or set APPKIT_PRIVATE_KEY)")
    .option("--keystore <file>", "sign with a v3 keystore; password in APPKIT_KEYSTORE_PASSWORD")
