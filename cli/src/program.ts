import { readFileSync } from "node:fs"
import { Command, CommanderError } from "commander"
import * as activity from "./commands/activity"
import * as address from "./commands/address"
import * as amount from "./commands/amount"
import * as balance from "./commands/balance"
import * as btc from "./commands/btc"
import * as caip from "./commands/caip"
import * as connect from "./commands/connect"
import * as dev from "./commands/dev"
import * as disconnect from "./commands/disconnect"
import * as names from "./commands/names"
import * as onramp from "./commands/onramp"
import * as psbt from "./commands/psbt"
import * as receive from "./commands/receive"
import * as rpc from "./commands/rpc"
import * as send from "./commands/send"
import * as sign from "./commands/sign"
import * as siwe from "./commands/siwe"
import * as siwx from "./commands/siwx"
import * as status from "./commands/status"
import * as swap from "./commands/swap"
import * as tokens from "./commands/tokens"
import * as wallets from "./commands/wallets"
import { CliError, ExitCode, reportError, setJsonMode } from "./output"

/**
 * Every command module exports `register(program)`: it declares the command's options here and loads its
 * action (with @appkit/core, effect and viem, by name) only when that command runs, from its own chunk, so
 * `--help` and each command load no more than they use.
 */
const commandModules: ReadonlyArray<{ readonly register: (program: Command) => void }> = [
  address,
  amount,
  balance,
  btc,
  psbt,
  caip,
  dev,
  connect,
  disconnect,
  rpc,
  send,
  receive,
  sign,
  siwe,
  siwx,
  status,
  activity,
  names,
  onramp,
  swap,
  tokens,
  wallets,
]

/**
 * cli/package.json, from src/ and dist/ alike (both sit one level below it). Read as a file: createRequire
 * would start the CommonJS loader on every run just for this.
 */
const version = (): string =>
  (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
    .version

const environmentHelp = `
Environment:
  APPKIT_RPC_URL, ETH_RPC_URL  node JSON-RPC URL (in that order; else a running dev stack, else http://127.0.0.1:8545)
  APPKIT_API_URL               Blockchain/Wallet API base URL (else the config file, a running dev stack, http://127.0.0.1:8787)
  APPKIT_PROJECT_ID            project id for the APIs and WalletConnect
  APPKIT_RELAY_URL             WalletConnect relay (else a running dev stack, else the public relay)
  APPKIT_PRIVATE_KEY           local signer key for send / sign / connect (safer than --private-key, which \`ps\` shows)
  APPKIT_KEYSTORE_PASSWORD     password of --keystore (on a terminal you are asked instead)
  APPKIT_HOME                  where the connection and dev stack state live (default ~/.appkit)
  APPKIT_CONFIG                config file {apiUrl, projectId} (default ~/.config/appkit/config.json)
  NO_COLOR                     no colours in any view

Examples:
  appkit-cli address validate 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
  appkit-cli balance 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 --chain 31337
  appkit-cli connect && appkit-cli sign message "hello" --json

Exit codes: 0 ok/valid, 1 invalid (a verdict or a refused argument), 2 usage or runtime error.
With --json, results are JSON on stdout and a failure is one line {"error":{"code","message"}} on stderr.`

export const buildProgram = (): Command => {
  const program = new Command("appkit-cli")
    .description(
      "Connect wallets and inspect chain data from the command line; a toolbox for addresses, CAIP ids, amounts and RPC policy",
    )
    .version(version(), "-V, --version", "print the version")
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .addHelpText("after", environmentHelp)
  for (const module of commandModules) module.register(program)
  return program
}

/** Runs the CLI and sets process.exitCode; usage and runtime errors print one line to stderr. */
export const run = async (argv: ReadonlyArray<string>): Promise<void> => {
  // Until the options are parsed (a usage error), --json is looked for among the words themselves.
  setJsonMode(argv.includes("--json"))
  const program = buildProgram().hook("preAction", (_program, action) => {
    // With the parent's too: `dev wallet --json` hands --json to `dev`, which declares it first.
    setJsonMode(action.optsWithGlobals().json === true)
  })
  try {
    await program.parseAsync([...argv])
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return // --help, --version
      // "commander.help": a command group run without its subcommand; its help (on stderr) says it all.
      if (error.code === "commander.help") {
        process.exitCode = ExitCode.error
        return
      }
      // commander puts its "(Did you mean …?)" on a line of its own; the contract's failure is one line.
      const message = error.message.replace(/^error: /, "").replace(/\n/g, " ")
      return reportError(new CliError(message, { code: "UsageError" }))
    }
    reportError(error)
  }
}
