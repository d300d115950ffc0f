import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devAccount, scriptedWallet, testOptions } from "../../testing/testkit"
import { createAppKit } from "../createAppKit"
import type { CreateAppKitParameters } from "../options"

const MELD_PAGE = "http://127.0.0.1:9/meld"

describe("appKit.prepareOnramp with the app's onramp option (fixture API)", () => {
  let api: FixtureApi
  beforeAll(async () => {
    api = await startFixtureApi({ port: 0 })
  })
  afterAll(() => api.close())

  const connectedApp = async (onramp?: CreateAppKitParameters["onramp"]) => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const appKit = createAppKit({
      ...testOptions,
      apiUrl: api.url,
      connectors: [wallet.connector],
      reconnect: false,
      ...(onramp === undefined ? {} : { onramp }),
    })
    await appKit.connect("injected")
    return appKit
  }

  it("offers coinbase alone without the option, and refuses meld naming what is offered", async () => {
    const appKit = await connectedApp()
    try {
      const prepared = await appKit.prepareOnramp({ amount: "50", timeZone: "Europe/Paris" })
      expect(prepared.provider).toBe("coinbase")
      const before = api.requests().length
      await expect(
        appKit.prepareOnramp({ amount: "50", provider: "meld", timeZone: "Europe/Paris" }),
      ).rejects.toMatchObject({
        _tag: "OnrampNotOfferedError",
        message: "Cannot buy through 'meld' (offered: coinbase)",
      })
      // Refused before any call to the API.
      expect(api.requests().length).toBe(before)
    } finally {
      await appKit.dispose()
    }
  }, 30_000)

  it("builds meld's URL from the configured key and page, with the purchase preset", async () => {
    const appKit = await connectedApp({ meld: { publicKey: "pk_test_1", baseUrl: MELD_PAGE } })
    try {
      expect(appKit.getState().options.onramp).toEqual({
        meld: { publicKey: "pk_test_1", baseUrl: MELD_PAGE },
      })
      const prepared = await appKit.prepareOnramp({
        amount: "75.50",
        provider: "meld",
        timeZone: "Europe/Paris",
      })
      const url = new URL(prepared.url)
      expect(`${url.origin}${url.pathname}`).toBe(MELD_PAGE)
      expect(Object.fromEntries(url.searchParams)).toEqual({
        publicKey: "pk_test_1",
        destinationCurrencyCode: "USDC",
        walletAddress: devAccount.address,
        externalCustomerId: devAccount.address,
        sourceCurrencyCode: "USD",
        sourceAmount: "75.50",
      })
      // Coinbase stays on offer beside it.
      expect((await appKit.prepareOnramp({ amount: "50", timeZone: "Europe/Paris" })).provider).toBe(
        "coinbase",
      )
    } finally {
      await appKit.dispose()
    }
  }, 30_000)
})
