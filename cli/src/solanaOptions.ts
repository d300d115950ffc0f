import type { Command } from "commander"

/**
 * The Solana options of `balance`, `send` and `sign message`, declared apart from the code that acts on them
 * (solanaTarget.ts loads @solana/kit): declaring stays cheap for `--help`, and an EVM run never loads Solana.
 */

/** Whether --chain names a solana chain: the command then takes its Solana path. */
export const isSolanaChainOption = (options: { readonly chain?: string | undefined }): boolean =>
  options.chain?.startsWith("solana:") === true

export const withSolanaSignerOptions = (command: Command): Command =>
  command.option(
    "--keypair <file>",
    "with --chain solana:…, sign with this solana-keygen key file (a JSON array of 64 bytes); or set APPKIT_SOLANA_KEY (the array or base58)",
  )
