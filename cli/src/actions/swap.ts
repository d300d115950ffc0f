import { swapMessages } from "@appkit/core"
import { BlockchainApi, isSwapNetwork } from "@appkit/core/effect"
import { formatUnits, MAX_DECIMALS } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { formatFields } from "../fields"
import { readAmount, readChain, readEvmAddress } from "../inputs"
import { CliError, invalidInput } from "../output"

interface QuoteOptions extends ApiOptions {
  readonly chain: string
  readonly from: string
  readonly to: string
  readonly amount: string
  readonly address: string
}

export const quoteAction = (options: QuoteOptions) => {
  // Checked before any request; the amount's precision is checked once the token's decimals are known.
  const chain = readChain(options.chain, "--chain", "eip155").caip2
  if (!isSwapNetwork(chain)) throw invalidInput(`--chain: ${swapMessages.swapNetworkUnsupported}`)
  const address = readEvmAddress(options.address, "--address")
  readAmount(options.amount, MAX_DECIMALS, { positive: true })
  return runApiCommand(
    options,
    "Fetching swap quote",
    Effect.gen(function* () {
      const api = yield* BlockchainApi
      const { tokens } = yield* api.swapTokens({ chainId: chain })
      // Tokens by symbol (case-insensitive), CAIP-10 id or bare contract address.
      const find = (wanted: string, flag: string) => {
        const needle = wanted.toLowerCase()
        const token = tokens.find(
          (candidate) =>
            candidate.symbol.toLowerCase() === needle ||
            candidate.address.toLowerCase() === needle ||
            candidate.address.toLowerCase().endsWith(`:${needle}`),
        )
        return token
          ? Effect.succeed(token)
          : Effect.fail(
              invalidInput(
                `Unknown token for ${flag} '${wanted}' on ${chain} (known: ${tokens.map((t) => t.symbol).join(", ")})`,
              ),
            )
      }
      const from = yield* find(options.from, "--from")
      const to = yield* find(options.to, "--to")
      const units = yield* Effect.try({
        try: () => readAmount(options.amount, from.decimals, { positive: true }),
        catch: (error) => error as CliError,
      })
      const gas = yield* api.gasPrice({ chainId: chain })
      const { quotes } = yield* api.swapQuotes({
        chainId: chain,
        amount: units.toString(),
        userAddress: `${chain}:${address}`,
        from: from.address,
        to: to.address,
        gasPrice: gas.standard,
      })
      const quote = quotes[0]
      if (!quote)
        return yield* Effect.fail(
          new CliError(`No quote for ${from.symbol} → ${to.symbol} on ${chain}`, { code: "NoQuote" }),
        )
      const format = (value: string, decimals: number) =>
        Result.getOrElse(formatUnits(BigInt(value), decimals), () => value)
      const token = (entry: typeof from) => ({
        symbol: entry.symbol,
        token: entry.address,
        decimals: entry.decimals,
      })
      return {
        json: {
          chainId: chain,
          from: token(from),
          to: token(to),
          fromAmount: format(quote.fromAmount, from.decimals),
          fromAmountUnits: quote.fromAmount,
          toAmount: format(quote.toAmount, to.decimals),
          toAmountUnits: quote.toAmount,
          gasPriceUnits: gas,
        },
        lines: formatFields([
          ["You pay", `${format(quote.fromAmount, from.decimals)} ${from.symbol}`],
          ["You receive", `${format(quote.toAmount, to.decimals)} ${to.symbol}`],
          ["Gas price", `${format(gas.standard, 9)} gwei`],
        ]),
      }
    }),
  )
}
