import { Effect } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { isMockedOnrampQuote, isSampleOnrampOptions } from "../api/blockchain/onrampFallback"
import { isWithinPaymentLimits } from "../api/blockchain/onrampLimits"
import type { OnrampOptions, OnrampQuote, OnrampUrlRequest } from "../api/blockchain/schemas"
import { OnrampFee, RESTRICTED_TIMEZONES } from "../config/constants"
import type { OnrampProvider } from "../domain/onramp"
import {
  InvalidFiatAmountError,
  OnrampLimitError,
  OnrampNotOfferedError,
  OnrampRestrictedError,
} from "../errors/onramp"
import { type MeldBuyRequest, meldBuyUrl } from "./meldUrl"

/**
 * Buying crypto with fiat (§1, §7, §9): the restricted time zones gate the flow; options and quote fall back
 * as §8 says (and say so); the amount is held to the payment limits; the provider's URL carries the purchase.
 * One flow for the app's view and the CLI.
 */

/** The time zone this runtime reports (a browser's, or the process's TZ); undefined where Intl cannot tell. */
export const currentTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** §1: whether the time zone is one of the restricted list (mainland China, Hong Kong, Macau). */
export const isRestrictedTimeZone = (timeZone: string | undefined): boolean =>
  timeZone !== undefined && (RESTRICTED_TIMEZONES as ReadonlyArray<string>).includes(timeZone)

