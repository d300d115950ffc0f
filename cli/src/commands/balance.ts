import type { Command } from "commander"
import {
  type EvmTargetOptions,
  type LocalSignerOptions,
  withEvmTargetOptions,
  withLocalSignerOptions,
} from "../evmOptions"
import { CliError, printJson, printLine } from "../output"

/** `appkit-cli balance`: the native balance of an address by RPC, as an exact decimal (no rounding). */
interface BalanceOptions extends EvmTargetOptions, LocalSignerOptions {
  readonly address?: string | undefined
  readonly json?: boolean | undefined
}

const balanceAction = async (options: BalanceOptions): Promise<void> => {
  const [
    { Effect, Result },
    evm,
    validation,
    { getAddress, isAddress },
    { resolveEvmTarget },
    { loadLocalSigner },
  ] = await Promise.all([
    import("effect"),
    import("@appkit/core/evm"),
    import("@appkit/core/validation"),
    import("viem"),
    import("../evmTarget"),
    import("../signer"),
  ])
  const { readConnection } = await import("../session")
  const owner = options.address ?? (await loadLocalSigner(options))?.address ?? readConnection()?.address
  if (owner === undefined) throw new CliError("--address is required when no wallet is connected")
  if (!isAddress(owner, { strict: false })) throw new CliError(`Invalid address '${owner}'`)
  const address = getAddress(owner)
  const target = await resolveEvmTarget(options)
  const wei = await Effect.runPromise(evm.getNativeBalance(target.client, address))
  const balance = Result.getOrThrow(validation.formatUnits(wei, 18))
  if (options.json) printJson({ chainId: target.caip2, address, balance, wei })
  else printLine(balance)
}

export const register = (program: Command): void => {
  const command = program
    .command("balance")
    .description("Native balance of an address by RPC, as an exact decimal")
    .option("--address <address>", "0x address (default: the signer's, else the connected wallet's)")
  withLocalSignerOptions(withEvmTargetOptions(command))
    .option("--json", "print one JSON object {chainId, address, balance, wei}")
    .action(balanceAction)
}
