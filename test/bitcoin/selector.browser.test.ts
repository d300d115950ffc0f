import { fileURLToPath } from "node:url"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundlePageScript, hasChromium, launchChromium } from "../support/chromium"

// The Bitcoin wallet selector element in Debian's chromium: layout limits, the three side-panel states,
// cancel by Escape and by a click outside, 'Get' opening a new tab, and a whole connect cycle with the dev
// wallet. Nothing leaves 127.0.0.1: install links point at the fixture server and other requests are refused.

const tag = "sats-connect-wallet-provider-selector"
const installed = {
  id: "DevBitcoinWallet.provider",
  name: "Dev Bitcoin Wallet",
  icon: "data:image/svg+xml;base64,AA==",
  isInstalled: true,
}

describe.skipIf(!hasChromium)("the Bitcoin wallet selector element in chromium", () => {
  let browser: BrowserContext
  let page: Page
  let closeBrowser: () => Promise<void>
  let api: FixtureApi
  let script: string

  const missing = () => ({
    id: "unisat",
    name: "Unisat",
    icon: "data:image/svg+xml;base64,AA==",
    isInstalled: false,
    installPrompt: { url: `${api.url}/install/unisat` },
  })

  /** Runs `selector` in the element's shadow root. */
  const shadow = <T>(evaluate: (root: ShadowRoot) => T) =>
    page.evaluate(
      ([name, source]) => {
        const root = (document.querySelector(name) as HTMLElement).shadowRoot as ShadowRoot
        return new Function("root", `return (${source})(root)`)(root)
      },
      [tag, evaluate.toString()] as const,
    ) as Promise<T>

  // innerText, not textContent: what is shown, with the line breaks between blocks.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  const text = () => shadow((root) => (root.querySelector(".card") as HTMLElement).innerText)
  const panel = () => shadow((root) => root.querySelector(".side")?.getAttribute("data-panel") ?? "none")

  const freshPage = async (width: number) => {
    await page?.close()
    page = await browser.newPage()
    await page.setViewportSize({ width, height: 800 })
    // The page lives on the fixture server's origin, so it has localStorage (about:blank has none).
    await page.goto(`${api.url}/bitcoin-dapp`)
    await page.setContent("<!doctype html><title>Bitcoin dApp</title><body></body>")
    await page.addScriptTag({ content: script })
  }

  beforeAll(async () => {
    const [started, bundled] = await Promise.all([
      startFixtureApi(),
      bundlePageScript(fileURLToPath(new URL("./browser/selectorPage.ts", import.meta.url))),
    ])
    api = started
    script = bundled
    ;({ browser, close: closeBrowser } = await launchChromium())
    // Only the page itself and the fixture server: any other request is refused before it leaves.
    await browser.route("**/*", (route) =>
      route.request().url().startsWith(api.url) || route.request().url().startsWith("data:")
        ? route.continue()
        : route.abort(),
    )
  }, 60_000)

  afterAll(async () => {
    await closeBrowser?.()
    await api?.close()
  })

  it("keeps the card within its limits: side panel and divider at 800 px, neither at 390 px", async () => {
    await freshPage(800)
    await page.evaluate(([a, b]) => window.openSelector([a, b]), [installed, missing()] as const)
    const wide = await shadow((root) => {
      const card = root.querySelector(".card") as HTMLElement
      const style = getComputedStyle(card)
      // Layout sizes (offset*), not the animated box: the card slides in with a transform.
      return {
        width: card.offsetWidth,
        height: card.offsetHeight,
        radius: style.borderTopLeftRadius,
        divider: root.querySelector(".divider") !== null,
        side: root.querySelector(".side") !== null,
        zIndex: getComputedStyle(root.host).zIndex,
        columns: getComputedStyle(root.querySelector(".wallets") as HTMLElement)
          .gridTemplateColumns.split(" ")
          .map(parseFloat),
        icon: (root.querySelector(".wallet img") as HTMLElement).getBoundingClientRect().width,
      }
    })
    expect(wide.width).toBeLessThanOrEqual(740)
    expect(wide.width).toBeGreaterThan(360)
    expect(wide.height).toBeLessThanOrEqual(460)
    expect(wide.height).toBeGreaterThanOrEqual(340)
    expect(wide).toMatchObject({ radius: "24px", divider: true, side: true, zIndex: "999999", icon: 56 })
    expect(wide.columns.every((column) => column >= 100)).toBe(true)

    await freshPage(390)
    await page.evaluate(([a, b]) => window.openSelector([a, b]), [installed, missing()] as const)
    const narrow = await shadow((root) => ({
      width: (root.querySelector(".card") as HTMLElement).offsetWidth,
      height: (root.querySelector(".card") as HTMLElement).offsetHeight,
      divider: root.querySelector(".divider") !== null,
      side: root.querySelector(".side") !== null,
    }))
    expect(narrow.width).toBeLessThanOrEqual(360)
    expect(narrow.height).toBeGreaterThanOrEqual(340)
    expect(narrow).toMatchObject({ divider: false, side: false })
  })

  it("shows the explainer, then the install prompt whose 'Get' opens the install link in a new tab", async () => {
    await freshPage(800)
    await page.evaluate(([a, b]) => window.openSelector([a, b]), [installed, missing()] as const)
    await page.waitForTimeout(450)
    expect(await panel()).toBe("explainer")
    const explainer = await text()
    expect(explainer).toContain("Choose wallet to connect")
    expect(explainer).toContain("Start by selecting one of the wallets below and confirming the connection.")
    expect(explainer).toContain("What is a wallet?")
    expect(explainer).toContain(
      "Wallets let you send, receive, store and display digital assets like Bitcoin, Stacks, Ordinals & NFTs.",
    )
    expect(explainer).toContain("Explore Bitcoin apps by connecting your wallet.")

    await page.locator(`${tag} [data-wallet="unisat"]`).click()
    expect(await panel()).toBe("installPrompt")
    const prompt = await text()
    expect(prompt).toContain("Don't have Unisat?")
    expect(prompt).toContain("Download it on the Chrome web store.")
    const [tab] = await Promise.all([browser.waitForEvent("page"), page.locator(`${tag} .get`).click()])
    expect(tab.url()).toBe(`${api.url}/install/unisat`)
    await tab.close()
  })

  it("keeps keyboard focus on the tile pressed when the side panel changes, and on the card as the window resizes", async () => {
    await freshPage(800)
    await page.evaluate(([a, b]) => window.openSelector([a, b]), [installed, missing()] as const)
    await page.waitForTimeout(450)
    const focused = () => shadow((root) => root.activeElement?.getAttribute("data-wallet") ?? null)
    await page.locator(`${tag} [data-wallet="unisat"]`).focus()
    await page.keyboard.press("Enter")
    expect(await panel()).toBe("installPrompt")
    expect(await focused()).toBe("unisat")
    // The next Tab goes on inside the card (to the prompt's 'Get'), not to the page behind.
    await page.keyboard.press("Tab")
    expect(await shadow((root) => root.activeElement?.className ?? null)).toBe("get")
    await page.locator(`${tag} [data-wallet="unisat"]`).focus()
    await page.setViewportSize({ width: 790, height: 800 })
    await page.waitForTimeout(100)
    expect(await focused()).toBe("unisat")
  })

  it("with no wallet installed: the other heading, no side panel, and a tile that opens its store directly", async () => {
    await freshPage(800)
    await page.evaluate((option) => window.openSelector([option]), missing())
    expect(await text()).toContain("Don't have a wallet?")
    expect(await text()).toContain("Start by installing one of the wallets below.")
    expect(await panel()).toBe("none")
    const [tab] = await Promise.all([
      browser.waitForEvent("page"),
      page.locator(`${tag} [data-wallet="unisat"]`).click(),
    ])
    expect(tab.url()).toBe(`${api.url}/install/unisat`)
    await tab.close()
  })

  it("at 390 px an uninstalled wallet's tile opens its store at once", async () => {
    await freshPage(390)
    await page.evaluate(([a, b]) => window.openSelector([a, b]), [installed, missing()] as const)
    const [tab] = await Promise.all([
      browser.waitForEvent("page"),
      page.locator(`${tag} [data-wallet="unisat"]`).click(),
    ])
    expect(tab.url()).toBe(`${api.url}/install/unisat`)
    await tab.close()
  })

  it("keeps Tab and Shift-Tab inside the card while it is open, with a button on the page behind; Escape still cancels", async () => {
    await freshPage(800)
    await page.evaluate(() =>
      document.body.prepend(Object.assign(document.createElement("button"), { id: "behind" })),
    )
    await page.evaluate(([a, b]) => window.openSelector([a, b]), [installed, missing()] as const)
    await page.waitForTimeout(450)
    // Where the focus is: a button of the card (its wallet, or its class), else what has it on the page.
    const at = () =>
      page.evaluate((name) => {
        const active = document.activeElement
        if (active?.tagName.toLowerCase() !== name) return `page: ${active?.id || active?.tagName}`
        const inner = active.shadowRoot?.activeElement
        return inner?.getAttribute("data-wallet") ?? inner?.className ?? "none"
      }, tag)
    const press = async (key: string, times: number) => {
      const seen: Array<string> = []
      for (let n = 0; n < times; n++) {
        await page.keyboard.press(key)
        seen.push(await at())
      }
      return seen
    }
    expect(await at()).toBe("card")
    expect(await press("Tab", 5)).toEqual([
      "DevBitcoinWallet.provider",
      "unisat",
      "close",
      "DevBitcoinWallet.provider",
      "unisat",
    ])
    expect(await press("Shift+Tab", 4)).toEqual([
      "DevBitcoinWallet.provider",
      "close",
      "unisat",
      "DevBitcoinWallet.provider",
    ])
    await page.keyboard.press("Escape")
    await page.waitForFunction((name) => !document.querySelector(name)?.hasAttribute("data-rendered"), tag)
    expect(await page.evaluate(() => window.selectorEvents)).toEqual([
      { type: "sats-connect_wallet-provider-selector_cancel", detail: null },
    ])
  })

  it("cancels on Escape and on a click outside the card, once each, and closes", async () => {
    await freshPage(800)
    const animation = () =>
      shadow((root) => getComputedStyle(root.querySelector(".card") as HTMLElement).animationDuration)
    await page.evaluate((option) => window.openSelector([option]), installed)
    expect(await animation()).toBe("0.4s")
    await page.keyboard.press("Escape")
    expect(await animation()).toBe("0.2s")
    await page.evaluate((option) => window.openSelector([option]), installed)
    await page.waitForTimeout(450)
    await page.mouse.click(5, 5)
    await page.waitForFunction((name) => !document.querySelector(name)?.hasAttribute("data-rendered"), tag)
    expect(await page.evaluate(() => window.selectorEvents)).toEqual([
      { type: "sats-connect_wallet-provider-selector_cancel", detail: null },
      { type: "sats-connect_wallet-provider-selector_cancel", detail: null },
    ])
  })

  it("runs a whole cycle with the dev wallet: select, opening the wallet, connected", async () => {
    await freshPage(800)
    await page.evaluate(() => {
      window.installDevWallet()
      window.holdWallet()
      void window.connectWithSelector()
    })
    await page.locator(`${tag} [data-wallet="DevBitcoinWallet.provider"]`).click()
    await page.waitForFunction(
      (name) =>
        document.querySelector(name)?.shadowRoot?.querySelector(".side")?.getAttribute("data-panel") ===
        "openingWallet",
      tag,
    )
    const opening = await text()
    expect(opening).toContain("Opening Dev Bitcoin Wallet...")
    expect(opening).toContain("Confirm the operation in Dev Bitcoin Wallet")
    await page.evaluate(() => window.releaseWallet())
    await page.waitForFunction(() => window.connectResult !== undefined)
    const result = (await page.evaluate(() => window.connectResult)) as {
      status: string
      result: { addresses: Array<{ purpose: string }> }
    }
    expect(result.status).toBe("success")
    expect(result.result.addresses.map((entry) => entry.purpose)).toEqual(["payment", "ordinals"])
    await page.waitForFunction((name) => !document.querySelector(name)?.hasAttribute("data-rendered"), tag)
    expect(await page.evaluate(() => localStorage.getItem("sats-connect_defaultProvider"))).toBe(
      "DevBitcoinWallet.provider",
    )
    expect(await page.evaluate(() => window.selectorEvents)).toEqual([
      { type: "sats-connect_wallet-provider-selector_select", detail: "DevBitcoinWallet.provider" },
    ])
  })
})
