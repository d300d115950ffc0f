import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { OnrampOptions, OnrampQuoteInput } from "./onramp"

const usdcOnBase = {
  id: "2b92315d-eab7-5bef-84fa-089a131333f5",
  name: "USD Coin",
  symbol: "USDC",
  networks: [
    {
      name: "base",
      display_name: "Base",
      chain_id: "8453",
      contract_address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    },
  ],
}
const usd = {
  id: "USD",
  payment_method_limits: [
    { id: "card", min: "10.00", max: "7500.00" },
    { id: "ach_bank_account", min: "10.00", max: "25000.00" },
  ],
}

describe("OnrampOptions", () => {
  schemaCases(OnrampOptions, {
    valid: [["USDC on Base paid in USD", { purchaseCurrencies: [usdcOnBase], paymentCurrencies: [usd] }]],
    invalid: [
      [
        "a float limit",
        {
          purchaseCurrencies: [],
          paymentCurrencies: [
            { id: "USD", payment_method_limits: [{ id: "card", min: 10, max: "7500.00" }] },
          ],
        },
      ],
      [
        "a formatted limit",
        {
          purchaseCurrencies: [],
          paymentCurrencies: [
            { id: "USD", payment_method_limits: [{ id: "card", min: "10.00", max: "7,500.00" }] },
          ],
        },
      ],
      ["no purchase currencies", { paymentCurrencies: [usd] }],
    ],
  })
})

describe("OnrampQuoteInput", () => {
  schemaCases(OnrampQuoteInput, {
    valid: [
      [
        "100 USD of USDC on Base",
        { purchaseCurrency: usdcOnBase, paymentCurrency: usd, amount: "100.00", network: "base" },
      ],
    ],
    invalid: [
      [
        "a numeric amount",
        { purchaseCurrency: usdcOnBase, paymentCurrency: usd, amount: 100, network: "base" },
      ],
      ["no network", { purchaseCurrency: usdcOnBase, paymentCurrency: usd, amount: "100" }],
    ],
  })
})
