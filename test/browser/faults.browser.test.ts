import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasChromium } from "../support/chromium"
import { isOffLoopback, seriousViolations } from "./support/page"
import { demoSuite } from "./support/stack"

/**
 * The demo when the world misbehaves: every request off the machine hangs unanswered, or the fixture API
 * answers 503 to everything. The modal still opens, the §8 toasts and fallbacks show, and no spinner stays.
 */
describe.skipIf(!hasChromium)("the demo page when requests hang or fail", () => {
  const suite = demoSuite({ beforeAll, afterAll })

  const spinners = (page: Page) => page.locator("dialog[open] .appkit-spinner")
  const toast = (page: Page, text: string) => page.locator(".appkit-toast", { hasText: text })

  /** Connect the injected dev wallet and sign in (needs neither the API nor anything off the machine). */
  const connectAndSignIn = async (page: Page) => {
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page
      .getByRole("list", { name: "Wallets" })
      .getByRole("button", { name: /AppKit Dev Wallet/ })
      .click()
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.locator("[data-appkit-button=account]").waitFor({ timeout: 15_000 })
  }

  it("opens and works while every request off 127.0.0.1 hangs: images fall back after 2 s, nothing spins", async () => {
    const context = await suite.get().browser.newContext()
    const hanging: Array<string> = []
    // Never answered: neither fulfilled nor aborted.
    await context.route(isOffLoopback, (route) => void hanging.push(route.request().url()))
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion: "reduce" })
    await page.goto(suite.get().stack.pageUrl)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page
      .getByRole("list", { name: "Wallets" })
      .getByRole("button", { name: /AppKit Dev Wallet/ })
      .waitFor()
    await page.getByRole("button", { name: "Close" }).click()

    await connectAndSignIn(page)
    await page.locator("[data-appkit-button=account]").click()
    await page.getByRole("list", { name: "Tokens" }).getByText("Tether USD").waitFor({ timeout: 15_000 })
    // The profile's avatar lives off the machine and never answers: the placeholder stays, marked failed.
    expect(hanging.some((url) => url.startsWith("https://avatars.example/"))).toBe(true)
    await page
      .locator('dialog[open] [data-view="Account"] [data-loading="failed"]')
      .first()
      .waitFor({ timeout: 5_000 })
    await expect.poll(() => spinners(page).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  }, 90_000)

  it("shows the §8 toasts and falls back when the fixture API answers 503 to everything", async () => {
    const context = await suite.get().browser.newContext()
    await context.route(isOffLoopback, (route) => route.abort())
    // The fixture server's own fault injection: real 503 answers, with its CORS headers.
    await context.route(
      (url) => url.href.startsWith(suite.get().stack.apiUrl),
      (route) =>
        route.continue({ headers: { ...route.request().headers(), "x-fixture-fault": "status=503" } }),
    )
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion: "reduce" })
    await page.goto(suite.get().stack.pageUrl)

    // The directory cannot load: the error shows with a retry, after the core's retries, and nothing spins.
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page.getByRole("list", { name: "Wallets" }).getByRole("button", { name: "All Wallets" }).click()
    await page.getByText("HTTP status code: 503").waitFor({ timeout: 20_000 })
    await page.getByRole("button", { name: "Try again" }).waitFor()
    await expect.poll(() => spinners(page).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole("button", { name: "Back" }).click()
    await page.getByRole("button", { name: "Close" }).click()

    await connectAndSignIn(page)
    await page.locator("[data-appkit-button=account]").click()
    // Balances: 'Token Balance Unavailable', and the native balance still comes from the node.
    await toast(page, "Token Balance Unavailable").waitFor({ timeout: 20_000 })
    await expect
      .poll(() => page.getByTestId("account-balance").textContent(), { timeout: 10_000 })
      .toMatch(/^\d+\.\d{3} ETH$/)
    // Activity: 'Failed to fetch transactions' and an empty list, not a spinner.
    await page.getByRole("tab", { name: "Activity" }).click()
    await toast(page, "Failed to fetch transactions").waitFor({ timeout: 20_000 })
    await page.getByText("No activity yet").waitFor()
    await expect.poll(() => spinners(page).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  }, 90_000)

  it("shows the §8 alert when the project's configuration is refused (origin not on the allowlist)", async () => {
    const context = await suite.get().browser.newContext()
    await context.route(isOffLoopback, (route) => route.abort())
    await context.route(
      (url) => url.href.startsWith(`${suite.get().stack.apiUrl}/appkit/v1/config`),
      (route) =>
        route.continue({
          headers: {
            ...route.request().headers(),
            "x-fixture-fault": "status=403;message=Unauthorized: origin not allowed",
          },
        }),
    )
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion: "reduce" })
    await page.goto(suite.get().stack.pageUrl)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    const alert = page.locator("dialog[open] .appkit-alert")
    await alert.waitFor({ timeout: 10_000 })
    expect(await alert.textContent()).toContain("Invalid App Configuration")
    expect(await alert.textContent()).toContain("This origin is not on the project's allowlist")
    // The wallets are still there to pick.
    await page
      .getByRole("list", { name: "Wallets" })
      .getByRole("button", { name: /AppKit Dev Wallet/ })
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  }, 60_000)
})
