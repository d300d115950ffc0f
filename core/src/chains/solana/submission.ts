import { SolanaSubmissionRefused } from "./errors"
import { SolanaRpcError } from "./rpc/SolanaRpc"

/** What a node's preflight refusal of sendTransaction carries: the simulation's result, its `err` first. */
const preflightError = (data: unknown): unknown =>
  typeof data === "object" && data !== null && "err" in data ? data.err : undefined

/**
 * The one rule for a submission that failed: was the transaction refused (not taken, so it will not land)?
 * Only when the node answered sendTransaction with its JSON-RPC error: a failed preflight (blockhash not
 * found, no SOL for the fee, an instruction that fails), a signature that does not verify, a transaction it
 * cannot read; that answer becomes a SolanaSubmissionRefused. "AlreadyProcessed" is no refusal: the cluster
 * holds that very transaction. Anything else (no answer within the bound, a dropped connection, an HTTP
 * status, an answer that is not a signature) stays as it is: the node may have taken the transaction.
 */
export const refusedSubmission = <E>(error: E): E | SolanaSubmissionRefused => {
  if (!(error instanceof SolanaRpcError) || error.method !== "sendTransaction") return error
  const err = preflightError(error.data)
  return err === "AlreadyProcessed"
    ? error
    : new SolanaSubmissionRefused({
        code: error.code,
        nodeMessage: error.message,
        ...(err === undefined ? {} : { err }),
      })
}
