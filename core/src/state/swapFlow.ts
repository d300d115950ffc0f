import { Duration, Effect, Ref, Schema } from "effect"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import type { GasPrice, SwapToken } from "../api/blockchain/schemas"
import { isSwapNetwork } from "../api/blockchain/swapNetworks"
import { Limits, Timings } from "../config/constants"
import { AppKitError } from "../domain/appKitError"
import { swapPriceImpact } from "../domain/swapPriceImpact"
import { TransactionConfirmationTimeout } from "../errors/confirmation"
import { InvalidParameterError } from "../errors/parameters"
import {
  AllowanceNotGrantedError,
  InvalidSwapTransactionError,
  NoSwapQuoteError,
  PendingTransactionsLimitError,
  SwapRevertedError,
  SwapTokenNotFoundError,
} from "../errors/swapFlow"
import { SwapError } from "../errors/transfer"
import { InvalidAmountError, parseUnits } from "../validation/amount"

/**
 * The swap flow of §1/§5/§9 on the convert endpoints (provider 1inch): tokens, quote, allowance → approve when
 * needed → build with slippage 1 → send → receipt (25 s) — written once for every caller. The app sends through
 * the connected wallet, the CLI through a local key or its WalletConnect session: both hand in a SwapSigner.
 */

/** 1inch names a network's native coin with this placeholder contract; it needs no allowance. */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

/** A token of the list by symbol (any case), CAIP-10 id or bare contract address. */
export const findSwapToken = (tokens: ReadonlyArray<SwapToken>, wanted: string): SwapToken | undefined => {
  const needle = wanted.trim().toLowerCase()
  return (
    tokens.find((token) => token.symbol.toLowerCase() === needle) ??
    tokens.find(
      (token) => token.address.toLowerCase() === needle || token.address.toLowerCase().endsWith(`:${needle}`),
    )
  )
}

const contractOf = (token: SwapToken): string => token.address.split(":").at(-1)?.toLowerCase() ?? ""
export const isNativeSwapToken = (token: SwapToken): boolean => contractOf(token) === NATIVE_TOKEN_ADDRESS

export interface SwapRequest {
  /** CAIP-2, one of the 12 swap networks. */
  readonly chainId: string
  /** Token to sell, token to buy: symbol, CAIP-10 id or contract address. */
  readonly from: string
  readonly to: string
  /** Decimal amount of `from`, in whole units ("10", "0.5"). */
  readonly amount: string
  /** The swapping account (0x address). */
  readonly userAddress: string
}

export interface SwapQuote {
  readonly chainId: string
  readonly userAddress: string
  readonly from: SwapToken
  readonly to: SwapToken
  readonly fromAmountUnits: bigint
  readonly toAmountUnits: bigint
  readonly gasPrice: GasPrice
  /** The share of the value paid lost to the trade (swapPriceImpact); undefined when the prices are unknown. */
  readonly priceImpact: number | undefined
}

/** Everything a swap can fail with before a transaction is sent. */
export type SwapQuoteError = Effect.Error<ReturnType<typeof quoteSwap>>

/**
 * The USD prices of both tokens (POST /v1/fungible/price, matched by symbol: its answer names no address).
 * Prices only inform the price impact shown, so a failed or partial answer means none, never a failed quote.
 */
const marketPrices = (api: BlockchainApiShape, from: SwapToken, to: SwapToken) =>
  api.fungiblePrice({ addresses: [from.address, to.address] }).pipe(
    Effect.map(({ fungibles }) => {
      const priceOf = (token: SwapToken) =>
        fungibles.find((entry) => entry.symbol.toLowerCase() === token.symbol.toLowerCase())?.price
      const [fromPrice, toPrice] = [priceOf(from), priceOf(to)]
      return fromPrice === undefined || toPrice === undefined ? undefined : { from: fromPrice, to: toPrice }
    }),
    Effect.orElseSucceed(() => undefined),
  )

