import { Cause, Effect, Exit, Layer } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import { mockedOnrampQuote, sampleOnrampOptions } from "../api/blockchain/onrampFallback"
import type { OnrampUrlRequest } from "../api/blockchain/schemas"
import { RESTRICTED_TIMEZONES } from "../config/constants"
import { isFiatAmount, isRestrictedTimeZone, onrampFeeRange, prepareOnramp } from "./onrampFlow"

// The flow against the fallbacks the real client gives when the API fails (the served options and the
// provider page: test/features/onramp).
const address = "0x1111111111111111111111111111111111111111"

const fallbackApi = () => {
  const urlRequests: Array<OnrampUrlRequest> = []
  const api = {
    onrampOptions: Effect.succeed(sampleOnrampOptions),
    onrampQuote: (request: Parameters<BlockchainApiShape["onrampQuote"]>[0]) =>
      Effect.succeed(mockedOnrampQuote(request)),
    onrampUrl: (request: OnrampUrlRequest) =>
      Effect.sync(() => {
        urlRequests.push(request)
        return `http://127.0.0.1/buy?partnerUserId=${request.partnerUserId}`
      }),
  } as unknown as BlockchainApiShape
  return { layer: Layer.succeed(BlockchainApi, api), urlRequests }
}

const prepare = (request: Partial<Parameters<typeof prepareOnramp>[0]>) => {
  const api = fallbackApi()
  return Effect.runPromiseExit(
    prepareOnramp({ amount: "50", address, timeZone: "Europe/Paris", ...request }).pipe(
      Effect.provide(api.layer),
    ),
  ).then((exit) => ({ exit, urlRequests: api.urlRequests }))
}

const failureTag = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? (JSON.stringify(exit.cause).match(/"_tag":"(\w+Error)"/)?.[1] ?? "?") : "success"

describe("prepareOnramp", () => {
  it("builds meld's page itself (no generator call) with the purchase preset", async () => {
    const { exit, urlRequests } = await prepare({
      amount: "75.25",
      purchase: "usdc",
      network: "polygon",
      payment: "eur",
      provider: "meld",
      meld: { publicKey: "pk-test" },
    })
    expect(urlRequests).toEqual([])
    expect(exit).toMatchObject({ _tag: "Success", value: { provider: "meld", urlRequest: undefined } })
    if (!Exit.isSuccess(exit)) throw new Error("expected the purchase to be prepared")
    const url = new URL(exit.value.url)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      publicKey: "pk-test",
      destinationCurrencyCode: "USDC_POLYGON",
      walletAddress: address,
      externalCustomerId: address,
      sourceCurrencyCode: "EUR",
      sourceAmount: "75.25",
    })
  })

  it("labels the fallbacks, presets the URL with the purchase, and gives the 1–2 % fee range", async () => {
    const { exit, urlRequests } = await prepare({ amount: "50", purchase: "usdc", network: "polygon" })
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        sampleOptions: true,
        mockedQuote: true,
        network: "polygon",
        feeRange: { min: "0.50", max: "1.00" },
        provider: "coinbase",
      },
    })
    expect(urlRequests).toEqual([
      {
        destinationWallets: [{ address, blockchains: ["polygon"], assets: ["USDC"] }],
        defaultNetwork: "polygon",
        partnerUserId: address,
        defaultExperience: "buy",
        presetFiatAmount: 50,
      },
    ])
  })

  it.each(RESTRICTED_TIMEZONES)("is closed in %s, before any call, and says which zone", async (timeZone) => {
    const { exit, urlRequests } = await prepare({ timeZone })
    expect(failureTag(exit)).toBe("OnrampRestrictedError")
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(timeZone)
    expect(urlRequests).toEqual([])
  })

  it("is open in the neighbouring zones (Taipei, Singapore)", async () => {
    for (const timeZone of ["Asia/Taipei", "Asia/Singapore"])
      expect((await prepare({ timeZone })).exit._tag).toBe("Success")
  })

  it.each([
    // the fallback's card and bank limits: 10.00 to 25000.00 across methods, bounds included
    [{ amount: "10.00" }, "success"],
    [{ amount: "9.99" }, "OnrampLimitError"],
    [{ amount: "25000.00" }, "success"],
    [{ amount: "25000.01" }, "OnrampLimitError"],
    [{ amount: "50.001" }, "InvalidFiatAmountError"],
    [{ amount: "-50" }, "InvalidFiatAmountError"],
    [{ purchase: "DOGE" }, "OnrampNotOfferedError"],
    [{ payment: "GBP" }, "OnrampNotOfferedError"],
    [{ purchase: "ETH", network: "polygon" }, "OnrampNotOfferedError"],
  ])("%o → %s", async (request, outcome) => {
    expect(failureTag((await prepare(request)).exit)).toBe(outcome)
  })

  it("names the limits in its message", async () => {
    const { exit } = await prepare({ amount: "7.5" })
    expect(Exit.isFailure(exit) && (Cause.squash(exit.cause) as Error).message).toBe(
      "Amount 7.5 USD is outside the payment limits (card 10.00–7500.00, ach_bank_account 10.00–25000.00)",
    )
  })
})

describe("onrampFeeRange", () => {
  it("spans 1 % (rounded down) to 2 % (rounded up) of the amount, to the cent", () => {
    expect(onrampFeeRange("100")).toEqual({ min: "1.00", max: "2.00" })
    expect(onrampFeeRange("10.01")).toEqual({ min: "0.10", max: "0.21" })
    expect(onrampFeeRange("0")).toEqual({ min: "0.00", max: "0.00" })
  })

  it("always contains the exact 1 % and 2 % fees", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (cents) => {
        const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`
        const range = onrampFeeRange(amount)
        const toMilliCents = (value: string) => BigInt(value.replace(".", "")) * 100n
        expect(toMilliCents(range.min)).toBeLessThanOrEqual(cents)
        expect(toMilliCents(range.max)).toBeGreaterThanOrEqual(cents * 2n)
        expect(toMilliCents(range.max) - cents * 2n).toBeLessThan(100n)
      }),
    )
  })
})

describe("isFiatAmount", () => {
  it("takes digits with at most two decimals, nothing else", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 2 }), (whole, places) => {
        const amount = places === 0 ? String(whole) : `${whole}.${"5".repeat(places)}`
        expect(isFiatAmount(amount)).toBe(true)
        expect(isFiatAmount(`${amount}${places === 0 ? ".555" : "5".repeat(3 - places)}`)).toBe(false)
      }),
    )
    for (const bad of ["", ".5", "5.", "1e3", "-1", " 5", "5,00"]) expect(isFiatAmount(bad)).toBe(false)
  })
})

describe("isRestrictedTimeZone", () => {
  it("knows the §1 zones and nothing else", () => {
    expect(RESTRICTED_TIMEZONES.every(isRestrictedTimeZone)).toBe(true)
    expect(isRestrictedTimeZone("Asia/Taipei")).toBe(false)
    expect(isRestrictedTimeZone(undefined)).toBe(false)
  })
})
