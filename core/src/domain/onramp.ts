import { Schema } from "effect"
import {
  OnrampQuoteRequest,
  PaymentCurrency,
  OnrampOptions as WireOnrampOptions,
} from "../api/blockchain/schemas"
import { AmountString } from "../validation/amount"

/** The fiat onramp providers (§1); fees are 1-2% (config). */
export const OnrampProvider = Schema.Literals(["coinbase", "meld"])
export type OnrampProvider = typeof OnrampProvider.Type

/** A payment method's purchase limits, exact decimal strings such as "10.00". */
export const PaymentMethodLimit = Schema.Struct({
  id: Schema.NonEmptyString,
  min: AmountString,
  max: AmountString,
})
export type PaymentMethodLimit = typeof PaymentMethodLimit.Type

/** §3 Onramp options: what can be bought, on which networks, paid with which currencies within which limits. */
export const OnrampPaymentCurrency = Schema.Struct({
  ...PaymentCurrency.fields,
  payment_method_limits: Schema.Array(PaymentMethodLimit),
})
export type OnrampPaymentCurrency = typeof OnrampPaymentCurrency.Type

export const OnrampOptions = Schema.Struct({
  ...WireOnrampOptions.fields,
  paymentCurrencies: Schema.Array(OnrampPaymentCurrency),
})
export type OnrampOptions = typeof OnrampOptions.Type

/** §3 Onramp quote inputs; `amount` is the fiat amount the user typed. */
export const OnrampQuoteInput = Schema.Struct({
  ...OnrampQuoteRequest.fields,
  paymentCurrency: OnrampPaymentCurrency,
  amount: AmountString,
  network: Schema.NonEmptyString,
})
export type OnrampQuoteInput = typeof OnrampQuoteInput.Type
