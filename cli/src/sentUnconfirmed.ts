import type { NodeError } from "@appkit/core"
import type { EvmClient } from "@appkit/core/evm"
import { getTransactionCount } from "viem/actions"
import { CliError, describeError, errorCode, exitCodeOf } from "./output"

/**
 * The wait for a transaction's outcome failed (the node stopped answering, the confirmation timeout passed)
 * after the network took the transaction: it may still land. The one error line names it and says so —
 * under --json nothing was printed before — so the user looks it up instead of sending again.
 */
export const sentButUnconfirmed = (id: string, error: unknown): CliError => {
  const reason = describeError(error)
  const sent = reason.includes(id) ? "It was sent" : `Transaction ${id} was sent`
  return new CliError(`${reason}. ${sent}${mayStillLand}`, { code: errorCode(error) })
}

const mayStillLand = " and may still land: look it up by its id before sending again"

/** The line for a wait on transaction `id` that ended before its outcome was known (Ctrl-C). */
export const sentWithoutOutcome = (id: string): string => `Transaction ${id} was sent${mayStillLand}`

/** The line for a submission that ended before the node or the wallet answered it (Ctrl-C). */
export const submittedWithoutAnswer = (walletName: string | undefined): string =>
  `The transaction may have been sent before ${walletName ?? "the node"} answered${walletName === undefined ? "" : " (and is sent if the wallet approves it now)"}: look up the account's latest transaction before sending again`

/**
 * A send the wallet never answered (the request's bound passed) is still pending there and sent if the wallet
 * approves it later: the account's count read before the request, `before`, is what tells the user it did.
 */
export const pendingInWallet = (failure: unknown, before: bigint | undefined): unknown =>
  failure instanceof CliError && failure.code === "WalletRequestTimeout" && before !== undefined
    ? new CliError(
        `${failure.message}. Before sending again, check the account: its transaction count (pending ones included) was ${before}: a higher count means the wallet sent it`,
        { code: failure.code },
      )
    : failure

/** The line for a transaction signed here (a local key) whose submission ended before the cluster answered. */
export const signedWithoutAnswer = (signature: string): string =>
  `The transaction was signed as ${signature}; the cluster may have taken it: look it up by its id before sending again`

/**
 * A submission of a transaction signed here that failed (no answer within the bound, a dropped connection,
 * a refusal): its id is known all the same, so the one line names it after what went wrong.
 */
export const signedButFailed = (signature: string | undefined, failure: unknown): unknown =>
  signature === undefined
    ? failure
    : new CliError(`${describeError(failure)}. ${signedWithoutAnswer(signature)}`, {
        code: errorCode(failure),
        exitCode: exitCodeOf(failure),
      })

/** The account's transaction count, pending ones included, as the node has it; undefined when it cannot say. */
export const transactionCount = (client: EvmClient, address: `0x${string}`): Promise<bigint | undefined> =>
  getTransactionCount(client, { address, blockTag: "pending" }).then(
    (count) => BigInt(count),
    () => undefined,
  )

/**
 * The node's failure to take a transfer, as the user sees it. A refusal the core names (funds, nonce, fee,
 * gas) is the node's verdict. Anything else (no answer within the bound, a dropped connection) may have
 * come after the node took the transaction: the account's count, read again and compared with `before`,
 * tells, and when it moved the line says the transaction may land, so the user looks before sending again.
 */
export const submissionFailure = async (
  error: NodeError,
  node: EvmClient,
  address: `0x${string}`,
  before: bigint | undefined,
): Promise<CliError> => {
  const failure = new CliError(`${error.message}: ${error.details}`, { code: error._tag })
  if (error.kind !== "Unknown" || before === undefined) return failure
  const after = await transactionCount(node, address)
  if (after === undefined || after <= before) return failure
  return new CliError(
    `The transaction's submission failed (${error.details}), but the node took one from ${address} all the same (its transaction count went from ${before} to ${after}): it may land; look up the account's latest transaction before sending again`,
    { code: error._tag },
  )
}
