import { formatPriceImpact, type SwapQuote, swapMessages } from "@appkit/core"
import {
  type ApiServices,
  executeSwap,
  heldAmountProblem,
  isNativeSwapToken,
  isSwapNetwork,
  quoteSwap,
} from "@appkit/core/effect"
import { formatUnits, MAX_DECIMALS } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import type { ApiOptions } from "../api-options"
import { cliApiLayer, runApiCommand } from "../api-run"
import { readDuration } from "../duration"
import type { EvmTargetOptions, LocalSignerOptions } from "../evmOptions"
import { formatFields } from "../fields"
import { readAmount, readChain, readEvmAddress } from "../inputs"
import { CliError, ExitCode, invalidInput, printJson, printLine } from "../output"
import { transactionCount } from "../sentUnconfirmed"
import { SentTransactions } from "./swapSent"

/**
 * `appkit-cli swap quote` and `appkit-cli swap --from A --to B --amount N [--execute]`: the core's swap flow
 * (the 12 swap networks, the convert endpoints' tokens, quote, allowance → approve → build with slippage 1 →
 * send → receipt). Without --execute nothing is signed.
 */

interface QuoteOptions extends ApiOptions {
  readonly chain: string
  readonly from: string
  readonly to: string
  readonly amount: string
  readonly address: string
}

const format = (units: bigint, decimals: number) =>
  Result.getOrElse(formatUnits(units, decimals), () => units.toString())

const tokenView = (token: SwapQuote["from"]) => ({
  symbol: token.symbol,
  token: token.address,
  decimals: token.decimals,
})

const quoteJson = (quote: SwapQuote) => ({
  chainId: quote.chainId,
  from: tokenView(quote.from),
  to: tokenView(quote.to),
  fromAmount: format(quote.fromAmountUnits, quote.from.decimals),
  fromAmountUnits: quote.fromAmountUnits.toString(),
  toAmount: format(quote.toAmountUnits, quote.to.decimals),
  toAmountUnits: quote.toAmountUnits.toString(),
  gasPriceUnits: quote.gasPrice,
  // A percentage as the text view shows it ("0.31%"): the output contract has no fractional JSON numbers.
  priceImpact: quote.priceImpact === undefined ? null : formatPriceImpact(quote.priceImpact),
})

const quoteLines = (quote: SwapQuote) =>
  formatFields([
    ["You pay", `${format(quote.fromAmountUnits, quote.from.decimals)} ${quote.from.symbol}`],
    ["You receive", `${format(quote.toAmountUnits, quote.to.decimals)} ${quote.to.symbol}`],
    [
      "Price impact",
      quote.priceImpact === undefined ? "unknown (no market price)" : formatPriceImpact(quote.priceImpact),
    ],
    ["Gas price", `${format(BigInt(quote.gasPrice.standard), 9)} gwei`],
  ])

/** The core's quote, its input errors told as the flags that caused them (exit 1). */
const quoteFor = (
  options: { readonly from: string; readonly to: string; readonly amount: string },
  chainId: string,
  userAddress: string,
) =>
  quoteSwap({ chainId, from: options.from, to: options.to, amount: options.amount, userAddress }).pipe(
    Effect.mapError((error) => {
      switch (error._tag) {
        case "SwapTokenNotFoundError":
          return invalidInput(
            `Unknown token for ${error.token === options.from ? "--from" : "--to"} '${error.token}' on ${chainId} (known: ${error.known.join(", ")})`,
          )
        case "InvalidAmountError":
        case "AmountPrecisionError":
          return invalidInput(`--amount: ${error.message}`)
        case "InvalidParameterError":
          return invalidInput(
            `--to '${options.to}' is the token sold (--from '${options.from}'): pick another token to buy`,
          )
        default:
          return error
      }
    }),
  )

/** Refused before any request: a network without swaps (§5), an amount that is not a positive decimal. */
const checkedChainAndAmount = (chain: string, amount: string) => {
  const caip2 = readChain(chain, "--chain", "eip155").caip2
  if (!isSwapNetwork(caip2)) throw invalidInput(`--chain: ${swapMessages.swapNetworkUnsupported}`)
  readAmount(amount, MAX_DECIMALS, { positive: true })
  return caip2
}

export const quoteAction = (options: QuoteOptions) => {
  const chain = checkedChainAndAmount(options.chain, options.amount)
  const address = readEvmAddress(options.address, "--address")
  return runApiCommand(
    options,
    "Fetching swap quote",
    Effect.map(quoteFor(options, chain, address), (quote) => ({
      json: quoteJson(quote),
      lines: quoteLines(quote),
    })),
  )
}

interface SwapOptions extends ApiOptions, EvmTargetOptions, LocalSignerOptions {
  readonly from: string
  readonly to: string
  readonly amount: string
  readonly address?: string | undefined
  readonly execute?: boolean | undefined
}

/**
 * Quotes on the node's chain (or --chain, checked against the node); with --execute, sends the approval when
 * the allowance is short and the swap, each awaited to its receipt (§9: 25 s), then reads both tokens'
 * balances from the node. The signer is a local key when given, else the stored WalletConnect session.
 */
