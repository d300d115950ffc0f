import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { decodeProviderRpcError, isUserRejection, ProviderRpcError } from "./ProviderRpcError"

/**
 * §8: the text an execution client (geth, anvil, reth, nethermind, erigon) puts in a rejected transaction's
 * error becomes a typed NodeError, so the UI can say "nonce too low" instead of showing raw node output.
 */
export const nodeErrorKinds = [
  "FeeTooLow",
  "FeeTooHigh",
  "NonceTooLow",
  "NonceTooHigh",
  "NonceSame",
  "GasTooLow",
  "GasTooHigh",
  "InsufficientFunds",
  "Unknown",
] as const
export type NodeErrorKind = (typeof nodeErrorKinds)[number]

const kindMessages: Record<NodeErrorKind, string> = {
  FeeTooLow: "The transaction fee is too low",
  FeeTooHigh: "The transaction fee is too high",
  NonceTooLow: "The transaction nonce is too low",
  NonceTooHigh: "The transaction nonce is too high",
  NonceSame: "A transaction with the same nonce is already pending",
  GasTooLow: "The transaction gas limit is too low",
  GasTooHigh: "The transaction gas limit is too high",
  InsufficientFunds: "The account has insufficient funds for this transaction",
  Unknown: "The node rejected the transaction",
}

export class NodeError extends AppKitError(
  Schema.TaggedError<NodeError>()("NodeError", {
    kind: Schema.Literals(nodeErrorKinds),
    /** The node's own text, kept verbatim for logs and details views. */
    nodeMessage: Schema.String,
  }),
  { details: (error) => error.nodeMessage },
) {
  override get message(): string {
    return kindMessages[this.kind]
  }
}

// Order matters: the more specific texts come first ("nonce too low" is also in some replacement errors,
// "max fee per gas higher than 2^256-1" must not read as a plain fee text). Texts are the ones geth
// (core/txpool, core/error.go, internal/ethapi), anvil and reth return.
const patterns: ReadonlyArray<readonly [RegExp, NodeErrorKind]> = [
  [/replacement transaction underpriced|replacement fee too low/i, "FeeTooLow"],
  [/already known|known transaction|transaction already imported|nonce already used/i, "NonceSame"],
  [/nonce too low|nonce is too low|old ?nonce/i, "NonceTooLow"],
  [/nonce too high|nonce is too high|nonce has max value|nonce gap/i, "NonceTooHigh"],
  [
    /insufficient funds|exceeds transaction sender account balance|insufficient balance/i,
    "InsufficientFunds",
  ],
  [
    /max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1|max priority fee per gas higher than max fee per gas|tip higher than fee cap|exceeds the configured cap|fee too high/i,
    "FeeTooHigh",
  ],
  [
    /max fee per gas less than block base fee|fee cap less than block base fee|transaction underpriced|fee too low|gas price too low|max priority fee per gas below minimum|underpriced/i,
    "FeeTooLow",
  ],
  [
    /intrinsic gas too high|exceeds block gas limit|gas limit reached|gas limit too high|gas too high/i,
    "GasTooHigh",
  ],
  [
    /intrinsic gas too low|gas required exceeds allowance|out of gas|gas too low|floor data gas cost/i,
    "GasTooLow",
  ],
]

/** Classifies a node's error text; anything unrecognised is `Unknown`, never a crash. */
export const parseNodeError = (text: string): NodeError => {
  const kind = patterns.find(([pattern]) => pattern.test(text))?.[1] ?? "Unknown"
  return new NodeError({ kind, nodeMessage: text })
}

/** Classifies whatever a wallet or node client threw for a transaction (wrapped errors included). */
export const nodeErrorFromUnknown = (error: unknown): NodeError =>
  parseNodeError(decodeProviderRpcError(error).message)

/**
 * A wallet's refusal of a transaction: when it passes on a node's verdict that §8 names (insufficient funds,
 * nonce, fee, gas), that NodeError; anything else (the user saying no, a locked wallet) stays as it was.
 */
export const nodeVerdictOr = <E>(error: E): E | NodeError => {
  if (!(error instanceof ProviderRpcError) || isUserRejection(error)) return error
  const verdict = parseNodeError(error.message)
  return verdict.kind === "Unknown" ? error : verdict
}
