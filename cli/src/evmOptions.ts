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
    .option(
      "--chain <chain>",
      "EVM chain: CAIP-2 id (eip155:31337), decimal id (31337) or name (mainnet, sepolia); default: the node's own",
    )
    .option(
      "--rpc-url <url>",
      "node JSON-RPC URL (default: APPKIT_RPC_URL, ETH_RPC_URL, a running dev stack, else http://127.0.0.1:8545)",
    )

export const withLocalSignerOptions = (command: Command): Command =>
  command
    .option("--private-key <hex>", "sign with this key (visible in `ps`: prefer APPKIT_PRIVATE_KEY)")
    .option(
      "--keystore <file>",
      "sign with a v3 keystore; password from APPKIT_KEYSTORE_PASSWORD, else asked on a terminal",
    )

/** Every command waiting on a wallet or node takes a --timeout, read by readDuration (seconds, or 500ms / 10s). */
export const withTimeoutOption = (command: Command, what: string): Command =>
  command.option("--timeout <duration>", `${what} (seconds, or with a unit: 500ms, 10s)`)
