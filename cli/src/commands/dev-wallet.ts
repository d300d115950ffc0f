import type { Command } from "commander"
import { CliError, printLine } from "../output"

/**
 * `appkit-cli dev wallet --uri wc:…`: runs the dev WalletConnect wallet (anvil's key 0 by default), pairs
 * with the URI and answers proposals and requests until stopped. `registerDevWallet(dev)` adds it under
 * the `dev` command.
 */
interface DevWalletCommandOptions {
  readonly uri: string
  readonly relayUrl?: string | undefined
  readonly rpcUrl?: string | undefined
  readonly privateKey?: string | undefined
  readonly reject?: boolean | undefined
  readonly rejectProposals?: boolean | undefined
  readonly pairTimeout?: string | undefined
}

const devWalletAction = async (options: DevWalletCommandOptions): Promise<void> => {
  if (!options.uri.startsWith("wc:")) throw new CliError(`--uri must be a wc: URI, got '${options.uri}'`)
  const relayUrl = options.relayUrl ?? process.env.APPKIT_RELAY_URL
  if (relayUrl === undefined) throw new CliError("--relay-url (or APPKIT_RELAY_URL) is required")
  // An empty APPKIT_PRIVATE_KEY counts as unset, as it does for the other commands.
  const privateKey = options.privateKey ?? (process.env.APPKIT_PRIVATE_KEY || undefined)
  if (privateKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(privateKey))
    throw new CliError("--private-key must be 0x and 64 hex characters")
  const pairTimeout = options.pairTimeout ?? "15"
  if (!/^\d{1,4}$/.test(pairTimeout) || Number(pairTimeout) === 0)
    throw new CliError(`--pair-timeout must be a whole number of seconds from 1, got '${pairTimeout}'`)
  const { startDevWallet } = await import("@appkit/fixtures")
  const wallet = await startDevWallet({
    relayUrl,
    rpcUrl: options.rpcUrl ?? process.env.APPKIT_RPC_URL,
    privateKey: privateKey as `0x${string}` | undefined,
    rejectRequests: options.reject,
    rejectProposals: options.rejectProposals,
    pairTimeoutMs: Number(pairTimeout) * 1000,
    log: printLine,
  })
  printLine(`Dev wallet ${wallet.address} pairing…`)
  await wallet.pair(options.uri).catch(async (error: unknown) => {
    await wallet.close()
    // sign-client keeps retrying an unreachable relay even once closed; end the process after the error line.
    ;(await import("../session")).exitWhenDone()
    throw new CliError(`Pairing failed: ${error instanceof Error ? error.message : String(error)}`)
  })
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve)
    process.once("SIGTERM", resolve)
  })
  await wallet.close()
}

export const registerDevWallet = (dev: Command): void => {
  dev
    .command("wallet")
    .description(
      "Run the dev WalletConnect wallet: pair with a wc: URI and approve (or reject) until stopped",
    )
    .requiredOption("--uri <wc-uri>", "the wc: pairing URI a dApp shows")
    .option("--relay-url <url>", "WalletConnect relay (default: APPKIT_RELAY_URL)")
    .option("--rpc-url <url>", "node for eth_sendTransaction (default: APPKIT_RPC_URL)")
    .option("--private-key <hex>", "the wallet's key (default: APPKIT_PRIVATE_KEY, else anvil's account 0)")
    .option("--reject", "reject every request with 4001, as a user pressing Reject")
    .option("--reject-proposals", "reject the session proposal")
    .option("--pair-timeout <seconds>", "give up when the relay does not answer the pairing (default: 15)")
    .action(devWalletAction)
}