/** Checks the network first (§5), then finds both tokens (two different ones), reads the gas price and asks for a quote. */
export const quoteSwap = Effect.fn("Swap.quote")(function* (request: SwapRequest) {
  const { chainId } = request
  if (!isSwapNetwork(chainId)) return yield* new SwapError({ reason: "swapNetworkUnsupported" })
  const api = yield* BlockchainApi
  const { tokens } = yield* api.swapTokens({ chainId })
  const known = tokens.map((token) => token.symbol)
  const find = (wanted: string) => {
    const token = findSwapToken(tokens, wanted)
    return token === undefined
      ? Effect.fail(new SwapTokenNotFoundError({ token: wanted, chainId, known }))
      : Effect.succeed(token)
  }
  const from = yield* find(request.from)
  const to = yield* find(request.to)
  if (contractOf(to) === contractOf(from))
    return yield* new InvalidParameterError({
      parameter: "to",
      expected: `a token other than the one sold (${from.symbol})`,
    })
  const fromAmountUnits = yield* Effect.fromResult(parseUnits(request.amount.trim(), from.decimals))
  if (fromAmountUnits <= 0n) return yield* new InvalidAmountError({ input: request.amount })
  const gasPrice = yield* api.gasPrice({ chainId })
  const { quotes } = yield* api.swapQuotes({
    chainId,
    amount: fromAmountUnits.toString(),
    userAddress: `${chainId}:${request.userAddress}`,
    from: from.address,
    to: to.address,
    gasPrice: gasPrice.standard,
  })
  const quote = quotes[0]
  if (quote === undefined) return yield* new NoSwapQuoteError({ from: from.symbol, to: to.symbol })
  const toAmountUnits = BigInt(quote.toAmount)
  const prices = yield* marketPrices(api, from, to)
  return {
    chainId,
    userAddress: request.userAddress,
    from,
    to,
    fromAmountUnits,
    toAmountUnits,
    gasPrice,
    priceImpact:
      prices &&
      swapPriceImpact({
        fromAmountUnits,
        fromDecimals: from.decimals,
        fromPrice: prices.from,
        toAmountUnits,
        toDecimals: to.decimals,
        toPrice: prices.to,
      }),
  } satisfies SwapQuote
})

/**
 * The quote was executed again while its execution is under way (a double click): it would approve and swap
 * twice. Here rather than in errors/swapFlow, so that its code loads with the flow, not with the app.
 */
export class SwapInProgressError extends AppKitError(
  Schema.TaggedError<SwapInProgressError>()("SwapInProgressError", {}),
) {
  override get message(): string {
    return "A swap is already under way"
  }
}

/** A transaction the convert endpoints built, checked and ready for a wallet. */
export interface SwapTransaction {
  readonly to: `0x${string}`
  readonly data: `0x${string}`
  readonly value: bigint
  readonly gas: bigint
}

/** Who sends the approval and the swap, and where their receipts are read (the port the callers implement). */
export interface SwapSigner<E> {
  readonly address: string
  readonly sendTransaction: (transaction: SwapTransaction) => Effect.Effect<string, E>
  readonly waitForReceipt: (hash: string) => Effect.Effect<"success" | "reverted", E>
}

export type SwapStep = "allowance" | "approve" | "swap"

