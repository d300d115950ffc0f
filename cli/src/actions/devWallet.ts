import { createInterface } from "node:readline"
import type { Readable } from "node:stream"
import { type DevWallet, startDevWallet } from "@appkit/fixtures"
import type { Command } from "commander"
import { checkedRpcUrl, relayEndpoint } from "../checkedUrls"
import { readDuration } from "../duration"
import { devStackNote, rpcEndpoint, setting } from "../endpoints"
import { readChain } from "../inputs"
import { CliError, invalidInput, note, printJson, printLine, warn } from "../output"
import { readPrivateKey, warnKeyOnCommandLine } from "../signer"

interface DevWalletCommandOptions {
  readonly uri: string
  readonly relayUrl?: string | undefined
  readonly rpcUrl?: string | undefined
  readonly privateKey?: string | undefined
  readonly reject?: boolean | undefined
  readonly rejectProposals?: boolean | undefined
  readonly pairTimeout?: string | undefined
  readonly json?: boolean | undefined
}

/** What a user can type while the dev wallet runs, one command a line. */
export const devWalletCommandsHelp = "Type 'chain <id>' (e.g. chain 1337) to switch the wallet's chain."

/**
 * Reads commands from `input` as a user types them: `chain <id|eip155:id>` moves the wallet to that chain (a
 * session update when the session lacks it, then chainChanged). A bad line is reported and the wallet goes on.
 * Returns what stops reading.
 */
export const readDevWalletCommands = (wallet: Pick<DevWallet, "switchChain">, input: Readable) => {
  // Not a terminal interface: Ctrl-C stays the terminal's SIGINT, which stops the wallet.
  const lines = createInterface({ input, terminal: false })
  lines.on("line", (line) => {
    const [command, argument, ...rest] = line.trim().split(/\s+/)
    if (command === undefined || command === "") return
    const run = async () => {
      if (command !== "chain" || argument === undefined || rest.length > 0)
        throw invalidInput(`unknown command '${line.trim()}'. ${devWalletCommandsHelp}`)
      await wallet.switchChain(readChain(argument, "chain", "eip155").caip2)
    }
    run().catch((error: unknown) =>
      warn("DevWalletCommand", error instanceof Error ? error.message : String(error)),
    )
  })
  return () => lines.close()
}

/**
 * The dev WalletConnect wallet as a process, until SIGINT/SIGTERM; it logs one line per thing it does (one
 * JSON line with --json, which commander hands to the parent `dev` command, hence `optsWithGlobals`).
 */
export const devWalletAction = async (
  commandOptions: DevWalletCommandOptions,
  command: Pick<Command, "optsWithGlobals">,
): Promise<void> => {
  const options = { ...commandOptions, json: command.optsWithGlobals().json === true }
  if (!options.uri.startsWith("wc:")) throw invalidInput(`--uri must be a wc: URI, got '${options.uri}'`)
  const relay = relayEndpoint(options.relayUrl)
  if (relay === undefined)
    throw new CliError("--relay-url (or APPKIT_RELAY_URL) is required when no dev stack is running", {
      code: "UsageError",
    })
  if (options.privateKey !== undefined) warnKeyOnCommandLine()
  // An empty APPKIT_PRIVATE_KEY counts as unset, as it does for the other commands.
  const fromEnv = setting(process.env.APPKIT_PRIVATE_KEY)
  const privateKey =
    options.privateKey !== undefined
      ? readPrivateKey(options.privateKey, "--private-key")
      : fromEnv === undefined
        ? undefined
        : readPrivateKey(fromEnv, "APPKIT_PRIVATE_KEY")
  const pairTimeoutMs = readDuration(options.pairTimeout ?? "15", "--pair-timeout")
  note(devStackNote("relay", relay))
  const wallet = await startDevWallet({
    relayUrl: relay.url,
    rpcUrl: checkedRpcUrl(rpcEndpoint(options.rpcUrl).url),
    privateKey,
    rejectRequests: options.reject,
    rejectProposals: options.rejectProposals,
    pairTimeoutMs,
    // Under --json each thing the wallet does is one line a script can read as it comes.
    log: options.json ? (message) => printJson({ event: "activity", message }) : printLine,
  })
  if (options.json) printJson({ event: "pairing", address: wallet.address, relayUrl: relay.url })
  else printLine(`Dev wallet ${wallet.address} pairing…`)
  await wallet.pair(options.uri).catch(async (error: unknown) => {
    await wallet.close()
    throw new CliError(`Pairing failed: ${error instanceof Error ? error.message : String(error)}`, {
      code: "PairingFailed",
    })
  })
  if (options.json) printJson({ event: "paired", address: wallet.address })
  note(devWalletCommandsHelp)
  const stopReading = readDevWalletCommands(wallet, process.stdin)
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve)
    process.once("SIGTERM", resolve)
  })
  stopReading()
  await wallet.close()
}
