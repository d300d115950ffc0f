import { base64 } from "@scure/base"
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit"
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget"
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system"
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getTokenDecoder,
  getTransferCheckedInstruction,
} from "@solana-program/token"
import { Effect, Result } from "effect"
import { Solana } from "../../config/constants"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { formatUnits } from "../../validation/amount"
import { U64_MAX } from "../../validation/u64"
import { solanaAddress } from "./addresses"
import { associatedTokenAddress } from "./associatedTokenAddress"
import { SolanaSimulationFailed, SolanaTransferError } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { AccountInfoResult, LatestBlockhashResult, SimulationResult, WireU64 } from "./rpc/schemas"
import { getSplTokenSources, type SplTokenSource } from "./tokenBalances"
import { isTokenProgram, TOKEN_2022_PROGRAM_ADDRESS } from "./tokenPrograms"

export interface SolTransfer {
  readonly from: string
  readonly to: string
  readonly lamports: bigint
}

export interface SplTransfer {
  readonly from: string
  readonly to: string
  readonly mint: string
  /** Base units of the mint. */
  readonly amount: bigint
}

/** A transfer ready for a wallet: the unsigned wire transaction and what went into it. */
export interface PreparedTransfer {
  /** Base64 wire transaction, fee payer `from`, its signature slot empty. */
  readonly transaction: string
  readonly computeUnitLimit: number
  readonly computeUnitPriceMicroLamports: bigint
  /** Whether it creates the recipient's associated token account (SPL transfers to a new holder). */
  readonly createsRecipientTokenAccount: boolean
  /** Its blockhash: how long it can be sent (about 60-90 s), which a confirmation wait checks at its end. */
  readonly blockhash: string
}

export type PrepareTransferError =
  | SolanaTransferError
  | SolanaSimulationFailed
  | InvalidAddress
  | SolanaRpcCallError

/** The runtime's ceiling on one transaction's compute units. */
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000
/**
 * A token transfer costs thousands of units (creating an account tens of thousands), far above the §9
 * limit of 500 that a SOL transfer fits in; its limit is what a simulation consumed plus this margin
 * (the habit of Reown's SPL path), since the priority fee is paid on the limit, not on what is used.
 */
const SPL_COMPUTE_UNIT_MARGIN = 1.3
/** The runtime's base fee, per signature (a transfer has one: its fee payer's). */
const LAMPORTS_PER_SIGNATURE = 5_000n
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n

/**
 * What a SOL transfer (prepareSolTransfer) costs its sender besides the amount: the base fee and the priority
 * fee on its §9 compute budget (paid on the limit, rounded up to a lamport).
 */
export const solTransferFeeLamports =
  LAMPORTS_PER_SIGNATURE +
  (BigInt(Solana.computeUnitLimit) * Solana.computeUnitPriceMicroLamports + MICRO_LAMPORTS_PER_LAMPORT - 1n) /
    MICRO_LAMPORTS_PER_LAMPORT
const MINT_SIZE = 82
/** The largest wire transaction a cluster takes (a packet less its headers). */
const MAX_TRANSACTION_BYTES = 1232
const TOKEN_ACCOUNT_SIZE = 165

const transactionEncoder = getTransactionEncoder()

const budget = (units: number, microLamports: bigint): ReadonlyArray<Instruction> => [
  getSetComputeUnitLimitInstruction({ units }),
  getSetComputeUnitPriceInstruction({ microLamports }),
]

const latestBlockhash = (rpc: SolanaRpc) =>
  Effect.map(
    rpc.call("getLatestBlockhash", [{ commitment: "confirmed" }], LatestBlockhashResult),
    ({ value }) => ({
      blockhash: value.blockhash as Blockhash,
      lastValidBlockHeight: value.lastValidBlockHeight,
    }),
  )

/** The unsigned v0 wire transaction, base64, as wallets take it. */
const unsignedTransaction = (
  feePayer: string,
  instructions: ReadonlyArray<Instruction>,
  lifetime: { readonly blockhash: Blockhash; readonly lastValidBlockHeight: bigint },
): string => {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return base64.encode(new Uint8Array(transactionEncoder.encode(compileTransaction(message))))
}