const fiatPattern = /^\d+(?:\.\d{1,2})?$/
const centsOf = (amount: string): bigint => {
  const [whole = "0", fraction = ""] = amount.split(".")
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"))
}
const formatCents = (cents: bigint): string => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`

/** Whether a string is a fiat amount: digits, at most two decimals. */
export const isFiatAmount = (amount: string): boolean => fiatPattern.test(amount)

/**
 * §1: the providers' fees lie between 1 % and 2 % of the purchase. The range for `amount` (a fiat amount), to
 * the cent: the low end rounded down and the high end up, so the true fee always lies within it.
 */
export const onrampFeeRange = (amount: string): { readonly min: string; readonly max: string } => {
  const cents = centsOf(amount)
  const min = (cents * BigInt(OnrampFee.minPercent)) / 100n
  const max = (cents * BigInt(OnrampFee.maxPercent) + 99n) / 100n
  return { min: formatCents(min), max: formatCents(max) }
}

export interface OnrampRequest {
  /** Fiat amount to pay ("50", "99.50"). */
  readonly amount: string
  /** Crypto to buy, by symbol (default USDC). */
  readonly purchase?: string | undefined
  /** Fiat to pay with (default USD). */
  readonly payment?: string | undefined
  /** Network to receive on, by the provider's name ("base"); default the currency's first. */
  readonly network?: string | undefined
  /** Where the crypto goes. */
  readonly address: string
  /** The user's time zone; the runtime's when absent. */
  readonly timeZone?: string | undefined
  /** Default coinbase (its URL comes from the Blockchain API's generator); meld's page takes the purchase itself. */
  readonly provider?: OnrampProvider | undefined
  /** Meld's page and the integrator's Meld key. */
  readonly meld?: Pick<MeldBuyRequest, "baseUrl" | "publicKey"> | undefined
}

export interface PreparedOnramp {
  readonly provider: OnrampProvider
  readonly options: OnrampOptions
  /** The options are the built-in sample (§8): the options call failed. */
  readonly sampleOptions: boolean
  readonly quote: OnrampQuote
  /** The quote is the mocked fallback (§8): the quote call failed; it shows the amount without fees. */
  readonly mockedQuote: boolean
  readonly network: string
  readonly feeRange: { readonly min: string; readonly max: string }
  /** The provider's buy page with the purchase preset; open it in a new window. */
  readonly url: string
  /** What the coinbase URL was generated from; none for meld, whose URL is built here. */
  readonly urlRequest: OnrampUrlRequest | undefined
}

export type OnrampError = Effect.Error<ReturnType<typeof prepareOnramp>>

export type OnrampPurchaseRequest = Pick<OnrampRequest, "amount" | "purchase" | "payment" | "network">

/**
 * The purchase the options allow, checked in the order a user can act on: amount, currency, payment currency,
 * limits, network. Pure: the same checks for a quote (CLI `onramp quote`) and for the buy flow.
 */
export const selectOnrampPurchase = (options: OnrampOptions, request: OnrampPurchaseRequest) =>
  Effect.gen(function* () {
    const amount = request.amount.trim()
    if (!isFiatAmount(amount)) return yield* new InvalidFiatAmountError({ amount: request.amount })
    const wanted = { purchase: request.purchase ?? "USDC", payment: request.payment ?? "USD" }
    const purchaseCurrency = options.purchaseCurrencies.find(
      (currency) => currency.symbol.toLowerCase() === wanted.purchase.toLowerCase(),
    )
    if (purchaseCurrency === undefined)
      return yield* new OnrampNotOfferedError({
        what: "purchase",
        wanted: wanted.purchase,
        offered: options.purchaseCurrencies.map((currency) => currency.symbol),
      })
    const paymentCurrency = options.paymentCurrencies.find(
      (currency) => currency.id.toLowerCase() === wanted.payment.toLowerCase(),
    )
    if (paymentCurrency === undefined)
      return yield* new OnrampNotOfferedError({
        what: "payment",
        wanted: wanted.payment,
        offered: options.paymentCurrencies.map((currency) => currency.id),
      })
    // An amount outside every payment method's limits is the user's to fix, not an outage to hide behind the
    // mocked quote.
    if (!isWithinPaymentLimits(paymentCurrency, amount))
      return yield* new OnrampLimitError({
        amount,
        currency: paymentCurrency.id,
        limits: paymentCurrency.payment_method_limits,
      })
    const networks = purchaseCurrency.networks.map((entry) => entry.name)
    const network = request.network ?? networks[0]
    if (network === undefined || !networks.includes(network))
      return yield* new OnrampNotOfferedError({
        what: "network",
        wanted: network ?? "",
        offered: networks,
        currency: purchaseCurrency.symbol,
      })
    return { purchaseCurrency, paymentCurrency, amount, network }
  })

/** The restricted time zones first (§1), then the purchase, the quote and the provider's URL. */
export const prepareOnramp = Effect.fn("Onramp.prepare")(function* (request: OnrampRequest) {
  const timeZone = request.timeZone ?? currentTimeZone()
  if (isRestrictedTimeZone(timeZone))
    return yield* new OnrampRestrictedError({ timeZone: timeZone as string })
  const api = yield* BlockchainApi
  const options = yield* api.onrampOptions
  const { purchaseCurrency, paymentCurrency, amount, network } = yield* selectOnrampPurchase(options, request)
  const quote = yield* api.onrampQuote({ purchaseCurrency, paymentCurrency, amount, network })
  const provider = request.provider ?? "coinbase"
  const urlRequest: OnrampUrlRequest | undefined =
    provider === "coinbase"
      ? {
          destinationWallets: [
            { address: request.address, blockchains: [network], assets: [purchaseCurrency.symbol] },
          ],
          defaultNetwork: network,
          partnerUserId: request.address,
          defaultExperience: "buy",
          presetFiatAmount: Number(amount),
        }
      : undefined
  const url =
    urlRequest === undefined
      ? meldBuyUrl({
          ...request.meld,
          address: request.address,
          purchase: purchaseCurrency.symbol,
          network,
          payment: paymentCurrency.id,
          amount,
        })
      : yield* api.onrampUrl(urlRequest)
  return {
    provider,
    options,
    sampleOptions: isSampleOnrampOptions(options),
    quote,
    mockedQuote: isMockedOnrampQuote(quote),
    network,
    feeRange: onrampFeeRange(amount),
    url,
    urlRequest,
  } satisfies PreparedOnramp
})
