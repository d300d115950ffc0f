import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * What can stop a swap between the quote and the receipt, besides the §8 network rule (SwapError) and the
 * wallet's or node's own refusals. The §8 catalogue gives no text for these; each says what to do next.
 */

/** A token the convert endpoints do not list on the network (a typo, or a token 1inch does not route). */
export class SwapTokenNotFoundError extends AppKitError(
  Schema.TaggedError<SwapTokenNotFoundError>()("SwapTokenNotFoundError", {
    token: Schema.String,
    chainId: Schema.String,
    known: Schema.Array(Schema.String),
  }),
  { topic: "Token not available for swaps", details: (error) => `known: ${error.known.join(", ")}` },
) {
  override get message(): string {
    return `Token ${this.token} is not available for swaps on ${this.chainId}`
  }
}

/** The provider answered without a route for the pair and amount. */
export class NoSwapQuoteError extends AppKitError(
  Schema.TaggedError<NoSwapQuoteError>()("NoSwapQuoteError", {
    from: Schema.String,
    to: Schema.String,
  }),
  { topic: "No swap quote" },
) {
  override get message(): string {
    return `No swap quote for ${this.from} → ${this.to}`
  }
}

/**
 * A transaction the convert endpoints built that must not reach a wallet: not from the swapping account,
 * not to a contract address, calldata that is not hex. Sending it could spend someone else's approval or
 * fail in the wallet with a less clear message.
 */
export class InvalidSwapTransactionError extends AppKitError(
  Schema.TaggedError<InvalidSwapTransactionError>()("InvalidSwapTransactionError", {
    step: Schema.Literals(["approve", "swap"]),
    problem: Schema.String,
  }),
  { topic: "Invalid swap transaction", details: (error) => error.problem },
) {
  override get message(): string {
    return `The ${this.step} transaction built for this swap is invalid: ${this.problem}`
  }
}

/** The approval or the swap itself was mined but reverted: balances did not move. */
export class SwapRevertedError extends AppKitError(
  Schema.TaggedError<SwapRevertedError>()("SwapRevertedError", {
    step: Schema.Literals(["approve", "swap"]),
    hash: Schema.String,
  }),
  { topic: "Swap transaction reverted", details: (error) => error.hash },
) {
  override get message(): string {
    return `The ${this.step} transaction ${this.hash} reverted`
  }
}

/** The approval was confirmed, yet the allowance read afterwards is still below the amount. */
export class AllowanceNotGrantedError extends AppKitError(
  Schema.TaggedError<AllowanceNotGrantedError>()("AllowanceNotGrantedError", {
    allowance: Schema.String,
    amount: Schema.String,
  }),
  { topic: "Allowance not granted" },
) {
  override get message(): string {
    return `The allowance is ${this.allowance} after the approval, below the swap amount ${this.amount}`
  }
}

/** §9: at most this many swap transactions wait for their receipts at once. */
export class PendingTransactionsLimitError extends AppKitError(
  Schema.TaggedError<PendingTransactionsLimitError>()("PendingTransactionsLimitError", {
    limit: Schema.Number,
  }),
  { topic: "Too many pending transactions" },
) {
  override get message(): string {
    return `Too many pending transactions (${this.limit}): wait for some to confirm`
  }
}

/** An execution asked for before any quote. */
export class SwapNotReadyError extends AppKitError(
  Schema.TaggedError<SwapNotReadyError>()("SwapNotReadyError", {}),
) {
  override get message(): string {
    return "No swap quote to execute: ask for a quote first"
  }
}

/** Swaps, buying with fiat and names all go through the Blockchain API; an app created without apiUrl has none. */
export class BlockchainApiMissingError extends AppKitError(
  Schema.TaggedError<BlockchainApiMissingError>()("BlockchainApiMissingError", {
    feature: Schema.String,
  }),
  { topic: "Blockchain API not configured" },
) {
  override get message(): string {
    return `${this.feature} needs the Blockchain API: pass apiUrl to createAppKit`
  }
}