export interface SwapOutcome {
  readonly approveHash: string | undefined
  readonly swapHash: string
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/
const hexPattern = /^0x(?:[0-9a-fA-F]{2})*$/

/** The built transaction as the wallet will see it; anything odd is refused before it gets there. */
const checkedTransaction = (
  step: "approve" | "swap",
  signer: string,
  tx: { readonly from: string; readonly to: string; readonly data: string },
  value: string,
  gas: string | number,
): Effect.Effect<SwapTransaction, InvalidSwapTransactionError> => {
  const invalid = (problem: string) => Effect.fail(new InvalidSwapTransactionError({ step, problem }))
  if (tx.from.toLowerCase() !== signer.toLowerCase())
    return invalid(`it is from ${tx.from}, not the swapping account ${signer}`)
  if (!addressPattern.test(tx.to)) return invalid(`its target '${tx.to}' is not a contract address`)
  if (!hexPattern.test(tx.data) || tx.data.length <= 2) return invalid("its calldata is not hex bytes")
  return Effect.succeed({
    to: tx.to as `0x${string}`,
    data: tx.data as `0x${string}`,
    value: BigInt(value),
    gas: BigInt(gas),
  })
}

/** What a swap transaction is built for: `amountUnits` of `from` sold for `to` by `userAddress`. */
export interface SwapBuildRequest {
  readonly chainId: string
  readonly from: SwapToken
  readonly to: SwapToken
  readonly amountUnits: bigint
  readonly userAddress: string
}

/** The swap transaction the convert endpoints build for the request, with the §9 slippage (1 %), checked. */
export const buildSwap = (request: SwapBuildRequest) =>
  Effect.gen(function* () {
    const { chainId, from, to, amountUnits, userAddress } = request
    const { tx } = yield* (yield* BlockchainApi).buildTransaction({
      chainId,
      amount: amountUnits.toString(),
      from: from.address,
      to: to.address,
      userAddress,
      slippage: Limits.swapSlippagePercent,
    })
    return yield* checkedTransaction("swap", userAddress, tx, tx.amount, tx.eip155.gas)
  })

/**
 * At most `limit` transactions (§9: 99) wait for a receipt at once; one more is refused rather than queued,
 * so a user clicking again and again cannot pile up transactions they no longer see.
 */
export interface PendingTransactions {
  readonly count: Ref.Ref<number>
  readonly track: <A, E, R>(
    transaction: Effect.Effect<A, E, R>,
  ) => Effect.Effect<A, E | PendingTransactionsLimitError, R>
}

export const makePendingTransactions = (
  limit: number = Limits.pendingTransactions,
): Effect.Effect<PendingTransactions> =>
  Effect.map(Ref.make(0), (count) => ({
    count,
    track: (transaction) =>
      Effect.uninterruptibleMask((restore) =>
        Effect.gen(function* () {
          const admitted = yield* Ref.modify(count, (n) => (n < limit ? [true, n + 1] : [false, n]))
          if (!admitted) return yield* new PendingTransactionsLimitError({ limit })
          return yield* restore(transaction).pipe(Effect.ensuring(Ref.update(count, (n) => n - 1)))
        }),
      ),
  }))

/** Sends one built transaction and waits for its receipt, bounded by the §9 confirmation timeout (25 s). */
const sendAndConfirm = <E>(signer: SwapSigner<E>, step: "approve" | "swap", transaction: SwapTransaction) =>
  Effect.gen(function* () {
    const hash = yield* signer.sendTransaction(transaction)
    const status = yield* signer.waitForReceipt(hash).pipe(
      Effect.timeoutOrElse({
        duration: Timings.transactionConfirmationTimeout,
        orElse: () =>
          Effect.fail(
            new TransactionConfirmationTimeout({
              hash,
              timeoutMs: Duration.toMillis(Timings.transactionConfirmationTimeout),
            }),
          ),
      }),
    )
    if (status !== "success") return yield* new SwapRevertedError({ step, hash })
    return hash
  })

export interface ExecuteSwapOptions {
  /** Told as each step starts, for a view's progress or a CLI's spinner. */
  readonly onStep?: ((step: SwapStep) => Effect.Effect<void>) | undefined
  /** The app's shared limit; a fresh one per call when absent. */
  readonly pending?: PendingTransactions | undefined
}

/**
 * Executes a quote: reads the allowance (none for the native coin), approves when it is below the amount and
 * reads it again (the state is re-checked after the wait), builds the swap with the §9 slippage (1 %), sends
 * it and waits for its receipt.
 */
export const executeSwap = <E>(quote: SwapQuote, signer: SwapSigner<E>, options: ExecuteSwapOptions = {}) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const onStep = options.onStep ?? (() => Effect.void)
    const pending = options.pending ?? (yield* makePendingTransactions())
    const { chainId, from, to, fromAmountUnits } = quote
    const userAddress = signer.address
    // Called for each read: the allowance is read again after the approval's receipt, never reused.
    const readAllowance = () =>
      Effect.map(api.allowance({ chainId, tokenAddress: from.address, userAddress }), ({ allowance }) =>
        BigInt(allowance),
      )
    let approveHash: string | undefined
    if (!isNativeSwapToken(from)) {
      yield* onStep("allowance")
      if ((yield* readAllowance()) < fromAmountUnits) {
        yield* onStep("approve")
        const { tx } = yield* api.buildApprove({ chainId, userAddress, from: from.address, to: to.address })
        const approve = yield* checkedTransaction("approve", userAddress, tx, tx.value, tx.eip155.gas)
        approveHash = yield* pending.track(sendAndConfirm(signer, "approve", approve))
        const granted = yield* readAllowance()
        if (granted < fromAmountUnits)
          return yield* new AllowanceNotGrantedError({
            allowance: granted.toString(),
            amount: fromAmountUnits.toString(),
          })
      }
    }
    yield* onStep("swap")
    const swap = yield* buildSwap({ chainId, from, to, amountUnits: fromAmountUnits, userAddress })
    const swapHash = yield* pending.track(sendAndConfirm(signer, "swap", swap))
    return { approveHash, swapHash } satisfies SwapOutcome
  }).pipe(Effect.withSpan("Swap.execute"))
