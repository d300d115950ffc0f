import { devBitcoinKeys, ordinalsAccount, paymentAccount } from "@appkit/fixtures/bitcoin"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isOffLoopback, screenshots, seriousViolations } from "../browser/support/page"
import { demoSuite } from "../browser/support/stack"
import { hasChromium } from "../support/chromium"

/**
 * The demo as `npm start` serves it, in Debian's Chromium, with the dev Bitcoin wallet it registers
 * (WBIP004): the selector opens on 'Connect a Bitcoin wallet', shows 'Opening…' while the wallet has the
 * request, closes once the wallet answers, and the page shows the wallet's addresses. A reload connects
 * through the saved default without the selector; disconnecting renounces permissions and forgets it.
 */
const tag = "sats-connect-wallet-provider-selector"
const devWalletId = "DevBitcoinWallet.provider"
const defaultKey = "sats-connect_defaultProvider"
const expected = {
  payment: paymentAccount(devBitcoinKeys.payment, "Mainnet").address,
  ordinals: ordinalsAccount(devBitcoinKeys.ordinals, "Mainnet").address,
}

declare global {
  interface Window {
    bitcoinCalls?: Array<string>
    releaseBitcoinWallet?: () => void
  }
}

/**
 * Wraps the dev wallet's provider so the test sees every method it receives and, while `hold` is set,
 * keeps its answer back as a user would by not confirming yet. Discovery reads the provider at each
 * selection, so the wrapper is what the page's Bitcoin client talks to.
 */
const instrumentWallet = (page: Page, hold: boolean) =>
  page.evaluate(
    ([id, holding]) => {
      const [root, key] = id.split(".") as [string, string]
      type Provider = { request: (method: string, params?: unknown) => Promise<unknown> }
      const holder = (window as unknown as Record<string, Record<string, Provider> | undefined>)[root]
      const provider = holder?.[key]
      if (holder === undefined || provider === undefined)
        throw new Error("the dev Bitcoin wallet is not on the page")
      let held: Promise<void> | undefined = holding
        ? new Promise((resolve) => (window.releaseBitcoinWallet = resolve))
        : undefined
      window.bitcoinCalls = []
      holder[key] = {
        ...provider,
        request: async (method: string, params?: unknown) => {
          window.bitcoinCalls?.push(method)
          await held
          held = undefined
          return provider.request(method, params)
        },
      }
    },
    [devWalletId, hold] as const,
  )

describe.skipIf(!hasChromium)("the demo's Bitcoin section, end to end", () => {
  const suite = demoSuite({ beforeAll, afterAll })
  const offLoopback: Array<string> = []
  const section = (page: Page) => page.locator("section[data-bitcoin-status]")
  const status = (page: Page) => section(page).getAttribute("data-bitcoin-status")
  const panel = (page: Page) => page.locator(`${tag} .side`).getAttribute("data-panel")
  const selectorOpen = (page: Page) =>
    page.evaluate((name) => document.querySelector(name)?.hasAttribute("data-rendered") === true, tag)
  const walletReady = (page: Page) =>
    page.waitForFunction((id) => {
      const listed = (window as { btc_providers?: Array<{ id: string }> }).btc_providers ?? []
      return listed.some((entry) => entry.id === id)
    }, devWalletId)

  it("select → opening the wallet → connected, then restores through the saved default and disconnects", async () => {
    const context = await suite.get().browser.newContext({ viewport: { width: 1280, height: 860 } })
    await context.route(isOffLoopback, (route) => {
      offLoopback.push(route.request().url())
      return route.abort()
    })
    const page = await context.newPage()
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" })
    try {
      await page.goto(suite.get().stack.pageUrl)
      await walletReady(page)
      // The selector's code is not on the page until the user asks for a Bitcoin wallet.
      expect(await page.evaluate((name) => customElements.get(name) === undefined, tag)).toBe(true)
      await instrumentWallet(page, true)

      await page.getByRole("button", { name: "Connect a Bitcoin wallet" }).click()
      const tiles = page.locator(`${tag} [data-wallet]`)
      await tiles.first().waitFor()
      // §1's order: Xverse first (not installed here, and shown so), the installed dev wallet, then the rest.
      expect(
        await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-wallet"))),
      ).toEqual([
        "XverseProviders.BitcoinProvider",
        devWalletId,
        "unisat",
        "LeatherProvider",
        "okxwallet.bitcoin",
      ])
      await expect
        .poll(() => page.locator(`${tag} .card`).textContent())
        .toContain("Choose wallet to connect")
      expect(await panel(page)).toBe("explainer")
      await screenshots(page, "bitcoin", "01-selector")

      await page.locator(`${tag} [data-wallet="${devWalletId}"]`).click()
      await expect.poll(() => panel(page)).toBe("openingWallet")
      const opening = await page.locator(`${tag} .card`).textContent()
      expect(opening).toContain("Opening Dev Bitcoin Wallet...")
      expect(opening).toContain("Confirm the operation in Dev Bitcoin Wallet")
      expect(await status(page)).toBe("connecting")
      await screenshots(page, "bitcoin", "02-opening-wallet")

      await page.evaluate(() => window.releaseBitcoinWallet?.())
      await expect.poll(() => status(page)).toBe("connected")
      await expect.poll(() => selectorOpen(page)).toBe(false)
      expect(await page.locator("[data-bitcoin-address=payment]").textContent()).toBe(expected.payment)
      expect(await page.locator("[data-bitcoin-address=ordinals]").textContent()).toBe(expected.ordinals)
      expect(await page.evaluate((key) => localStorage.getItem(key), defaultKey)).toBe(devWalletId)
      expect(await page.evaluate(() => window.bitcoinCalls)).toEqual(["getAddresses"])
      expect(await seriousViolations(page)).toEqual([])
      await screenshots(page, "bitcoin", "03-connected")

      // After a reload the saved default is asked directly: no selector.
      await page.reload()
      await walletReady(page)
      await instrumentWallet(page, false)
      await page.getByRole("button", { name: "Connect a Bitcoin wallet" }).click()
      await expect.poll(() => status(page)).toBe("connected")
      expect(await selectorOpen(page)).toBe(false)
      expect(await page.locator("[data-bitcoin-address=payment]").textContent()).toBe(expected.payment)

      await page.getByRole("button", { name: "Disconnect Bitcoin wallet" }).click()
      await expect.poll(() => status(page)).toBe("idle")
      expect(await page.evaluate(() => window.bitcoinCalls)).toEqual([
        "getAddresses",
        "wallet_renouncePermissions",
      ])
      expect(await page.evaluate((key) => localStorage.getItem(key), defaultKey)).toBeNull()
      expect(offLoopback).toEqual([])
    } finally {
      await context.close()
    }
  })
})
