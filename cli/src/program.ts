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
import * as rpc from "./commands/rpc"
import * as send from "./commands/send"
import * as sign from "./commands/sign"
import * as siwe from "./commands/siwe"
import * as status from "./commands/status"
import * as swap from "./commands/swap"
import * as tokens from "./commands/tokens"
import * as wallets from "./commands/wallets"
import { describeError, ExitCode } from "./output"

/**
 * Every command module exports `register(program)`; it declares its options here and imports its
 * implementation (and @appkit/core) lazily inside the action, so `--help` stays cheap.
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
  sign,
  siwe,
  status,
  activity,
  names,
  onramp,
  swap,
  tokens,
  wallets,
]

export const buildProgram = (): Command => {
  const program = new Command("appkit-cli")
    .description(
      "Connect wallets and inspect chain data from the command line; a toolbox for addresses, CAIP ids, amounts and RPC policy",
    )
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ outputError: () => {} })
  for (const module of commandModules) module.register(program)
  return program
}

/** Runs the CLI and sets process.exitCode; usage and runtime errors print one line to stderr. */
export const run = async (argv: ReadonlyArray<string>): Promise<void> => {
  try {
    await buildProgram().parseAsync([...argv])
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return // --help, --version
      // "commander.help": a command group run without its subcommand; its help (on stderr) says it all.
      if (error.code !== "commander.help") process.stderr.write(`${error.message.replace(/^error: /, "")}\n`)
      process.exitCode = ExitCode.error
      return
    }
    process.stderr.write(`${describeError(error)}\n`)
    process.exitCode = ExitCode.error
  }
}
