import { Schema } from "effect"
import { AmountString } from "./amount"

/** The fiat onramp providers (§1); fees are 1-2% (config). */
export const OnrampProvider = Schema.Literals(["coinbase", "meld"])
export type OnrampProvider = typeof OnrampProvider.Type

/** A network a currency can be bought on, as the onramp options API names it. */
export const OnrampNetwork = Schema.Struct({
  name: Schema.String,
  display_name: Schema.String,
  chain_id: Schema.String,
  contract_address: Schema.String,
})
export const PurchaseCurrency = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  symbol: Schema.String,
  networks: Schema.Array(OnrampNetwork),
})
export type PurchaseCurrency = typeof PurchaseCurrency.Type

/** A payment method's purchase limits, exact decimal strings such as "10.00". */
export const PaymentMethodLimit = Schema.Struct({
  id: Schema.NonEmptyString,
  min: AmountString,
  max: AmountString,
})
export type PaymentMethodLimit = typeof PaymentMethodLimit.Type

/** §3 Onramp options: what can be bought, on which networks, paid with which currencies within which limits. */
export const OnrampPaymentCurrency = Schema.Struct({
  id: Schema.String,
  payment_method_limits: Schema.Array(PaymentMethodLimit),
})
export type OnrampPaymentCurrency = typeof OnrampPaymentCurrency.Type

export const OnrampOptions = Schema.Struct({
  paymentCurrencies: Schema.Array(OnrampPaymentCurrency),
  purchaseCurrencies: Schema.Array(PurchaseCurrency),
})
export type OnrampOptions = typeof OnrampOptions.Type

/** §3 Onramp quote inputs; `amount` is the fiat amount the user typed. */
export const OnrampQuoteInput = Schema.Struct({
  purchaseCurrency: PurchaseCurrency,
  paymentCurrency: OnrampPaymentCurrency,
  amount: AmountString,
  network: Schema.NonEmptyString,
})
export type OnrampQuoteInput = typeof OnrampQuoteInput.Type