/** Whether an unsigned wire transaction (base64) is within what a cluster takes. */
const fitsOneTransaction = (transaction: string) => base64.decode(transaction).length <= MAX_TRANSACTION_BYTES

/** Runs the transaction on the node without signatures; a failure here stops it before the wallet. */
const simulate = (rpc: SolanaRpc, transaction: string) =>
  Effect.gen(function* () {
    const { value } = yield* rpc.call(
      "simulateTransaction",
      [
        transaction,
        { encoding: "base64", sigVerify: false, replaceRecentBlockhash: true, commitment: "confirmed" },
      ],
      SimulationResult,
    )
    if (value.err !== null)
      return yield* new SolanaSimulationFailed({ err: value.err, logs: value.logs ?? [] })
    return value.unitsConsumed ?? 0n
  })

/** The account index a rent refusal ({"InsufficientFundsForRent":{"account_index":1}}) names. */
const rentShortfallIndex = (err: unknown): unknown =>
  typeof err === "object" && err !== null && "InsufficientFundsForRent" in err
    ? (err.InsufficientFundsForRent as { readonly account_index?: unknown } | null)?.account_index
    : undefined

/**
 * A SOL transfer's rent refusal said with the party it names (its accounts: the sender, then the recipient)
 * and the minimum a plain account must hold, so the user knows what to send or keep; without the minimum
 * (the node did not say) the refusal stays as it was.
 */
const withRentShortfall =
  (rpc: SolanaRpc, parties: ReadonlyArray<readonly [string, "sender" | "recipient"]>) =>
  (error: SolanaSimulationFailed) => {
    const index = rentShortfallIndex(error.err)
    const party = typeof index === "number" ? parties[index] : undefined
    if (party === undefined) return Effect.fail(error)
    return rpc.call("getMinimumBalanceForRentExemption", [0], WireU64).pipe(
      Effect.map(
        (minimum) =>
          new SolanaSimulationFailed({
            err: error.err,
            logs: error.logs,
            rent: {
              account: party[0],
              role: party[1],
              minimumSol: Result.getOrThrow(formatUnits(minimum, Solana.decimals)),
            },
          }),
      ),
      Effect.orElseSucceed(() => error),
      Effect.flatMap(Effect.fail),
    )
  }

const accountData = (rpc: SolanaRpc, address: string) =>
  Effect.map(
    rpc.call("getAccountInfo", [address, { encoding: "base64", commitment: "confirmed" }], AccountInfoResult),
    ({ value }) => (value === null ? undefined : { owner: value.owner, bytes: base64.decode(value.data[0]) }),
  )

/**
 * A token program's account is a mint (82 bytes), a token account (165) or a multisig (355). Token-2022 alone
 * pads a mint with extensions past 165 bytes and marks either kind by the type byte after that (1: mint,
 * 2: token account), never at 355 bytes; a legacy Token account of another length has no such byte.
 */
const TOKEN_2022_ACCOUNT_TYPE = { mint: 1, account: 2 } as const
const MULTISIG_SIZE = 355

const isTokenProgramAccount =
  (baseSize: number, kind: keyof typeof TOKEN_2022_ACCOUNT_TYPE) =>
  (account: { readonly owner: string; readonly bytes: Uint8Array }) =>
    isTokenProgram(account.owner) &&
    (account.bytes.length === baseSize ||
      (account.owner === TOKEN_2022_PROGRAM_ADDRESS &&
        account.bytes.length > TOKEN_ACCOUNT_SIZE &&
        account.bytes.length !== MULTISIG_SIZE &&
        account.bytes[TOKEN_ACCOUNT_SIZE] === TOKEN_2022_ACCOUNT_TYPE[kind]))

const isMintAccount = isTokenProgramAccount(MINT_SIZE, "mint")
const isTokenAccount = isTokenProgramAccount(TOKEN_ACCOUNT_SIZE, "account")

/** An initialized SPL Token or Token-2022 mint: its decimals and the program that owns it. */
export const readMint = (
  rpc: SolanaRpc,
  mint: string,
): Effect.Effect<
  { readonly decimals: number; readonly tokenProgram: Address },
  SolanaTransferError | SolanaRpcCallError