export const swapAction = async (options: SwapOptions): Promise<void> => {
  if (options.chain !== undefined) checkedChainAndAmount(options.chain, options.amount)
  else readAmount(options.amount, MAX_DECIMALS, { positive: true })
  const given = options.address === undefined ? undefined : readEvmAddress(options.address, "--address")
  // One --timeout bounds each API request and, through a connected wallet, the relay check and each request.
  const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const [
    { resolveEvmTarget },
    { prepareCommandAccount, prepareCommandSigner },
    { evmTransactionSender, getNativeBalance, getTokenBalance },
  ] = await Promise.all([import("../evmTarget"), import("../signer"), import("@appkit/core/evm")])
  // A local key is read (and a bad one refused) before the node is asked, as every other argument is. A quote
  // needs the account's address only: a connected keystore is opened (its password asked) only to --execute.
  const prepared = options.execute
    ? { execute: true as const, openSigner: await prepareCommandSigner(options) }
    : { execute: false as const, accountOf: await prepareCommandAccount(options) }
  const target = await resolveEvmTarget(options)
  if (!isSwapNetwork(target.caip2))
    throw invalidInput(`${target.caip2}: ${swapMessages.swapNetworkUnsupported}`)
  const { api } = cliApiLayer(options)
  const run = <A, E>(program: Effect.Effect<A, E, ApiServices>) =>
    Effect.runPromise(Effect.provide(program, api))

  if (!prepared.execute) {
    // A quote needs an account but no signature: --address, else the signer's address.
    const address = given ?? (await prepared.accountOf({ chainId: target.caip2, requestTimeoutMs })).address
    const quote = await run(quoteFor(options, target.caip2, address))
    if (options.json) printJson({ ...quoteJson(quote), executed: false })
    else for (const line of [...quoteLines(quote), "", "Add --execute to swap."]) printLine(line)
    return
  }

  const signer = await prepared.openSigner({ chainId: target.caip2, requestTimeoutMs })
  try {
    if (given !== undefined && given.toLowerCase() !== signer.address.toLowerCase())
      throw invalidInput(`--address ${given} is not the signer's account ${signer.address}`)
    const quote = await run(quoteFor(options, target.caip2, signer.address))
    const contract = (token: SwapQuote["from"]) => token.address.split(":").at(-1) as `0x${string}`
    // "Refresh balances": read from the node, which has the receipts, not from an indexer that may lag.
    const balanceOf = (token: SwapQuote["from"]) =>
      Effect.runPromise(
        isNativeSwapToken(token)
          ? getNativeBalance(target.client, signer.address)
          : getTokenBalance(target.client, contract(token), signer.address),
      )
    // More than the account holds would cost an approval's gas before the API refuses to build the swap.
    const { from } = quote
    const problem = heldAmountProblem(format(quote.fromAmountUnits, from.decimals), {
      symbol: from.symbol,
      quantity: { decimals: String(from.decimals), numeric: format(await balanceOf(from), from.decimals) },
      price: 0,
    })
    if (problem) throw new CliError(problem.message, { exitCode: ExitCode.invalid, code: problem._tag })
    if (!options.json) for (const line of quoteLines(quote)) printLine(line)
    const sent = new SentTransactions()
    const sender = sent.recording<unknown>(
      evmTransactionSender({
        client: signer.wallet ?? target.client,
        signer: signer.signer,
        node: target.client,
      }),
      (step, hash) =>
        options.json ? undefined : printLine(`${step === "approve" ? "Approval" : "Swap"} sent ${hash}`),
      () => transactionCount(target.client, signer.address),
    )
    const outcome = await run(
      executeSwap(quote, sender, {
        onStep: (step) =>
          Effect.sync(() => {
            sent.step = step
            if (!options.json)
              printLine(step === "allowance" ? "Checking the allowance…" : `Sending the ${step}…`)
          }),
      }),
    ).catch((error: unknown) => {
      throw sent.failure(signer.explainFailure(error))
    })
    const [fromBalance, toBalance] = await Promise.all([balanceOf(quote.from), balanceOf(quote.to)])
    if (options.json)
      printJson({
        ...quoteJson(quote),
        executed: true,
        approveHash: outcome.approveHash ?? null,
        swapHash: outcome.swapHash,
        balances: {
          from: { units: fromBalance.toString(), formatted: format(fromBalance, quote.from.decimals) },
          to: { units: toBalance.toString(), formatted: format(toBalance, quote.to.decimals) },
        },
      })
    else
      for (const line of formatFields([
        ["Approval", outcome.approveHash ?? "not needed"],
        ["Swap", outcome.swapHash],
        [`${quote.from.symbol} balance`, format(fromBalance, quote.from.decimals)],
        [`${quote.to.symbol} balance`, format(toBalance, quote.to.decimals)],
      ]))
        printLine(line)
  } finally {
    await signer.close()
  }
}
