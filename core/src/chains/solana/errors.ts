import { Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { reasonOf } from "../../errors/catalogue"

/** Why a Solana transfer cannot be built, found before any wallet prompt. */
export const solanaTransferMessages = {
  nonPositiveAmount: "The amount must be greater than zero",
  amountBeyondU64: "The amount is more than a u64 of base units can hold",
  notATokenMint: "The token is not an SPL Token or Token-2022 mint",
  senderHasNoTokenAccount: "The sender has no token account for this mint",
  insufficientTokenBalance: "The sender holds fewer tokens than the amount",
  tooManyTokenAccounts:
    "The amount is spread over more of the sender's token accounts than one transaction can spend from",
  recipientIsTokenAccount: "The recipient is a token account, not a wallet: send to its owner",
  recipientNotAWallet: "The recipient is not a wallet: its account belongs to a program",
} as const

export class SolanaTransferError extends AppKitError(
  Schema.TaggedError<SolanaTransferError>()("SolanaTransferError", {
    reason: reasonOf(solanaTransferMessages),
    /** What was checked, e.g. the mint address or the balance held. */
    detail: Schema.optional(Schema.String),
  }),
  { topic: (error) => solanaTransferMessages[error.reason], details: (error) => error.detail },
) {
  override get message(): string {
    const text = solanaTransferMessages[this.reason]
    return this.detail === undefined ? text : `${text} (${this.detail})`
  }
}

/** The system program's own line for a transfer beyond the sender's lamports. */
const insufficientLamports = /^Transfer: insufficient lamports \d+, need \d+$/

/** Which party of a SOL transfer the runtime's rent refusal names, and the minimum a plain account holds. */
const RentShortfall = Schema.Struct({
  account: Schema.String,
  role: Schema.Literals(["sender", "recipient"]),
  /** The rent-exempt minimum of an account without data, in SOL ("0.00089088"). */
  minimumSol: Schema.String,
})

const rentReason = (rent: typeof RentShortfall.Type | undefined): string => {
  if (rent === undefined) return "an account would hold less than the rent-exempt minimum"
  return rent.role === "recipient"
    ? `the recipient ${rent.account} would hold less than the rent-exempt minimum: a new account must receive at least ${rent.minimumSol} SOL`
    : `the sender would keep less than the rent-exempt minimum: keep at least ${rent.minimumSol} SOL, or send all but the fee`
}

/**
 * The runtime's refusals a user can act on, in words (the node gives codes, kept beside them): a fee payer the
 * chain has never credited, a transfer beyond the balance (the system program's line says it all), an account
 * left below the rent-exempt minimum (which one and how much, when known). Anything else is the code alone.
 */
const simulationReason = (
  err: unknown,
  logs: ReadonlyArray<string>,
  rent: typeof RentShortfall.Type | undefined,
): string => {
  const code = JSON.stringify(err)
  if (err === "AccountNotFound" || err === "InsufficientFundsForFee")
    return `the sender has no SOL to pay the fee (${code})`
  const overdraft = logs.find((line) => insufficientLamports.test(line))
  if (overdraft !== undefined) return `insufficient funds (${overdraft})`
  if (typeof err === "object" && err !== null && "InsufficientFundsForRent" in err)
    return `${rentReason(rent)} (${code})`
  return code
}

/** The node's simulation says the transaction would fail, so the wallet is not asked to sign it. */
export class SolanaSimulationFailed extends AppKitError(
  Schema.TaggedError<SolanaSimulationFailed>()("SolanaSimulationFailed", {
    /** The runtime's error, as the node reports it ("InsufficientFundsForRent", {"InstructionError": …}). */
    err: Schema.Unknown,
    logs: Schema.Array(Schema.String),
    /** For a rent refusal of a SOL transfer: whose account it is and what it must hold. */
    rent: Schema.optional(RentShortfall),
  }),
  { topic: "The transaction would fail", details: (error) => error.logs.join("\n") || undefined },
) {
  override get message(): string {
    return `The transaction would fail: ${simulationReason(this.err, this.logs, this.rent)}`
  }
}

/**
 * The cluster refused a signed transaction at its submission (its node answered sendTransaction with an
 * error): it was not taken and will not land, so sending again is safe. The node's code and words are kept;
 * an expired blockhash (the wallet or the signer took longer than the ~60-90 s a blockhash lives) is said so.
 */
export class SolanaSubmissionRefused extends AppKitError(
  Schema.TaggedError<SolanaSubmissionRefused>()("SolanaSubmissionRefused", {
    /** The node's JSON-RPC error code (-32002: its preflight simulation failed). */
    code: Schema.Number,
    /** The node's own words. */
    nodeMessage: Schema.String,
    /** The runtime's error from the preflight, when the node gave one ("BlockhashNotFound", …). */
    err: Schema.optional(Schema.Unknown),
  }),
  { topic: "Transaction refused by the cluster", details: (error) => error.nodeMessage },
) {
  override get message(): string {
    const why =
      this.err === "BlockhashNotFound"
        ? "its blockhash expired before the cluster got it (signing took too long); send it again"
        : this.nodeMessage
    return `The cluster refused the transaction, so it will not land: ${why}`
  }
}

/** The transaction landed but the runtime rejected it (its fee was still charged). */
export class SolanaTransactionFailed extends AppKitError(
  Schema.TaggedError<SolanaTransactionFailed>()("SolanaTransactionFailed", {
    signature: Schema.String,
    err: Schema.Unknown,
  }),
  { topic: "Transaction failed", details: (error) => JSON.stringify(error.err) },
) {
  override get message(): string {
    return `Transaction ${this.signature} failed: ${JSON.stringify(this.err)}`
  }
}

/**
 * The transaction was not seen by the confirmation deadline and its blockhash has since expired: no cluster
 * will take it any more, so it will not land (nothing was charged) and sending it again is safe.
 */
export class SolanaTransactionExpired extends AppKitError(
  Schema.TaggedError<SolanaTransactionExpired>()("SolanaTransactionExpired", {
    signature: Schema.String,
  }),
  { topic: "Transaction expired" },
) {
  override get message(): string {
    return `Transaction ${this.signature} was not taken before its blockhash expired: it will not land; send it again`
  }
}
