import { sendTransfer, waitForReceipt } from "@appkit/core/evm"
import { formatUnits, MAX_DECIMALS } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import { chainRoute } from "../chainRoute"
import { readDuration } from "../duration"
import type { EvmTargetOptions, LocalSignerOptions } from "../evmOptions"
import { expectedEvmChain, readTokenDecimals, resolveEvmTarget } from "../evmTarget"
import { readAmount, readEvmAddress } from "../inputs"
import { interruptible } from "../interrupt"
import { ExitCode, printJson, printLine } from "../output"
import { runCore } from "../runCore"
import {
  pendingInWallet,
  sentButUnconfirmed,
  sentWithoutOutcome,
  submissionFailure,
  submittedWithoutAnswer,
  transactionCount,
} from "../sentUnconfirmed"
import { prepareCommandSigner } from "../signer"
import { withSpinner } from "../spinner"
import { sendParties } from "./sendParties"

/**
 * `appkit-cli send`: prints the hash as soon as the node has it, then waits for the receipt (at most the
 * 25 s confirmation timeout) and prints its status and fee. A reverted transfer exits 1. The signer is a
 * local key when given, else the wallet of the stored WalletConnect session.
 */
interface SendOptions extends EvmTargetOptions, LocalSignerOptions {
  readonly to: string
  readonly amount: string
  readonly token?: string | undefined
  readonly keypair?: string | undefined
  readonly timeout?: string | undefined
  readonly json?: boolean | undefined
}

export const sendAction = async (options: SendOptions): Promise<void> => {
  if (chainRoute(options.chain, "send") === "solana")
    return (await import("./solana")).solanaSendAction(options)
  // Every argument is checked before anything is asked of the node or the wallet.
  const to = readEvmAddress(options.to, "--to")
  const token = options.token === undefined ? undefined : readEvmAddress(options.token, "--token")
  const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  expectedEvmChain(options)
  // The token's own decimals are known only from the node; its amount's grammar is checked now.
  readAmount(options.amount, token === undefined ? 18 : MAX_DECIMALS, { positive: true })
  const openSigner = await prepareCommandSigner(options)
  const target = await resolveEvmTarget(options)
  const run = runCore
  const decimals = token === undefined ? 18 : await readTokenDecimals(target, token)
  const amount = readAmount(options.amount, decimals, { positive: true })

  const { signer, address, wallet, walletName, explainFailure, close } = await openSigner({
    chainId: target.caip2,
    requestTimeoutMs,
  })
  // Read before the submission: a node that fails to answer it may have taken it all the same.
  const countBefore = await transactionCount(target.client, address)
  const watching = !options.json
  const hash = await withSpinner(
    wallet ? `Waiting for ${walletName} to approve…` : "Sending…",
    watching,
    () =>
      interruptible(
        () => submittedWithoutAnswer(wallet ? walletName : undefined),
        () =>
          run(
            // A local account signs in process and broadcasts through the node; a connected wallet gets
            // eth_sendTransaction. Either way the gas estimate comes from the node.
            sendTransfer(wallet ?? target.client, { signer, to, amount, token }, target.client).pipe(
              // The node's own words say which limit was hit; keep them next to the catalogue message.
              Effect.catchTag("NodeError", (error) =>
                Effect.flatMap(
                  Effect.promise(() => submissionFailure(error, target.client, address, countBefore)),
                  Effect.fail,
                ),
              ),
            ),
          )
            .catch((error: unknown) => {
              throw pendingInWallet(explainFailure(error), countBefore)
            })
            .finally(close),
      ),
  )
  if (!options.json) printLine(`hash ${hash}`)
  const receipt = await withSpinner("Waiting for the receipt…", watching, () =>
    interruptible(
      () => sentWithoutOutcome(hash),
      () =>
        run(waitForReceipt(target.client, hash)).catch((error: unknown) => {
          throw sentButUnconfirmed(hash, error)
        }),
    ),
  )
  const feeUnits = receipt.gasUsed * receipt.effectiveGasPrice
  const fee = Result.getOrThrow(formatUnits(feeUnits, 18))
  if (options.json)
    printJson({
      chainId: target.caip2,
      hash,
      // The account the value left, and the one that submitted and paid the fee (a smart account's sponsor).
      ...(await sendParties(target.client, receipt, address)),
      to,
      token: token ?? null,
      decimals,
      amount: Result.getOrThrow(formatUnits(amount, decimals)),
      amountUnits: amount.toString(),
      status: receipt.status,
      blockNumber: receipt.blockNumber.toString(),
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
      fee,
      feeUnits: feeUnits.toString(),
    })
  else {
    printLine(`status ${receipt.status} (block ${receipt.blockNumber})`)
    printLine(`fee ${fee} (${receipt.gasUsed} gas × ${receipt.effectiveGasPrice} wei)`)
  }
  if (receipt.status !== "success") process.exitCode = ExitCode.invalid
}
