import { OnrampProvider } from "@appkit/core"
import {
  BlockchainApi,
  isFiatAmount,
  isMockedOnrampQuote,
  isSampleOnrampOptions,
  prepareOnramp,
  selectOnrampPurchase,
} from "@appkit/core/effect"
import { Effect, Schema } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { readDuration } from "../duration"
import type { LocalSignerOptions } from "../evmOptions"
import { formatFields } from "../fields"
import { readEvmAddress } from "../inputs"
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

/** The core's refusals of a purchase are the user's to fix: exit 1, the core's message. */
const purchaseRefusals: ReadonlySet<string> = new Set([
  "InvalidFiatAmountError",
  "OnrampNotOfferedError",
  "OnrampLimitError",
])
const asInvalidInput = <A, E extends { readonly _tag: string; readonly message: string }, R>(
  program: Effect.Effect<A, E, R>,
) =>
  Effect.mapError(program, (error): E | CliError =>
    purchaseRefusals.has(error._tag) ? invalidInput(error.message) : error,
  )

const money = (value: { readonly amount: string; readonly currency: string }) =>
  `${value.amount} ${value.currency}`
const MOCKED_NOTE = "The quote API was unavailable: showing the amount as entered, without fees."

const checkedFiatAmount = (amount: string) => {
  if (!isFiatAmount(amount))
    throw invalidInput(`Invalid --amount '${amount}': a fiat amount such as 100 or 99.50`)
}

export const quoteAction = (options: QuoteOptions) => {
  checkedFiatAmount(options.amount)
  return runApiCommand(
    options,
    "Fetching onramp quote",
    Effect.gen(function* () {
      const api = yield* BlockchainApi
      const onramp = yield* api.onrampOptions
      if (isSampleOnrampOptions(onramp) && options.allowFallback !== true)
        return yield* Effect.fail(unavailable("options"))
      const { purchaseCurrency, paymentCurrency, network } = yield* asInvalidInput(
        selectOnrampPurchase(onramp, {
          amount: options.amount,
          purchase: options.buy,
          payment: options.pay,
          network: options.network,
        }),
      )
      const quote = yield* api.onrampQuote({
        purchaseCurrency,
        paymentCurrency,
        amount: options.amount,
        network,
      })
      const mocked = isMockedOnrampQuote(quote)
      if (mocked && options.allowFallback !== true) return yield* Effect.fail(unavailable("a quote"))
      return {
        json: { ...quote, network, mocked },
        lines: [
          ...(mocked ? [MOCKED_NOTE, ""] : []),
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

interface OpenOptions extends QuoteOptions, LocalSignerOptions {
  readonly address?: string | undefined
  readonly provider: string
  readonly meldKey?: string | undefined
  /** False with --no-open: print the URL only. */
  readonly open: boolean
}

const isOnrampProvider = Schema.is(OnrampProvider)

/** What the user reads after the purchase: whether the browser shows the page, and the URL in any case. */
const openedLines = async (url: string, open: boolean) => {
  if (!open) return { opened: false, lines: ["Open this URL in a browser to complete the purchase:", url] }
  const { openInBrowser } = await import("../openUrl")
  const outcome = await openInBrowser(url)
  return outcome.opened
    ? { opened: true, lines: [`Opened the provider's page in your browser (${outcome.command}):`, url] }
    : {
        opened: false,
        openFailure: outcome.reason,
        lines: [
          `Could not open a browser (${outcome.reason}); open this URL in a browser to complete the purchase:`,
          url,
        ],
      }
}

/**
 * `appkit-cli onramp open --amount 50`: the buy flow of the app (region gate, limits, quote, the provider's
 * URL with the purchase preset) for --address or the signer's account; opens the URL in the user's browser
 * ($BROWSER, else the platform's opener) and prints it, or only prints it with --no-open.
 */
export const openAction = async (options: OpenOptions) => {
  checkedFiatAmount(options.amount)
  const provider = options.provider.trim().toLowerCase()
  if (!isOnrampProvider(provider))
    throw invalidInput(
      `Invalid --provider '${options.provider}': one of ${OnrampProvider.literals.join(", ")}`,
    )
  let address: string
  if (options.address !== undefined) address = readEvmAddress(options.address, "--address")
  else {
    const { commandAccount } = await import("../signer")
    // A connected wallet's account comes from its session, checked with the relay within --timeout.
    const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
    address = (await commandAccount(options, { requestTimeoutMs })).address
  }
  return runApiCommand(
    options,
    "Preparing the purchase",
    Effect.gen(function* () {
      const prepared = yield* asInvalidInput(
        prepareOnramp({
          amount: options.amount,
          purchase: options.buy,
          payment: options.pay,
          network: options.network,
          address,
          provider,
          meld: { publicKey: options.meldKey ?? process.env.APPKIT_MELD_PUBLIC_KEY },
        }),
      ).pipe(
        Effect.catchTag("OnrampRestrictedError", (error) =>
          Effect.fail(new CliError(`${error.message} (time zone ${error.timeZone})`, { code: error._tag })),
        ),
      )
      if (options.allowFallback !== true) {
        if (prepared.sampleOptions) return yield* Effect.fail(unavailable("options"))
        if (prepared.mockedQuote) return yield* Effect.fail(unavailable("a quote"))
      }
      const { quote, network, feeRange, url } = prepared
      const { lines, ...shown } = yield* Effect.promise(() => openedLines(url, options.open))
      return {
        json: {
          url,
          provider: prepared.provider,
          network,
          address,
          quote,
          mocked: prepared.mockedQuote,
          fallbackOptions: prepared.sampleOptions,
          feeRange,
          ...shown,
        },
        lines: [
          ...(prepared.mockedQuote ? [MOCKED_NOTE, ""] : []),
          ...formatFields([
            ["You pay", money(quote.paymentTotal)],
            ["You receive", `${money(quote.purchaseAmount)} on ${network}`],
            ["Provider fees", `${feeRange.min}–${feeRange.max} ${quote.paymentTotal.currency} (1–2 %)`],
            ["To", address],
          ]),
          "",
          ...lines,
        ],
      }
    }),
  )
}
