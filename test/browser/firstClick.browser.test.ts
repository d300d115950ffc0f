import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasChromium } from "../support/chromium"
import { newLoopbackPage } from "./support/page"
import { demoSuite } from "./support/stack"

/**
 * createAppKit builds its services after the page's first paint. A click on the connect button the moment it
 * exists (in the very task that rendered it, before that build) must still open the wallet list with the
 * page's EIP-6963 wallet, which the build discovers.
 */
describe.skipIf(!hasChromium)("the demo's connect button, clicked at first sight", () => {
  const suite = demoSuite({ beforeAll, afterAll })
  const offLoopback: Array<string> = []

  it("opens the wallet list with the EIP-6963 dev wallet", async () => {
    const { context, page } = await newLoopbackPage(suite.get().browser, offLoopback)
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const button = document.querySelector<HTMLElement>("[data-appkit-button=connect]")
        if (button === null) return
        observer.disconnect()
        const appKit = (window as unknown as { appKit: { getState: () => unknown } }).appKit
        const state = appKit.getState() as { connectors: { connectors: ReadonlyArray<{ name: string }> } }
        ;(window as unknown as { devWalletAtClick: boolean }).devWalletAtClick =
          state.connectors.connectors.some((c) => c.name === "AppKit Dev Wallet")
        button.click()
      })
      observer.observe(document, { childList: true, subtree: true })
    })
    await page.goto(suite.get().stack.pageUrl)
    const rows = page.getByRole("list", { name: "Wallets" }).getByRole("button")
    await rows.filter({ hasText: "AppKit Dev Wallet" }).waitFor()
    // The click came before the services were built: the dev wallet was not a connector yet.
    expect(
      await page.evaluate(() => (window as unknown as { devWalletAtClick: boolean }).devWalletAtClick),
    ).toBe(false)
    expect(await page.locator('dialog[open] [data-view="Connect"]').isVisible()).toBe(true)
    await context.close()
  })
})
