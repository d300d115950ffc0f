import { BlockchainApi } from "@appkit/core/effect"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runAgainst, succeed } from "../api/support"
import { type ChromiumPage, hasChromium, openChromiumPage } from "../support/chromium"

// Buy with fiat: the core's client asks the URL generator, and the provider page it points at (on the
// fixture server, 127.0.0.1) shows in a real browser exactly the parameters the flow sent.
describe.skipIf(!hasChromium)("the onramp provider URL in chromium", () => {
  let api: FixtureApi
  let chromium: ChromiumPage
  let page: Page

  beforeAll(async () => {
    ;[api, chromium] = await Promise.all([startFixtureApi(), openChromiumPage()])
    page = chromium.page
  }, 60_000)
  afterAll(async () => {
    await chromium?.close()
    await api?.close()
  })

  const shown = (name: string) => page.locator(`[data-param="${name}"]`)

  it("opens the generated URL and shows every parameter of the request", async () => {
    const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
    const request = {
      destinationWallets: [{ address, blockchains: ["base", "ethereum"], assets: ["USDC"] }],
      defaultNetwork: "base",
      partnerUserId: address,
      defaultExperience: "buy" as const,
      presetFiatAmount: 50,
    }
    const url = await succeed(
      runAgainst(
        api,
        BlockchainApi.use((client) => client.onrampUrl(request)),
      ),
    )
    expect(new URL(url).origin).toBe(api.url)

    const response = await page.goto(url)
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe("Buy crypto — fixture card provider")
    expect(await shown("defaultExperience").textContent()).toBe("buy")
    expect(await shown("partnerUserId").textContent()).toBe(address)
    expect(await shown("defaultNetwork").textContent()).toBe("base")
    expect(await shown("presetFiatAmount").textContent()).toBe("50")
    expect(await shown("presetCryptoAmount").count()).toBe(0)
    const wallet = page.locator('[data-param="destinationWallets"] li')
    expect(await wallet.count()).toBe(1)
    expect([
      await wallet.getAttribute("data-address"),
      await wallet.getAttribute("data-blockchains"),
      await wallet.getAttribute("data-assets"),
    ]).toEqual([address, "base,ethereum", "USDC"])
  })

  it("shows a crypto preset the same way, and a hand-made URL gets the page's alert", async () => {
    const url = await succeed(
      runAgainst(
        api,
        BlockchainApi.use((client) =>
          client.onrampUrl({
            destinationWallets: [{ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }],
            partnerUserId: "user-2",
            defaultExperience: "buy",
            presetCryptoAmount: 0.25,
          }),
        ),
      ),
    )
    await page.goto(url)
    expect(await shown("presetCryptoAmount").textContent()).toBe("0.25")
    expect(await shown("defaultNetwork").count()).toBe(0)

    const broken = new URL(url)
    broken.searchParams.set("defaultExperience", "sell")
    expect((await page.goto(broken.toString()))?.status()).toBe(400)
    expect(await page.getByRole("alert").textContent()).toBe("Field defaultExperience must be buy")
  })
})