> =>
  Effect.gen(function* () {
    const mintAccount = yield* accountData(rpc, mint)
    if (mintAccount === undefined || !isMintAccount(mintAccount))
      return yield* new SolanaTransferError({ reason: "notATokenMint", detail: mint })
    const mintState = getMintDecoder().decode(mintAccount.bytes.subarray(0, MINT_SIZE))
    if (!mintState.isInitialized)
      return yield* new SolanaTransferError({ reason: "notATokenMint", detail: mint })
    return { decimals: mintState.decimals, tokenProgram: mintAccount.owner as Address }
  })

/** An amount the instruction can carry: above zero and within u64 (§5), which the encoders would die on. */
const positive = (amount: bigint) =>
  amount <= 0n
    ? Effect.fail(new SolanaTransferError({ reason: "nonPositiveAmount", detail: amount.toString() }))
    : amount > U64_MAX
      ? Effect.fail(new SolanaTransferError({ reason: "amountBeyondU64", detail: amount.toString() }))
      : Effect.void

/**
 * A SOL transfer with the §9 compute budget (limit 500 units, price 20 000 000 micro-lamports), checked by a
 * simulation (enough SOL for amount and fee, a recipient that can receive) before any wallet sees it.
 */
export const prepareSolTransfer = (
  rpc: SolanaRpc,
  transfer: SolTransfer,
): Effect.Effect<PreparedTransfer, PrepareTransferError> =>
  Effect.gen(function* () {
    const from = yield* solanaAddress(transfer.from)
    const to = yield* solanaAddress(transfer.to)
    yield* positive(transfer.lamports)
    const instructions = [
      ...budget(Solana.computeUnitLimit, Solana.computeUnitPriceMicroLamports),
      getTransferSolInstruction({
        source: createNoopSigner(from as Address),
        destination: to as Address,
        amount: transfer.lamports,
      }),
    ]
    const lifetime = yield* latestBlockhash(rpc)
    const transaction = unsignedTransaction(from, instructions, lifetime)
    yield* simulate(rpc, transaction).pipe(
      Effect.catchIf(
        (error) => error instanceof SolanaSimulationFailed,
        withRentShortfall(rpc, [
          [from, "sender"],
          [to, "recipient"],
        ]),
      ),
    )
    return {
      transaction,
      computeUnitLimit: Solana.computeUnitLimit,
      computeUnitPriceMicroLamports: Solana.computeUnitPriceMicroLamports,
      createsRecipientTokenAccount: false,
      blockhash: lifetime.blockhash,
    }
  })

/**
 * What each of the sender's token accounts gives to make up `amount` (which their sum covers): its
 * associated account first, then the others from the largest, so a usual holder sends from one account
 * and one with tokens spread over several sends all the balance shows, in as few instructions as can be.
 */
const spendFrom = (holdings: ReadonlyArray<SplTokenSource>, ata: string, amount: bigint) => {
  const ordered = [...holdings].sort((a, b) =>
    a.address === ata ? -1 : b.address === ata ? 1 : a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0,
  )
  const spent: Array<SplTokenSource> = []
  let left = amount
  for (const holding of ordered) {
    if (holding.amount >= left) return [...spent, { address: holding.address, amount: left }]
    if (holding.amount > 0n) spent.push(holding)
    left -= holding.amount
  }
  return spent
}

/**
 * An SPL Token or Token-2022 transfer (TransferChecked, so the mint's decimals are enforced on chain) from
 * the sender's token accounts of the mint (see spendFrom) to the recipient's associated one, creating it
 * when missing. The price is the §9 one; the limit is sized from a simulation (see SPL_COMPUTE_UNIT_MARGIN).
 */
