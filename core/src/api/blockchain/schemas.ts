import { Schema } from "effect"
import { UnitsString } from "../../domain/amount"
import {
  FungibleInfo,
  NftInfo,
  TransactionMetadata,
  TransactionTransfer,
  TransferDirection,
} from "../../domain/history"
import { Identity, NameAttribute, NameRecord } from "../../domain/names"
import { OnrampNetwork, PurchaseCurrency } from "../../domain/onramp"
import { TokenQuantity } from "../../domain/token"

/**
 * Wire shapes of the Blockchain API (§7). The fixture API server serves data that decodes with exactly
 * these schemas, so they are the contract between the clients and any server. Fields the UI does not
 * read are left out: Schema structs ignore unknown keys, which keeps the clients tolerant of additions.
 */

// Base-unit amounts and decimals are checked here, at the boundary: whoever turns them into bigints
// later (swap state, the CLI) must never meet "1.5e18" or -1 and throw.
const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** GET /v1/supported-chains: CAIP-2 ids reachable over HTTP and over websockets. */
export const SupportedChains = Schema.Struct({
  http: Schema.Array(Schema.String),
  ws: Schema.Array(Schema.String),
})
export type SupportedChains = typeof SupportedChains.Type

// The §3 entities whose wire shape is the entity itself are defined in domain/ and are part of this contract.
export {
  FungibleInfo,
  Identity,
  NameAttribute,
  NameRecord,
  NftInfo,
  OnrampNetwork,
  PurchaseCurrency,
  TransactionMetadata,
  TransactionTransfer,
  TransferDirection,
}

// --- history ---------------------------------------------------------------------------------------

export const Transaction = Schema.Struct({
  id: Schema.String,
  metadata: TransactionMetadata,
  transfers: Schema.Array(TransactionTransfer),
})
export type Transaction = typeof Transaction.Type

/** GET /v1/account/{account}/history: one page; `next` is the cursor of the following page. */
export const TransactionHistory = Schema.Struct({
  data: Schema.Array(Transaction),
  next: Schema.NullOr(Schema.String),
})
export type TransactionHistory = typeof TransactionHistory.Type

// --- balances and prices ---------------------------------------------------------------------------

// §3 Token quantity: a decimal amount plus the token's decimals as a digit string. Checked here: a
// "1e5" amount or "abc" decimals would otherwise reach parseUnits and formatting as NaN.
export { TokenQuantity }

export const TokenBalance = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  /** CAIP-2 chain id. */
  chainId: Schema.String,
  /** CAIP-10 token address; absent for the native token. */
  address: Schema.optionalKey(Schema.String),
  /** USD value of the holding. */
  value: Schema.optionalKey(Schema.Number),
  /** USD price of one token. */
  price: Schema.Number,
  quantity: TokenQuantity,
  iconUrl: Schema.String,
})
export type TokenBalance = typeof TokenBalance.Type

/** GET /v1/account/{address}/balance */
export const BalanceResponse = Schema.Struct({ balances: Schema.Array(TokenBalance) })
export type BalanceResponse = typeof BalanceResponse.Type

export const FungiblePrice = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  iconUrl: Schema.String,
  price: Schema.Number,
})

/** POST /v1/fungible/price body and response. */
export const FungiblePriceRequest = Schema.Struct({
  currency: Schema.String,
  addresses: Schema.Array(Schema.String),
  projectId: Schema.String,
})
export const FungiblePriceResponse = Schema.Struct({ fungibles: Schema.Array(FungiblePrice) })
export type FungiblePriceResponse = typeof FungiblePriceResponse.Type

// --- swaps (convert) -------------------------------------------------------------------------------

export const SwapQuote = Schema.Struct({
  id: Schema.NullOr(Schema.String),
  fromAmount: UnitsString,
  fromAccount: Schema.String,
  toAmount: UnitsString,
  toAccount: Schema.String,
})
/** GET /v1/convert/quotes */
export const SwapQuotes = Schema.Struct({ quotes: Schema.Array(SwapQuote) })
export type SwapQuotes = typeof SwapQuotes.Type

export const SwapToken = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  /** CAIP-10 address. */
  address: Schema.String,
  decimals: NonNegativeInt,
  logoUri: Schema.String,
  eip2612: Schema.optionalKey(Schema.Boolean),
})
export type SwapToken = typeof SwapToken.Type
/** GET /v1/convert/tokens */
export const SwapTokens = Schema.Struct({ tokens: Schema.Array(SwapToken) })
export type SwapTokens = typeof SwapTokens.Type

/** GET /v1/convert/allowance: base units as a decimal string. */
export const Allowance = Schema.Struct({ allowance: UnitsString })
export type Allowance = typeof Allowance.Type

/** GET /v1/convert/gas-price: wei as decimal strings. */
export const GasPrice = Schema.Struct({
  standard: UnitsString,
  fast: UnitsString,
  instant: UnitsString,
})
export type GasPrice = typeof GasPrice.Type

