import { SolanaSubmissionRefused } from "./errors"
import { SolanaRpcError } from "./rpc/SolanaRpc"

/**
 * The codes with which a node refuses sendTransaction before passing it on (Agave's): a failed preflight
 * (-32002), a signature or precompile that does not verify (-32003, -32006, -32013), an unhealthy node
 * (-32005), an unsupported version (-32015), a minimum context slot not reached (-32016), a transaction it
 * cannot read (-32602). Any other code (-32603 internal, -32000 a gateway's own) says nothing of whether
 * the transaction went on.
 */
const refusalCodes: ReadonlyArray<number> = [-32002, -32003, -32005, -32006, -32013, -32015, -32016, -32602]

/** What a node's preflight refusal of sendTransaction carries: the simulation's result, its `err` first. */
const preflightError = (data: unknown): unknown =>
  typeof data === "object" && data !== null && "err" in data ? data.err : undefined

/**
 * The one rule for a submission that failed: was the transaction refused (not taken, so it will not land)?
 * Only when the node answered sendTransaction with a refusal's code (refusalCodes): a failed preflight
 * (blockhash not found, no SOL for the fee, an instruction that fails), a signature that does not verify,
 * a transaction it cannot read; that answer becomes a SolanaSubmissionRefused. "AlreadyProcessed" is no
 * refusal: the cluster holds that very transaction. Anything else (no answer within the bound, a dropped
 * connection, an HTTP status, another code, an answer that is not a signature) stays as it is: the
 * transaction may have been taken.
 */
export const refusedSubmission = <E>(error: E): E | SolanaSubmissionRefused => {
  if (
    !(error instanceof SolanaRpcError) ||
    error.method !== "sendTransaction" ||
    !refusalCodes.includes(error.code)
  )
    return error
  const err = preflightError(error.data)
  return err === "AlreadyProcessed"
    ? error
    : new SolanaSubmissionRefused({
        code: error.code,
        nodeMessage: error.message,
        ...(err === undefined ? {} : { err }),
      })
}
