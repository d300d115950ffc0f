import { getNativeBalance } from "@appkit/core/evm"
import { formatUnits } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import type { EvmTargetOptions, LocalSignerOptions } from "../evmOptions"
import { expectedEvmChain, resolveEvmTarget } from "../evmTarget"
import { readEvmAddress } from "../inputs"
import { CliError, printJson, printLine } from "../output"

interface BalanceOptions extends EvmTargetOptions, LocalSignerOptions {
  readonly address?: string | undefined
  readonly json?: boolean | undefined
}

/** The account to read: ADDRESS or --address, else the local signer's, else the stored connection's. */
const ownerOf = async (positional: string | undefined, options: BalanceOptions): Promise<`0x${string}`> => {
  if (positional !== undefined && options.address !== undefined && positional !== options.address)
    throw new CliError("Give the address once: as ADDRESS or as --address", { code: "UsageError" })
  const given = positional ?? options.address
  if (given !== undefined) return readEvmAddress(given, positional !== undefined ? "ADDRESS" : "--address")
  // Only without an address is a signer or the stored connection needed (and their code loaded).
  const [{ loadLocalSigner }, { readConnection }] = await Promise.all([
    import("../signer"),
    import("../session"),
  ])
  const owner = (await loadLocalSigner(options))?.address ?? readConnection()?.address
  if (owner === undefined)
    throw new CliError("Give an ADDRESS (no signer was given and no wallet is connected)", {
      code: "UsageError",
    })
  return readEvmAddress(owner, "the connected account")
}

/** Exact decimal, never rounded; inputs are checked before the node is asked anything. */
export const balanceAction = async (
  positional: string | undefined,
  options: BalanceOptions,
): Promise<void> => {
  const address = await ownerOf(positional, options)
  expectedEvmChain(options)
  const target = await resolveEvmTarget(options)
  const wei = await Effect.runPromise(getNativeBalance(target.client, address))
  const balance = Result.getOrThrow(formatUnits(wei, 18))
  if (options.json)
    printJson({ chainId: target.caip2, address, decimals: 18, balance, balanceUnits: wei.toString() })
  else printLine(balance)
}
