import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { MELD_BUY_URL, meldBuyUrl, meldCurrencyCode } from "./meldUrl"

const symbol = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,9}$/)
const network = fc.constantFrom("ethereum", "base", "polygon", "arbitrum", "avalanche-c-chain", "optimism")
const fiatAmount = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 9n }),
    fc.option(fc.stringMatching(/^\d{1,2}$/), { nil: undefined }),
  )
  .map(([whole, cents]) => (cents === undefined ? String(whole) : `${whole}.${cents}`))
const evmAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`)
// Anything a caller may hand over as an address or key must come back exactly, never break the URL.
const anyText = fc.string({ minLength: 1, maxLength: 60 })

describe("meldBuyUrl", () => {
  it("presets every purchase field on Meld's page and reads back exactly, with nothing else in the query", () => {
    fc.assert(
      fc.property(
        symbol,
        network,
        fiatAmount,
        fc.constantFrom("USD", "EUR", "usd"),
        fc.oneof(evmAddress, anyText),
        fc.option(anyText, { nil: undefined }),
        (purchase, chain, amount, payment, address, publicKey) => {
          const url = new URL(meldBuyUrl({ address, purchase, network: chain, payment, amount, publicKey }))
          expect(url.origin + url.pathname).toBe(`${MELD_BUY_URL}/`)
          expect(Object.fromEntries(url.searchParams)).toEqual({
            ...(publicKey === undefined ? {} : { publicKey }),
            destinationCurrencyCode: meldCurrencyCode(purchase, chain),
            walletAddress: address,
            externalCustomerId: address,
            sourceCurrencyCode: payment.toUpperCase(),
            sourceAmount: amount,
          })
        },
      ),
    )
  })

  it("names a token by its symbol on ethereum and SYMBOL_NETWORK elsewhere, as Meld's codes do", () => {
    expect(meldCurrencyCode("usdc", "ethereum")).toBe("USDC")
    expect(meldCurrencyCode("USDC", "polygon")).toBe("USDC_POLYGON")
    expect(meldCurrencyCode("ETH", "base")).toBe("ETH_BASE")
    expect(meldCurrencyCode("AVAX", "avalanche-c-chain")).toBe("AVAX_AVALANCHE_C_CHAIN")
    fc.assert(
      fc.property(symbol, network, (purchase, chain) => {
        const code = meldCurrencyCode(purchase, chain)
        expect(code).toMatch(/^[A-Z0-9]+(_[A-Z0-9_]+)?$/)
        expect(code.startsWith(purchase.toUpperCase())).toBe(true)
      }),
    )
  })

  it("leaves the key out when there is none, and goes where the app aims it", () => {
    const url = new URL(
      meldBuyUrl({
        address: "0x1111111111111111111111111111111111111111",
        purchase: "USDC",
        network: "base",
        payment: "EUR",
        amount: "99.50",
        publicKey: "",
        baseUrl: "http://127.0.0.1:9/meld",
      }),
    )
    expect(url.origin + url.pathname).toBe("http://127.0.0.1:9/meld")
    expect(url.searchParams.has("publicKey")).toBe(false)
    expect(url.searchParams.get("sourceAmount")).toBe("99.50")
  })
})
