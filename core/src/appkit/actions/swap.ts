import { Effect, Result, SubscriptionRef } from "effect"
import type { SwapToken } from "../../api/blockchain/schemas"
import type { EvmError } from "../../chains/evm/errors"
import type { Token } from "../../domain/token"
import type { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { ConnectionError } from "../../errors/connection"
import type { NodeError } from "../../errors/nodeErrors"
import { SwapTokenNotFoundError } from "../../errors/swapFlow"
import { toastForWalletError } from "../../errors/toasts"
import { Account } from "../../state/Account"
import { AccountData } from "../../state/AccountData"
import { heldAmountProblem, nativeMax } from "../../state/heldAmount"
import { Network } from "../../state/Network"
import { Swap } from "../../state/Swap"
import { findSwapToken, isNativeSwapToken, type SwapRequest } from "../../state/swapFlow"
import { Toast } from "../../state/Toast"
import { formatUnits, parseUnits } from "../../validation/amount"
import { connectedEvmClients } from "./evmClients"
import { refreshNodeBalance } from "./submitSend"

type SenderError = EvmError | NodeError | TransactionConfirmationTimeout

/** A token of the swap list with what the connected account holds of it, as its Tokens tab shows it. */
export interface SwapTokenChoice {
  readonly token: SwapToken
  /** Decimal amount held ("0" when the account holds none). */
  readonly balance: string
}

/**
 * The swap list with the account's balances (the Tokens tab's figures): the native coin is the balance row
 * without an address, a token the row with its CAIP-10 address (addresses compared in any case). Held tokens
 * come first, in the list's order, so the picker opens on what can be sold.
 */
export const withBalances = (
  tokens: ReadonlyArray<SwapToken>,
  balances: ReadonlyArray<Token>,
): ReadonlyArray<SwapTokenChoice> => {
  const choices = tokens.map((token) => ({
    token,
    balance: balanceRowOf(token, balances)?.quantity.numeric ?? "0",
  }))
  const held = (choice: SwapTokenChoice) => Number(choice.balance) > 0
  return [...choices.filter(held), ...choices.filter((choice) => !held(choice))]
}

/** The balance row of a swap token: the native coin's is the row without an address (addresses in any case). */
const balanceRowOf = (token: SwapToken, balances: ReadonlyArray<Token>): Token | undefined =>
  balances.find((row) =>
    isNativeSwapToken(token)
      ? row.address === undefined
      : row.address?.toLowerCase() === token.address.toLowerCase(),
  )

/** The active network's swap tokens with the connected account's balance of each. */
export const swapTokenChoices = Effect.gen(function* () {
  const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
  const tokens = yield* (yield* Swap).tokens(caipNetwork.caipNetworkId)
  const account = (yield* SubscriptionRef.get((yield* Account).state)).byNamespace[caipNetwork.chainNamespace]
  return withBalances(tokens, account?.tokenBalance ?? [])
})

/** What the swap view asks for: the tokens (symbol, CAIP-10 id or address) and the decimal amount to sell. */
export type QuoteSwapParameters = Pick<SwapRequest, "from" | "to" | "amount">

/** A quote on the active network for the connected eip155 account ('Connector not connected.' without one). */
export const quoteSwap = (parameters: QuoteSwapParameters) =>
  Effect.gen(function* () {
    const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
    const { wallet } = yield* connectedEvmClients(caipNetwork)
    return yield* (yield* Swap).quote({
      ...parameters,
      chainId: caipNetwork.caipNetworkId,
      userAddress: wallet.address,
    })
  })

/**
 * The most of `from` the swap form's Max sells for `to`: a token's whole balance row (its fee is paid in the
 * native coin); the native coin's balance row less the swap's fee as executeSwap pays it: the gas limit the
 * convert endpoints build the swap of the whole balance with (the call, not the amount, sets it), at the node's
 * gas price. A balance that does not cover that fee fails with FeeExceedsBalanceError (Max is 0).
 */
export const swapMax = (parameters: Pick<QuoteSwapParameters, "from" | "to">) =>
  Effect.gen(function* () {
    const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
    const chainId = caipNetwork.caipNetworkId
    const swap = yield* Swap
    const tokens = yield* swap.tokens(chainId)
    const find = (wanted: string) => {
      const token = findSwapToken(tokens, wanted)
      return token === undefined
        ? Effect.fail(
            new SwapTokenNotFoundError({ token: wanted, chainId, known: tokens.map((t) => t.symbol) }),
          )
        : Effect.succeed(token)
    }
    const from = yield* find(parameters.from)
    const { byNamespace } = yield* SubscriptionRef.get((yield* Account).state)
    const balance = balanceRowOf(from, byNamespace.eip155?.tokenBalance ?? [])?.quantity.numeric ?? "0"
    if (!isNativeSwapToken(from)) return balance
    const held = yield* Effect.fromResult(parseUnits(balance, from.decimals))
    if (held === 0n) return balance
    const to = yield* find(parameters.to)
    const { wallet, evm, node } = yield* connectedEvmClients(caipNetwork)
    const gasPrice = yield* evm.nodeGasPrice(node)
    const feeOf = (amountUnits: bigint) =>
      Effect.map(
        swap.build({ chainId, from, to, amountUnits, userAddress: wallet.address }),
        ({ gas }) => gas * gasPrice,
      )
    // The calldata (the slippage bound) varies with the amount, and its gas with it: the fee is checked again for
    // the amount Max gives, until it is covered (at most a few rounds, each a build; the last one is kept).
    let fee = yield* feeOf(held)
    for (let round = 0; round < maxFeeRounds; round++) {
      if (fee >= held) break
      const refined = yield* feeOf(held - fee)
      if (refined <= fee) break
      fee = refined
    }
    return yield* Effect.fromResult(nativeMax(held, fee, from.decimals, from.symbol))
  })

/** How many times swapMax prices the swap of the amount it gives again (each a build by the convert endpoints). */
const maxFeeRounds = 3

/**
 * Executes the quote on show through the connected wallet (approval first when the allowance is short), unless
 * it sells more than the account's balance row of the token shows (InsufficientBalanceError, nothing sent); waits
 * for each receipt (§9: 25 s), then refreshes the balances so both tokens show their new amounts. Each transaction
 * is priced at the node's gas price, as a send is, so a Max swap pays the fee swapMax left. A wallet refusal shows
 * 'Signature declined', as a send does.
 */
export const executeSwap = Effect.gen(function* () {
  const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
  const swap = yield* Swap
  const { quote } = yield* SubscriptionRef.get(swap.state)
  if (quote !== undefined && quote.chainId !== caipNetwork.caipNetworkId)
    return yield* new ConnectionError({ reason: "connectorChainMismatch" })
  const { wallet, evm, walletClient, node } = yield* connectedEvmClients(caipNetwork)
  // More than the account holds would cost an approval's gas before the API refuses to build the swap.
  if (quote !== undefined) {
    const { byNamespace } = yield* SubscriptionRef.get((yield* Account).state)
    const held = balanceRowOf(quote.from, byNamespace.eip155?.tokenBalance ?? [])
    const amount = Result.getOrUndefined(formatUnits(quote.fromAmountUnits, quote.from.decimals))
    const problem = held && amount && heldAmountProblem(amount, held)
    if (problem) return yield* problem
  }
  const toast = yield* Toast
  const sender = evm.evmTransactionSender({
    client: walletClient,
    signer: wallet.address as `0x${string}`,
    node,
    pricedByNode: true,
  })
  const outcome = yield* swap.execute<SenderError>(sender).pipe(
    Effect.tapError((error) => {
      const key = toastForWalletError(error)
      return key === undefined ? Effect.void : toast.showCatalogue(key)
    }),
  )
  // Both tokens moved: their rows are read again past the 30 s balance caches.
  const moved = quote === undefined ? undefined : `${quote.from.address},${quote.to.address}`
  yield* (yield* AccountData).refreshBalance("eip155", moved)
  yield* refreshNodeBalance
  return outcome
})
