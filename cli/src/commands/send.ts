import type { Command } from "commander"
import {
  type EvmTargetOptions,
  type LocalSignerOptions,
  withEvmTargetOptions,
  withLocalSignerOptions,
} from "../evmOptions"
import { CliError, ExitCode, printJson, printLine } from "../output"
import { withSpinner } from "../spinner"

/**
 * `appkit-cli send`: a native or ERC-20 transfer. Prints the hash as soon as the node has it, then waits for
 * the receipt (at most the 25 s confirmation timeout) and prints its status and fee. A reverted transfer
 * exits 1. The signer is a local key when given, else the wallet of the stored WalletConnect session.
 */
interface SendOptions extends EvmTargetOptions, LocalSignerOptions {
  readonly to: string
  readonly amount: string
  readonly token?: string | undefined
  readonly json?: boolean | undefined
}

const sendAction = async (options: SendOptions): Promise<void> => {
  const [
    { Effect, Result },
    core,
    validation,
    { getAddress, isAddress },
    { resolveEvmTarget },
    { openCommandSigner },
  ] = await Promise.all([
    import("effect"),
    import("@appkit/core/evm"),
    import("@appkit/core/validation"),
    import("viem"),
    import("../evmTarget"),
    import("../signer"),
  ])
  const checkedAddress = (value: string, option: string) => {
    if (!isAddress(value, { strict: false })) throw new CliError(`${option}: invalid address '${value}'`)
    return getAddress(value)
  }
  const to = checkedAddress(options.to, "--to")
  const token = options.token === undefined ? undefined : checkedAddress(options.token, "--token")
  const target = await resolveEvmTarget(options)
  const run = Effect.runPromise
  const decimals = token === undefined ? 18 : await run(core.getTokenDecimals(target.client, token))
  const parsed = validation.parseUnits(options.amount, decimals)
  if (Result.isFailure(parsed)) throw new CliError(`--amount: ${parsed.failure.message}`)
  if (parsed.success <= 0n) throw new CliError("--amount must be greater than zero")

  const { signer, address, wallet, close } = await openCommandSigner(options, target.caip2)
  const watching = !options.json
  const hash = await withSpinner(wallet ? "Waiting for the wallet…" : "Sending…", watching, () =>
    run(
      // A local account signs in process and broadcasts through the node; a connected wallet gets
      // eth_sendTransaction. Either way the gas estimate comes from the node.
      core
        .sendTransfer(wallet ?? target.client, { signer, to, amount: parsed.success, token }, target.client)
        .pipe(
          // The node's own words say which limit was hit; keep them next to the catalogue message.
          Effect.mapError((error) =>
            error._tag === "NodeError" ? new CliError(`${error.message}: ${error.details}`) : error,
          ),
        ),
    ).finally(close),
  )
  if (!options.json) printLine(`hash ${hash}`)
  const receipt = await withSpinner("Waiting for the receipt…", watching, () =>
    run(core.waitForReceipt(target.client, hash)),
  )
  const feeWei = receipt.gasUsed * receipt.effectiveGasPrice
  const fee = Result.getOrThrow(validation.formatUnits(feeWei, 18))
  const result = {
    chainId: target.caip2,
    hash,
    from: address,
    to,
    token: token ?? null,
    amount: options.amount,
    status: receipt.status,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
    feeWei,
    fee,
  }
  if (options.json) printJson(result)
  else {
    printLine(`status ${receipt.status} (block ${receipt.blockNumber})`)
    printLine(`fee ${fee} (${receipt.gasUsed} gas × ${receipt.effectiveGasPrice} wei)`)
  }
  if (receipt.status !== "success") process.exitCode = ExitCode.invalid
}

export const register = (program: Command): void => {
  const command = program
    .command("send")
    .description("Send native coin or an ERC-20 token and wait for the receipt")
    .requiredOption("--to <address>", "receiver 0x address")
    .requiredOption("--amount <decimal>", "amount in whole units, e.g. 0.5 (the token's decimals apply)")
    .option("--token <address>", "ERC-20 contract (default: the native coin)")
  withLocalSignerOptions(withEvmTargetOptions(command))
    .option("--json", "print one JSON object when the receipt is in")
    .action(sendAction)
}
