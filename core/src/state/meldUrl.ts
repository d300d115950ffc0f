/**
 * Meld's buy page (the second onramp provider of §1). Unlike coinbase, whose URL the Blockchain API's
 * generator builds, Meld takes the purchase as query parameters on its own page: `publicKey` (the integrator's
 * Meld key), `destinationCurrencyCode`, `walletAddress`, `externalCustomerId`, `sourceCurrencyCode` and
 * `sourceAmount` — the parameters Reown AppKit's Meld integration sends. The customer id is the receiving
 * address, as coinbase's `partnerUserId` is.
 */

/** Meld's hosted buy page; apps and tests may aim the flow elsewhere. */
export const MELD_BUY_URL = "https://meldcrypto.com"

export interface MeldBuyRequest {
  /** The receiving address. */
  readonly address: string
  /** The crypto to buy, by symbol ("USDC"). */
  readonly purchase: string
  /** The network to receive on, by the onramp options' name ("ethereum", "base"). */
  readonly network: string
  /** The fiat currency to pay with ("USD"). */
  readonly payment: string
  /** The fiat amount, an exact decimal string ("50", "99.50"). */
  readonly amount: string
  /** The integrator's Meld public key; Meld's page asks for the partner otherwise. */
  readonly publicKey?: string | undefined
  /** Default {@link MELD_BUY_URL}. */
  readonly baseUrl?: string | undefined
}

/**
 * Meld names a token on a network other than its home chain `SYMBOL_NETWORK` ("USDC_POLYGON", "USDT_BSC");
 * on ethereum, the symbol alone.
 */
export const meldCurrencyCode = (symbol: string, network: string): string => {
  const code = symbol.trim().toUpperCase()
  const chain = network
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
  return chain === "ETHEREUM" || chain === "" ? code : `${code}_${chain}`
}

/** The buy page with the purchase preset. */
export const meldBuyUrl = (request: MeldBuyRequest): string => {
  const url = new URL(request.baseUrl ?? MELD_BUY_URL)
  if (request.publicKey !== undefined && request.publicKey !== "")
    url.searchParams.set("publicKey", request.publicKey)
  url.searchParams.set("destinationCurrencyCode", meldCurrencyCode(request.purchase, request.network))
  url.searchParams.set("walletAddress", request.address)
  url.searchParams.set("externalCustomerId", request.address)
  url.searchParams.set("sourceCurrencyCode", request.payment.trim().toUpperCase())
  url.searchParams.set("sourceAmount", request.amount)
  return url.toString()
}
