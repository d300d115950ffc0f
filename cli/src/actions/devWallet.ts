import { startDevWallet } from "@appkit/fixtures"
import { readDuration } from "../duration"
import { devStackNote, relayEndpoint, rpcEndpoint, setting } from "../endpoints"
import { CliError, invalidInput, note, printLine } from "../output"
import { warnKeyOnCommandLine } from "../signer"

interface DevWalletCommandOptions {
  readonly uri: string
  readonly relayUrl?: string | undefined
  readonly rpcUrl?: string | undefined
  readonly privateKey?: string | undefined
  readonly reject?: boolean | undefined
  readonly rejectProposals?: boolean | undefined
  readonly pairTimeout?: string | undefined
}

/** The dev WalletConnect wallet as a process, until SIGINT/SIGTERM; it logs one line per thing it does. */
export const devWalletAction = async (options: DevWalletCommandOptions): Promise<void> => {
  if (!options.uri.startsWith("wc:")) throw invalidInput(`--uri must be a wc: URI, got '${options.uri}'`)
  const relay = relayEndpoint(options.relayUrl)
  if (relay === undefined)
    throw new CliError("--relay-url (or APPKIT_RELAY_URL) is required when no dev stack is running", {
      code: "UsageError",
    })
  if (options.privateKey !== undefined) warnKeyOnCommandLine()
  // An empty APPKIT_PRIVATE_KEY counts as unset, as it does for the other commands.
  const privateKey = options.privateKey ?? setting(process.env.APPKIT_PRIVATE_KEY)
  if (privateKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(privateKey))
    throw invalidInput("--private-key must be 0x and 64 hex characters")
  const pairTimeoutMs = readDuration(options.pairTimeout ?? "15", "--pair-timeout")
  note(devStackNote("relay", relay))
  const wallet = await startDevWallet({
    relayUrl: relay.url,
    rpcUrl: rpcEndpoint(options.rpcUrl).url,
    privateKey: privateKey as `0x${string}` | undefined,
    rejectRequests: options.reject,
    rejectProposals: options.rejectProposals,
    pairTimeoutMs,
    log: printLine,
  })
  printLine(`Dev wallet ${wallet.address} pairing…`)
  await wallet.pair(options.uri).catch(async (error: unknown) => {
    await wallet.close()
    throw new CliError(`Pairing failed: ${error instanceof Error ? error.message : String(error)}`, {
      code: "PairingFailed",
    })
  })
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve)
    process.once("SIGTERM", resolve)
  })
  await wallet.close()
}