/** POST /v1/convert/build-transaction body. */
export const BuildTransactionRequest = Schema.Struct({
  projectId: Schema.String,
  amount: Schema.String,
  eip155: Schema.Struct({ slippage: Schema.String }),
  from: Schema.String,
  to: Schema.String,
  userAddress: Schema.String,
  disableEstimate: Schema.Boolean,
})
export const BuildTransactionResponse = Schema.Struct({
  tx: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    data: Schema.String,
    amount: UnitsString,
    eip155: Schema.Struct({ gas: UnitsString, gasPrice: UnitsString }),
  }),
})
export type BuildTransactionResponse = typeof BuildTransactionResponse.Type

/** GET /v1/convert/build-approve */
export const BuildApproveResponse = Schema.Struct({
  tx: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    data: Schema.String,
    value: UnitsString,
    eip155: Schema.Struct({ gas: NonNegativeInt, gasPrice: UnitsString }),
  }),
})
export type BuildApproveResponse = typeof BuildApproveResponse.Type

// --- names (profile) -------------------------------------------------------------------------------

/** GET /v1/profile/reverse/{address} */
export const ReverseNames = Schema.Array(NameRecord)

/** GET /v1/profile/suggestions/{name} */
export const NameSuggestions = Schema.Struct({
  suggestions: Schema.Array(Schema.Struct({ name: Schema.String, registered: Schema.Boolean })),
})
export type NameSuggestions = typeof NameSuggestions.Type

/** POST /v1/profile/account body (§3 Name registration payload); `message` is the signed JSON text. */
export const RegisterNameRequest = Schema.Struct({
  coin_type: Schema.Number,
  address: Schema.String,
  message: Schema.String,
  signature: Schema.String,
})
export type RegisterNameRequest = typeof RegisterNameRequest.Type
export const RegisterNameResponse = Schema.Struct({ success: Schema.Boolean })

// --- onramp ----------------------------------------------------------------------------------------

/** POST /v1/generators/onrampurl body. */
export const OnrampUrlRequest = Schema.Struct({
  destinationWallets: Schema.Array(
    Schema.Struct({
      address: Schema.String,
      blockchains: Schema.optionalKey(Schema.Array(Schema.String)),
      assets: Schema.optionalKey(Schema.Array(Schema.String)),
    }),
  ),
  defaultNetwork: Schema.optionalKey(Schema.String),
  partnerUserId: Schema.String,
  defaultExperience: Schema.Literal("buy"),
  presetCryptoAmount: Schema.optionalKey(Schema.Number),
  presetFiatAmount: Schema.optionalKey(Schema.Number),
})
export type OnrampUrlRequest = typeof OnrampUrlRequest.Type
export const OnrampUrl = Schema.Struct({ url: Schema.String })

/** Limits are decimal strings such as "10.00" (never floats, §Conventions). */
export const PaymentMethodLimit = Schema.Struct({ id: Schema.String, min: Schema.String, max: Schema.String })
export const PaymentCurrency = Schema.Struct({
  id: Schema.String,
  payment_method_limits: Schema.Array(PaymentMethodLimit),
})
export type PaymentCurrency = typeof PaymentCurrency.Type

/** GET /v1/onramp/options */
export const OnrampOptions = Schema.Struct({
  paymentCurrencies: Schema.Array(PaymentCurrency),
  purchaseCurrencies: Schema.Array(PurchaseCurrency),
})
export type OnrampOptions = typeof OnrampOptions.Type

/** POST /v1/onramp/quote body (§3 Onramp quote inputs). */
export const OnrampQuoteRequest = Schema.Struct({
  purchaseCurrency: PurchaseCurrency,
  paymentCurrency: PaymentCurrency,
  amount: Schema.String,
  network: Schema.String,
})
export type OnrampQuoteRequest = typeof OnrampQuoteRequest.Type

const Money = Schema.Struct({ amount: Schema.String, currency: Schema.String })
export const OnrampQuote = Schema.Struct({
  paymentTotal: Money,
  paymentSubtotal: Money,
  purchaseAmount: Money,
  coinbaseFee: Money,
  networkFee: Money,
  quoteId: Schema.String,
})
export type OnrampQuote = typeof OnrampQuote.Type

// --- smart sessions --------------------------------------------------------------------------------

export const SmartSession = Schema.Struct({
  pci: Schema.String,
  project: Schema.Struct({ id: Schema.String, name: Schema.String, url: Schema.optionalKey(Schema.String) }),
  /** Unix seconds. */
  expiry: Schema.Number,
  createdAt: Schema.Number,
  permissions: Schema.Array(Schema.Struct({ type: Schema.String, data: Schema.Unknown })),
  policies: Schema.Array(Schema.Struct({ type: Schema.String, data: Schema.Unknown })),
  revokedAt: Schema.optionalKey(Schema.Number),
})
export type SmartSession = typeof SmartSession.Type
/** GET /v1/sessions/{id}: the sessions granted by one account (CAIP-10 id). */
export const SmartSessions = Schema.Struct({ pcis: Schema.Array(SmartSession) })
export type SmartSessions = typeof SmartSessions.Type

/** POST /v1/sessions/{id}/revoke body and response. */
export const RevokeSessionRequest = Schema.Struct({ pci: Schema.String, signature: Schema.String })
export const RevokeSessionResponse = Schema.Struct({ success: Schema.Boolean })
