import { fileURLToPath } from "node:url"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundlePageScript, hasChromium, launchChromiumBrowser } from "../support/chromium"
import { isOffLoopback } from "./support/page"

/**
 * The modal's dialog behaviour in Debian's Chromium, on the skin alone (test/browser/pages/modalPage.tsx):
 * what Escape does when the core refuses to close, and where focus goes when it closes.
 */
describe.skipIf(!hasChromium)("the modal dialog in chromium", () => {
  let script: string
  let browser: Browser
  let api: FixtureApi
  beforeAll(async () => {
    ;[script, browser, api] = await Promise.all([
      bundlePageScript(fileURLToPath(new URL("./pages/modalPage.tsx", import.meta.url))),
      launchChromiumBrowser(),
      startFixtureApi(),
    ])
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await api?.close()
  })

  const withPage = async (use: (page: Page) => Promise<void>, notifyDelayMs?: number) => {
    const context: BrowserContext = await browser.newContext()
    try {
      await context.route(isOffLoopback, (route) => route.abort())
      const page = await context.newPage()
      await page.setContent("<!doctype html><html lang=en><title>dApp</title><body></body></html>")
      await page.evaluate(
        ([url, delay]) => {
          window.modalTestApiUrl = url
          if (delay !== undefined) window.modalTestNotifyDelayMs = delay
        },
        [api.url, notifyDelayMs] as const,
      )
      await page.addScriptTag({ content: script })
      await use(page)
    } finally {
      await context.close()
    }
  }
  /** Opens the modal as a user does, with the connect button, on the Connect view. */
  const openWithButton = async (page: Page) => {
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page.locator("dialog[open] [data-view=Connect]").waitFor()
  }
  const coreOpen = (page: Page) => page.evaluate(() => window.appKit.getState().modal.open)
  const dialogOpen = (page: Page) =>
    page.evaluate(() => document.querySelector<HTMLDialogElement>("dialog.appkit-modal")?.open === true)

  it("stays open on ApproveTransaction however often Escape is pressed, as the core refuses to close", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      await page.evaluate(() => window.appKit.push("ApproveTransaction"))
      await page.locator("dialog[open] [data-view=ApproveTransaction]").waitFor()
      // Chromium lets a page refuse a dialog's cancel only once per user activation: later presses close it
      // natively unless the skin puts it back while the core still holds it open.
      for (let press = 0; press < 4; press++) {
        await page.keyboard.press("Escape")
        await expect.poll(() => coreOpen(page)).toBe(true)
        await expect.poll(() => dialogOpen(page)).toBe(true)
      }
      // Once the request has settled it closes (forced, as the core does then), and the button opens it again.
      await page.evaluate(() => window.appKit.close({ force: true }))
      await expect.poll(() => dialogOpen(page)).toBe(false)
      await page.getByRole("button", { name: "Connect Wallet" }).click()
      await expect.poll(() => dialogOpen(page)).toBe(true)
    })
  }, 60_000)

  it("closes on Escape where closing is allowed, and gives focus back to the button that opened it", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true)
      await page.keyboard.press("Escape")
      await expect.poll(() => coreOpen(page)).toBe(false)
      await expect.poll(() => dialogOpen(page)).toBe(false)
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Connect Wallet")
    })
  }, 60_000)

  it("keeps focus in the dialog, on the new view's title, when a keyboard press changes the view", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement
          return { inDialog: element?.closest("dialog") != null, id: element?.id, text: element?.textContent }
        })
      // The row pressed goes with the view it was on; the user lands on the title of the one it led to.
      await page.getByRole("button", { name: "All Wallets" }).focus()
      await page.keyboard.press("Enter")
      await page.locator("dialog[open] [data-view=AllWallets]").waitFor()
      expect(await focused()).toEqual({ inDialog: true, id: "appkit-modal-title", text: "All Wallets" })
      // Back is gone on the first view: focus lands on that view's title, and Tab goes on from there.
      await page.getByRole("button", { name: "Back" }).focus()
      await page.keyboard.press("Enter")
      await page.locator("dialog[open] [data-view=Connect]").waitFor()
      expect(await focused()).toEqual({ inDialog: true, id: "appkit-modal-title", text: "Connect Wallet" })
      await page.keyboard.press("Tab")
      expect((await focused()).inDialog).toBe(true)
    })
  }, 60_000)

  it("closes on a click on the backdrop, but not when a drag that began inside (selecting text) ends there", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      await page.evaluate(() => window.appKit.push("AllWallets"))
      const search = page.locator("dialog[open] [data-view=AllWallets] input[type=search]")
      await search.fill("some wallet name")
      const box = await search.boundingBox()
      if (box === null) throw new Error("the search field is not on screen")
      // Select the typed text by dragging leftwards, past the card's edge onto the backdrop.
      await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2)
      await page.mouse.down()
      await page.mouse.move(4, box.y + box.height / 2, { steps: 5 })
      await page.mouse.up()
      await page.waitForTimeout(200)
      expect(await coreOpen(page)).toBe(true)
      expect(await dialogOpen(page)).toBe(true)
      // A plain click on the backdrop still closes it.
      await page.mouse.click(4, 4)
      await expect.poll(() => coreOpen(page)).toBe(false)
    })
  }, 60_000)

  it("stays open when the app closes and at once reopens it", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      await page.evaluate(async () => {
        await window.appKit.close()
        // Let the skin close the dialog, then open again before the dialog's close event is delivered.
        await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
        await window.appKit.open()
      })
      await page.waitForTimeout(300)
      expect(await coreOpen(page)).toBe(true)
      expect(await dialogOpen(page)).toBe(true)
    })
  }, 60_000)

  // What sign-in does after a connect: the skin closes the Connecting view, and the core's sign-in check opens the
  // modal again in a fiber of its own, before the dialog's close event and before the skin hears of it.
  it("stays open when the core reopens it before the dialog's close event and the skin hears of it after", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      await page.evaluate(async () => {
        const dialog = document.querySelector<HTMLDialogElement>("dialog.appkit-modal")
        if (dialog === null) throw new Error("no dialog")
        await new Promise<void>((resolve) => {
          // The close event of the skin's own close is held back until the core has reopened the modal.
          const holdBack = (event: Event) => {
            if (event.target !== dialog) return
            window.removeEventListener("close", holdBack, true)
            event.stopImmediatePropagation()
            void window.appKit.open({ view: "AllWallets" }).then(() => {
              dialog.dispatchEvent(new Event("close"))
              resolve()
            })
          }
          window.addEventListener("close", holdBack, true)
          void window.appKit.close()
        })
      })
      await page.waitForTimeout(300)
      expect(await coreOpen(page)).toBe(true)
      expect(await dialogOpen(page)).toBe(true)
      await page.locator("dialog[open] [data-view=AllWallets]").waitFor()
    }, 50)
  }, 60_000)

  it("shows the wallets a search finds, from the top, however far the list was scrolled", async () => {
    await withPage(async (page) => {
      await openWithButton(page)
      await page.evaluate(() => window.appKit.push("AllWallets"))
      const scroller = page.locator("dialog[open] [data-loaded]")
      await expect.poll(() => scroller.getAttribute("data-loaded"), { timeout: 15_000 }).toBe("40")
      // Three pages down the directory.
      for (const loaded of ["80", "120"]) {
        await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight))
        await expect.poll(() => scroller.getAttribute("data-loaded")).toBe(loaded)
      }
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight))
      await page.locator("dialog[open] input[type=search]").fill("meta")
      // The directory has hundreds of wallets; a few of them match.
      const count = async () => Number(await scroller.getAttribute("data-count"))
      await expect.poll(async () => (await count()) > 0 && (await count()) < 40).toBe(true)
      const found = await count()
      const tiles = page.getByRole("list", { name: "Wallet directory" }).getByRole("listitem")
      await expect.poll(() => tiles.count()).toBe(found)
      await tiles.filter({ hasText: "MetaMask" }).waitFor()
      expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0)
    })
  }, 60_000)
})
