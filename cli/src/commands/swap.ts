import type { Command } from "commander"
import { type ApiOptions, runApiCommand, withApiOptions } from "../api-options"
import { formatFields } from "../fields"
import { CliError } from "../output"

/** `appkit-cli swap quote`: what a swap would give, priced by the Blockchain API's convert endpoints. */
interface QuoteOptions extends ApiOptions {
  readonly chain: string
  readonly from: string
  readonly to: string
  readonly amount: string
  readonly address: string
}

const quoteAction = (options: QuoteOptions) =>
  runApiCommand(options, "Fetching swap quote", ({ core, effect: { Effect, Result } }) =>
    Effect.gen(function* () {
      const api = yield* core.BlockchainApi
      const { tokens } = yield* api.swapTokens({ chainId: options.chain })
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
              new CliError(
                `Unknown token for ${flag} '${wanted}' on ${options.chain} (known: ${tokens.map((t) => t.symbol).join(", ")})`,
              ),
            )
      }
      const from = yield* find(options.from, "--from")
      const to = yield* find(options.to, "--to")
      const parsed = core.parseUnits(options.amount, from.decimals)
      if (Result.isFailure(parsed) || parsed.success <= 0n)
        return yield* Effect.fail(
          new CliError(
            `Invalid --amount '${options.amount}': a positive amount with at most ${from.decimals} decimals`,
          ),
        )
      const units = parsed.success
      const gas = yield* api.gasPrice({ chainId: options.chain })
      const { quotes } = yield* api.swapQuotes({
        chainId: options.chain,
        amount: units.toString(),
        userAddress: `${options.chain}:${options.address}`,
        from: from.address,
        to: to.address,
        gasPrice: gas.standard,
      })
      const quote = quotes[0]
      if (!quote)
        return yield* Effect.fail(
          new CliError(`No quote for ${from.symbol} → ${to.symbol} on ${options.chain}`),
        )
      const format = (value: string, decimals: number) =>
        Result.getOrElse(core.formatUnits(BigInt(value), decimals), () => value)
      const toAmount = format(quote.toAmount, to.decimals)
      return {
        json: {
          chainId: options.chain,
          from,
          to,
          fromAmount: quote.fromAmount,
          toAmount: quote.toAmount,
          gasPrice: gas,
        },
        lines: formatFields([
          ["You pay", `${format(quote.fromAmount, from.decimals)} ${from.symbol}`],
          ["You receive", `${toAmount} ${to.symbol}`],
          ["Gas price", `${format(gas.standard, 9)} gwei`],
        ]),
      }
    }),
  )

export const register = (program: Command): void => {
  const swap = program.command("swap").description("Token swaps on the 12 supported EVM networks")
  withApiOptions(
    swap
      .command("quote")
      .description("Quote a swap: how much --to token --amount of --from token buys")
      .requiredOption("--chain <caip2>", "EVM chain as a CAIP-2 id, e.g. eip155:1")
      .requiredOption("--from <token>", "token to sell: symbol, CAIP-10 id or contract address")
      .requiredOption("--to <token>", "token to buy: symbol, CAIP-10 id or contract address")
      .requiredOption("--amount <decimal>", "amount of --from token, e.g. 1.5")
      .requiredOption("--address <address>", "the swapping account"),
  ).action(quoteAction)
}