export const prepareSplTransfer = (
  rpc: SolanaRpc,
  transfer: SplTransfer,
): Effect.Effect<PreparedTransfer, PrepareTransferError> =>
  Effect.gen(function* () {
    const from = (yield* solanaAddress(transfer.from)) as Address
    const to = (yield* solanaAddress(transfer.to)) as Address
    const mint = (yield* solanaAddress(transfer.mint)) as Address
    yield* positive(transfer.amount)

    const { decimals, tokenProgram } = yield* readMint(rpc, mint)

    const ata = associatedTokenAddress(from, mint, tokenProgram)
    const destination = associatedTokenAddress(to, mint, tokenProgram) as Address
    const [recipientAccount, destinationAccount, holdings] = yield* Effect.all(
      [accountData(rpc, to), accountData(rpc, destination), getSplTokenSources(rpc, from, mint)],
      { concurrency: 3 },
    )
    // A pasted token account (or any account a program owns) is no wallet: the tokens would go to an
    // associated account no key moves. spl-token refuses such recipients too.
    if (recipientAccount !== undefined && isTokenAccount(recipientAccount))
      return yield* new SolanaTransferError({
        reason: "recipientIsTokenAccount",
        detail: getTokenDecoder().decode(recipientAccount.bytes.subarray(0, TOKEN_ACCOUNT_SIZE)).owner,
      })
    if (recipientAccount !== undefined && recipientAccount.owner !== SYSTEM_PROGRAM_ADDRESS)
      return yield* new SolanaTransferError({ reason: "recipientNotAWallet", detail: recipientAccount.owner })
    if (holdings.length === 0)
      return yield* new SolanaTransferError({ reason: "senderHasNoTokenAccount", detail: mint })
    const held = holdings.reduce((sum, holding) => sum + holding.amount, 0n)
    if (held < transfer.amount)
      return yield* new SolanaTransferError({
        reason: "insufficientTokenBalance",
        detail: `holds ${Result.getOrThrow(formatUnits(held, decimals))}`,
      })

    const payer = createNoopSigner(from)
    const createsRecipientTokenAccount = destinationAccount === undefined
    const instructionsFrom = (sources: ReadonlyArray<SplTokenSource>): ReadonlyArray<Instruction> => [
      ...(createsRecipientTokenAccount
        ? [
            getCreateAssociatedTokenIdempotentInstruction({
              payer,
              ata: destination,
              owner: to,
              mint,
              tokenProgram,
            }),
          ]
        : []),
      ...sources.map(({ address, amount }) =>
        getTransferCheckedInstruction(
          { source: address as Address, mint, destination, authority: payer, amount, decimals },
          { programAddress: tokenProgram },
        ),
      ),
    ]

    const lifetime = yield* latestBlockhash(rpc)
    // Measured at price 0: a node checks the fee payer can pay limit × price even in a simulation. It is
    // as long as the one sent (the same budget instructions, other numbers).
    const measuring = (sources: ReadonlyArray<SplTokenSource>) =>
      unsignedTransaction(
        from,
        [...budget(MAX_COMPUTE_UNIT_LIMIT, 0n), ...instructionsFrom(sources)],
        lifetime,
      )
    const sources = spendFrom(holdings, ata, transfer.amount)
    const measured = measuring(sources)
    if (!fitsOneTransaction(measured)) {
      // Every source but the last gives all it holds: what fits is the sum of the most that fit.
      let fitting = sources.length - 1
      while (fitting > 0 && !fitsOneTransaction(measuring(sources.slice(0, fitting)))) fitting--
      const sendable = sources.slice(0, fitting).reduce((sum, source) => sum + source.amount, 0n)
      return yield* new SolanaTransferError({
        reason: "tooManyTokenAccounts",
        detail: `at most ${Result.getOrThrow(formatUnits(sendable, decimals))} in one transaction`,
      })
    }
    const consumed = yield* simulate(rpc, measured)
    const computeUnitLimit = Math.min(
      Math.ceil(Number(consumed) * SPL_COMPUTE_UNIT_MARGIN),
      MAX_COMPUTE_UNIT_LIMIT,
    )
    const transaction = unsignedTransaction(
      from,
      [...budget(computeUnitLimit, Solana.computeUnitPriceMicroLamports), ...instructionsFrom(sources)],
      lifetime,
    )
    yield* simulate(rpc, transaction)
    return {
      transaction,
      computeUnitLimit,
      computeUnitPriceMicroLamports: Solana.computeUnitPriceMicroLamports,
      createsRecipientTokenAccount,
      blockhash: lifetime.blockhash,
    }
  })
