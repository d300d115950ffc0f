import {
  BlockchainApi,
  isMockedOnrampQuote,
  isSampleOnrampOptions,
  isWithinPaymentLimits,
} from "@appkit/core/effect"
import { Effect } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { formatFields } from "../fields"
import { CliError, invalidInput } from "../output"
import { formatTable } from "../table"

/**
 * `appkit-cli onramp options|quote`: buying crypto with fiat. When the API fails, the core falls back as the
 * app does (§8: built-in sample options, a mocked quote). A script must not take those for real answers, so
 * by default the command fails (exit 2, one line); `--allow-fallback` prints them, said plainly.
 */

const FALLBACK_NOTE = "The onramp API was unavailable: showing the built-in sample options."

interface OnrampOptions extends ApiOptions {
  readonly allowFallback?: boolean | undefined
}

const unavailable = (what: string) =>
  new CliError(
    `The onramp API did not answer with ${what}; --allow-fallback shows the app's built-in fallback instead`,
    { code: "OnrampUnavailable" },
  )

export const optionsAction = (options: OnrampOptions) =>
  runApiCommand(
    options,
    "Fetching onramp options",
    BlockchainApi.use((api) => api.onrampOptions).pipe(
      Effect.filterOrFail(
        (onramp) => options.allowFallback === true || !isSampleOnrampOptions(onramp),
        () => unavailable("options"),
      ),
      Effect.map((onramp) => {
        const fallback = isSampleOnrampOptions(onramp)
        type Purchase = (typeof onramp.purchaseCurrencies)[number]
        const limits = onramp.paymentCurrencies.flatMap((currency) =>
          currency.payment_method_limits.map((limit) => ({ currency: currency.id, ...limit })),
        )
        return {
          json: { ...onramp, fallback },
          lines: [
            ...(fallback ? [FALLBACK_NOTE, ""] : []),
            ...formatTable(
              [
                { header: "Buy", cell: (row: Purchase) => row.symbol },
                { header: "Name", cell: (row) => row.name },
                { header: "Networks", cell: (row) => row.networks.map((network) => network.name).join(", ") },
              ],
              onramp.purchaseCurrencies,
            ),
            "",
            ...formatTable(
              [
                { header: "Pay", cell: (row: (typeof limits)[number]) => row.currency },
                { header: "Method", cell: (row) => row.id },
                { header: "Min", cell: (row) => row.min, align: "right" },
                { header: "Max", cell: (row) => row.max, align: "right" },
              ],
              limits,
            ),
          ],
        }
      }),
    ),
  )

interface QuoteOptions extends OnrampOptions {
  readonly buy: string
  readonly pay: string
  readonly amount: string
  readonly network?: string | undefined
}

export const quoteAction = (options: QuoteOptions) => {
  if (!/^\d+(\.\d{1,2})?$/.test(options.amount))
    throw invalidInput(`Invalid --amount '${options.amount}': a fiat amount such as 100 or 99.50`)
  return runApiCommand(
    options,
    "Fetching onramp quote",
    Effect.gen(function* () {
      const fail = (message: string) => Effect.fail(invalidInput(message))
      const api = yield* BlockchainApi
      const onramp = yield* api.onrampOptions
      if (isSampleOnrampOptions(onramp) && options.allowFallback !== true)
        return yield* Effect.fail(unavailable("options"))
      const purchaseCurrency = onramp.purchaseCurrencies.find(
        (c) => c.symbol.toLowerCase() === options.buy.toLowerCase(),
      )
      if (!purchaseCurrency)
        return yield* fail(
          `Cannot buy '${options.buy}' (offered: ${onramp.purchaseCurrencies.map((c) => c.symbol).join(", ")})`,
        )
      const paymentCurrency = onramp.paymentCurrencies.find(
        (c) => c.id.toLowerCase() === options.pay.toLowerCase(),
      )
      if (!paymentCurrency)
        return yield* fail(
          `Cannot pay with '${options.pay}' (accepted: ${onramp.paymentCurrencies.map((c) => c.id).join(", ")})`,
        )
      // An amount outside every payment method's limits is the user's to fix, not an API outage to hide
      // behind the mocked quote.
      if (!isWithinPaymentLimits(paymentCurrency, options.amount))
        return yield* fail(
          `Amount ${options.amount} ${paymentCurrency.id} is outside the payment limits (${paymentCurrency.payment_method_limits.map((limit) => `${limit.id} ${limit.min}–${limit.max}`).join(", ")})`,
        )
      const network = options.network ?? purchaseCurrency.networks[0]?.name
      if (!network || !purchaseCurrency.networks.some((entry) => entry.name === network))
        return yield* fail(
          `${purchaseCurrency.symbol} is not offered on '${network}' (networks: ${purchaseCurrency.networks.map((n) => n.name).join(", ")})`,
        )
      const quote = yield* api.onrampQuote({
        purchaseCurrency,
        paymentCurrency,
        amount: options.amount,
        network,
      })
      const mocked = isMockedOnrampQuote(quote)
      if (mocked && options.allowFallback !== true) return yield* Effect.fail(unavailable("a quote"))
      const money = (value: { readonly amount: string; readonly currency: string }) =>
        `${value.amount} ${value.currency}`
      return {
        json: { ...quote, network, mocked },
        lines: [
          ...(mocked
            ? ["The quote API was unavailable: showing the amount as entered, without fees.", ""]
            : []),
          ...formatFields([
            ["You pay", money(quote.paymentTotal)],
            ["Provider fee", money(quote.coinbaseFee)],
            ["Network fee", money(quote.networkFee)],
            ["You receive", `${money(quote.purchaseAmount)} on ${network}`],
            ["Quote", quote.quoteId],
          ]),
        ],
      }
    }),
  )
}
