import { ONRAMP_FALLBACK_PAYMENT_CURRENCIES } from "../../config/constants"
import type { OnrampOptions, OnrampQuote, OnrampQuoteRequest } from "./schemas"

const usdcNetworks = [
  {
    name: "ethereum",
    display_name: "Ethereum",
    chain_id: "1",
    contract_address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  },
  {
    name: "polygon",
    display_name: "Polygon",
    chain_id: "137",
    contract_address: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
  },
]

/**
 * What the onramp view offers when GET /v1/onramp/options fails (§8 fallback): the §9 limits (card
 * 10.00–7500.00, bank account 10.00–25000.00, USD and EUR) for USDC and ETH.
 */
export const sampleOnrampOptions: OnrampOptions = {
  paymentCurrencies: ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  purchaseCurrencies: [
    { id: "USDC", name: "USD Coin", symbol: "USDC", networks: usdcNetworks },
    {
      id: "ETH",
      name: "Ethereum",
      symbol: "ETH",
      networks: [{ name: "ethereum", display_name: "Ethereum", chain_id: "1", contract_address: "" }],
    },
  ],
}

export const mockedQuoteId = "mocked-quote-id"

/** The quote shown when POST /v1/onramp/quote fails: the amount as entered, no fees (§8 fallback). */
export const mockedOnrampQuote = (request: OnrampQuoteRequest): OnrampQuote => {
  const fiat = { amount: request.amount, currency: request.paymentCurrency.id }
  return {
    paymentTotal: fiat,
    paymentSubtotal: fiat,
    purchaseAmount: { amount: request.amount, currency: request.purchaseCurrency.id },
    coinbaseFee: { amount: "0.00", currency: request.paymentCurrency.id },
    networkFee: { amount: "0.00", currency: request.paymentCurrency.id },
    quoteId: mockedQuoteId,
  }
}

/** Whether onramp options are the §8 fallback (the API failed), not the API's answer: a script must not take them for one. */
export const isSampleOnrampOptions = (options: OnrampOptions): boolean => options === sampleOnrampOptions

/** Whether a quote is the §8 mocked fallback (the quote API failed), not a real quote. */
export const isMockedOnrampQuote = (quote: OnrampQuote): boolean => quote.quoteId === mockedQuoteId
