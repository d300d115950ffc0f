import { formatPriceImpact, swapPriceImpact } from "@appkit/core"
import type { BrowserContext, Page } from "playwright-core"
import { type Address, createClient, erc20Abi, getAddress, http, parseEther, parseUnits } from "viem"
import { getBalance, readContract } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isOffLoopback, screenshots, seriousViolations, updateDocsScreenshot } from "../browser/support/page"
import { decodeQrOnScreen } from "../browser/support/qr"
import { demoSuite } from "../browser/support/stack"
import { hasChromium } from "../support/chromium"

/**
 * The wallet features' views on the demo in Debian's Chromium, through the EIP-6963 dev wallet (anvil's first
 * account) on the local stack: swap 10 TKA → TKB with both balances checked exactly, receive's QR decoded to
 * the address, the buy flow opening the provider URL, and the restricted time zone closing it. The views are
 * checked with axe; screenshots land in test/artifacts/features/ (the light desktop ones are copied to
 * docs/screenshots/ with APPKIT_UPDATE_DOCS=1).
 */
const user = getAddress("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266")

describe.skipIf(!hasChromium)("the wallet feature views on the demo", () => {
  const suite = demoSuite({ beforeAll, afterAll })

  const newPage = async (timezoneId = "Europe/Berlin"): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await suite
      .get()
      .browser.newContext({ viewport: { width: 1280, height: 860 }, timezoneId })
    await context.route(isOffLoopback, (route) => route.abort())
    const page = await context.newPage()
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" })
    return { context, page }
  }
  const view = (page: Page, name: string) => page.locator(`dialog[open] [data-view="${name}"]`)
  const photograph = async (page: Page, step: string) => {
    expect(JSON.stringify(await seriousViolations(page)), `axe on ${step}`).toBe("[]")
    await screenshots(page, "features", step)
    updateDocsScreenshot("features", step)
  }

  /** Connects the dev wallet and signs in (the demo requires it), then opens the Account view. */
  const connected = async (page: Page) => {
    await page.goto(suite.get().stack.pageUrl)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page
      .getByRole("list", { name: "Wallets" })
      .getByRole("button", { name: /AppKit Dev Wallet/ })
      .click()
    await expect.poll(() => view(page, "SIWXSignMessage").isVisible(), { timeout: 15_000 }).toBe(true)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.getByRole("button", { name: /alice\.reown\.id/ }).waitFor({ timeout: 15_000 })
    await page.locator("[data-appkit-button=account]").click()
    await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
  }

  /** Connected, the Swap view open from the Account view. */
  const swapView = async (page: Page) => {
    await connected(page)
    await page.getByRole("button", { name: "Swap", exact: true }).click()
    await expect.poll(() => view(page, "Swap").isVisible()).toBe(true)
  }

  const tokenBalance = (token: Address, holder: Address = user) =>
    readContract(createClient({ transport: http(suite.get().stack.rpcUrl) }), {
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [holder],
    })

  /** Opens a token picker and picks `symbol` from its list. */
  const pickToken = async (page: Page, label: string, symbol: string) => {
    await page.getByRole("button", { name: new RegExp(`^${label} `) }).click()
    await page
      .getByRole("list", { name: `${label} tokens` })
      .locator(`[data-token="${symbol}"]`)
      .click()
  }

  /** USD prices of CAIP-10 tokens from the stack's API, in the order asked. */
  const usdPrices = async (addresses: ReadonlyArray<string>): Promise<ReadonlyArray<number>> => {
    const response = await fetch(`${suite.get().stack.apiUrl}/v1/fungible/price`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-project-id": "test" },
      body: JSON.stringify({ currency: "usd", projectId: "test", addresses }),
    })
    const { fungibles } = (await response.json()) as { fungibles: ReadonlyArray<{ price: number }> }
    return fungibles.map((entry) => entry.price)
  }

  it("lists the wallet features in the §9 order, and receive shows a QR code that decodes to the address", async () => {
    const { context, page } = await newPage()
    try {
      await connected(page)
      const features = ["Buy", "Swap", "Receive", "Send"]
      await view(page, "Account").getByRole("button", { name: "Buy", exact: true }).waitFor()
      const buttons = await view(page, "Account").getByRole("button").allTextContents()
      expect(buttons.filter((text) => features.includes(text))).toEqual(features)
      await photograph(page, "features-01-account")
      await page.getByRole("button", { name: "Receive", exact: true }).click()
      const qr = page.getByRole("img", { name: `QR code of ${user}` })
      await qr.waitFor()
      expect(await page.getByTestId("receive-address").textContent()).toBe(user)
      // The code as the screen shows it, read by a real decoder.
      expect(await decodeQrOnScreen(qr)).toBe(user)
      await photograph(page, "features-02-receive")
    } finally {
      await context.close()
    }
  }, 120_000)

  it("swaps 10 TKA → TKB: approve, swap, both balances move exactly by the quote, and Swap again is a new form", async () => {
    const { context, page } = await newPage()
    try {
      await swapView(page)
      // The pickers list the swap tokens with what the account holds of each.
      await pickToken(page, "From", "TKA")
      await page.getByLabel("Amount").fill("10")
      await pickToken(page, "To", "TKB")
      await page.getByRole("button", { name: "Get quote" }).click()
      await expect
        .poll(() => page.getByTestId("swap-status").textContent(), { timeout: 15_000 })
        .toBe("Quote ready")
      await photograph(page, "features-03-swap-quote")
      const quote = (await page.evaluate(() => {
        const { swap } = (
          window as unknown as { appKit: { getState: () => { swap: { quote: unknown } } } }
        ).appKit.getState()
        const q = swap.quote as {
          from: { address: string; decimals: number }
          to: { address: string; decimals: number }
          fromAmountUnits: bigint
          toAmountUnits: bigint
        }
        return {
          from: q.from.address,
          to: q.to.address,
          decimals: [q.from.decimals, q.to.decimals],
          fromAmountUnits: q.fromAmountUnits.toString(),
          toAmountUnits: q.toAmountUnits.toString(),
        }
      })) as {
        from: string
        to: string
        decimals: [number, number]
        fromAmountUnits: string
        toAmountUnits: string
      }
      // The price impact shown is the pool's rate against the prices the market was seeded at.
      const [fromPrice = 0, toPrice = 0] = await usdPrices([quote.from, quote.to])
      const impact = swapPriceImpact({
        fromAmountUnits: BigInt(quote.fromAmountUnits),
        fromDecimals: quote.decimals[0],
        fromPrice,
        toAmountUnits: BigInt(quote.toAmountUnits),
        toDecimals: quote.decimals[1],
        toPrice,
      }) as number
      expect(impact).toBeGreaterThan(0)
      expect(await page.getByTestId("swap-price-impact").textContent()).toBe(formatPriceImpact(impact))
      const [tka, tkb] = [quote.from.split(":")[2] as Address, quote.to.split(":")[2] as Address]
      const before = { tka: await tokenBalance(tka), tkb: await tokenBalance(tkb) }
      await page.getByRole("button", { name: "Swap", exact: true }).click()
      await page.getByRole("heading", { name: "Swap confirmed" }).waitFor({ timeout: 60_000 })
      expect(await tokenBalance(tka)).toBe(before.tka - parseUnits("10", 18))
      expect(await tokenBalance(tkb)).toBe(before.tkb + BigInt(quote.toAmountUnits))
      await photograph(page, "features-04-swap-confirmed")
      // Done leads back to the account; Swap again is a new form, not the last swap's confirmation.
      await page.getByRole("button", { name: "Done" }).click()
      await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
      await page.getByRole("button", { name: "Swap", exact: true }).click()
      await expect.poll(() => view(page, "Swap").isVisible()).toBe(true)
      await page.getByRole("button", { name: "Get quote" }).waitFor()
      expect(await page.getByRole("heading", { name: "Swap confirmed" }).count()).toBe(0)
      expect(await page.getByTestId("swap-quote").count()).toBe(0)
    } finally {
      await context.close()
    }
  }, 180_000)

  it("Max on ETH in the swap view leaves the swap's network fee: the amount is the core's swapMax, below the ETH held", async () => {
    const { context, page } = await newPage()
    try {
      await swapView(page)
      await pickToken(page, "From", "ETH")
      await pickToken(page, "To", "TKA")
      await page.getByRole("button", { name: "Max", exact: true }).click()
      const amount = page.getByLabel("Amount")
      await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).not.toBe("")
      const held = await getBalance(createClient({ transport: http(suite.get().stack.rpcUrl) }), {
        address: user,
      })
      const filled = parseEther(await amount.inputValue())
      expect(filled).toBeGreaterThan(0n)
      expect(filled).toBeLessThan(held)
      const core = await page.evaluate(() =>
        (
          window as unknown as {
            appKit: { swapMax: (parameters: { from: string; to: string }) => Promise<string> }
          }
        ).appKit.swapMax({ from: "ETH", to: "TKA" }),
      )
      expect(await amount.inputValue()).toBe(core)
    } finally {
      await context.close()
    }
  }, 120_000)

  it("sends 2.5 TKB to bob.reown.id through the token picker: the name resolves and both balances move exactly", async () => {
    const { context, page } = await newPage()
    try {
      await connected(page)
      await page.getByRole("button", { name: "Send", exact: true }).click()
      await expect.poll(() => view(page, "WalletSend").isVisible()).toBe(true)
      // The picker lists the Tokens tab's rows: the native coin first, then the test tokens the account holds.
      await page.getByRole("button", { name: /^Token / }).click()
      const rows = page.getByRole("list", { name: "Token tokens" }).getByRole("button")
      await rows.filter({ hasText: "TKB" }).waitFor()
      expect(await rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-token")))).toEqual(
        expect.arrayContaining(["ETH", "TKA", "TKB"]),
      )
      await photograph(page, "features-09-send-token-picker")
      await page.getByRole("list", { name: "Token tokens" }).locator('[data-token="TKB"]').click()
      const tkb = (await page.evaluate(
        () =>
          (
            window as unknown as { appKit: { getState: () => { send: { token?: { address?: string } } } } }
          ).appKit.getState().send.token?.address,
      )) as string
      const token = tkb.split(":")[2] as Address
      const bob = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")
      const before = { user: await tokenBalance(token), bob: await tokenBalance(token, bob) }
      await page.getByLabel("Amount", { exact: true }).fill("2.5")
      await page.getByLabel("To", { exact: true }).fill("bob.reown.id")
      await expect
        .poll(() => page.getByTestId("send-receiver-resolved").getAttribute("title"), { timeout: 15_000 })
        .toBe(bob)
      await expect.poll(() => page.getByTestId("send-problem").textContent()).toBe("Ready to send")
      await photograph(page, "features-10-send-name")
      await page.getByRole("button", { name: "Send", exact: true }).click()
      await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 })
      const units = parseUnits("2.5", 6)
      expect(await tokenBalance(token)).toBe(before.user - units)
      expect(await tokenBalance(token, bob)).toBe(before.bob + units)
    } finally {
      await context.close()
    }
  }, 180_000)

  it("buy opens the provider URL with the purchase preset; a restricted time zone is told why", async () => {
    const { context, page } = await newPage()
    try {
      await connected(page)
      await page.getByRole("button", { name: "Buy", exact: true }).click()
      await expect.poll(() => view(page, "OnRamp").isVisible()).toBe(true)
      await photograph(page, "features-05-buy")
      const popup = context.waitForEvent("page")
      await page.getByRole("button", { name: "Buy", exact: true }).click()
      const provider = await popup
      // window.open(url) starts the popup on about:blank and then navigates: wait for the provider's page.
      await provider.waitForURL((address) => address.protocol !== "about:", { waitUntil: "commit" })
      const url = new URL(provider.url())
      expect(url.searchParams.get("partnerUserId")).toBe(user)
      expect(url.searchParams.get("presetFiatAmount")).toBe("50")
      expect(url.searchParams.get("defaultExperience")).toBe("buy")
      await page.getByTestId("onramp-opened").waitFor()
      await photograph(page, "features-06-buy-opened")
    } finally {
      await context.close()
    }
    const restricted = await newPage("Asia/Shanghai")
    try {
      await connected(restricted.page)
      await restricted.page.getByRole("button", { name: "Buy", exact: true }).click()
      await restricted.page.getByRole("button", { name: "Buy", exact: true }).click()
      await expect
        .poll(() => restricted.page.getByRole("alert").textContent())
        .toBe("Buying crypto is not available in this region")
    } finally {
      await restricted.context.close()
    }
  }, 180_000)

  it("connects the card-provider wallet through its dev SDK, registers a name and shows it in the header", async () => {
    const { context, page } = await newPage()
    try {
      await page.goto(suite.get().stack.pageUrl)
      await page.getByRole("button", { name: "Connect Wallet" }).click()
      const card = page
        .getByRole("list", { name: "Wallets" })
        .getByRole("button", { name: /Coinbase Wallet/ })
      await card.waitFor({ timeout: 15_000 })
      await photograph(page, "features-07-card-provider")
      await card.click()
      await expect.poll(() => view(page, "SIWXSignMessage").isVisible(), { timeout: 15_000 }).toBe(true)
      await page.getByRole("button", { name: "Sign in", exact: true }).click()
      await page.locator("[data-appkit-button=account]").click()
      await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
      expect(
        await page.evaluate(
          () =>
            (
              window as unknown as {
                appKit: {
                  getState: () => { account: { byNamespace: { eip155?: { caipAddress?: string } } } }
                }
              }
            ).appKit.getState().account.byNamespace.eip155?.caipAddress,
        ),
      ).toBe("eip155:1:0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65")
      await page.getByRole("button", { name: "Get a name" }).click()
      await view(page, "RegisterAccountName").getByRole("textbox").fill("erin-e2e")
      await page.getByRole("button", { name: "Register" }).click()
      await expect.poll(() => view(page, "RegisterAccountNameSuccess").isVisible()).toBe(true)
      await page.getByRole("heading", { name: "erin-e2e.reown.id is yours" }).waitFor({ timeout: 15_000 })
      // The header's account button names the account by its new name.
      await page
        .getByRole("button", { name: /erin-e2e\.reown\.id/ })
        .first()
        .waitFor({ timeout: 15_000 })
      await photograph(page, "features-08-name-registered")
    } finally {
      await context.close()
    }
  }, 120_000)
})
