import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type StaticServer, serveStatic } from "../../cli/src/commands/serveStatic"
import { hasChromium, launchChromiumBrowser } from "../support/chromium"
import { buildPage } from "./support/demoBuild"

/**
 * Code an app that configures only EVM browser wallets must never download, by a string only that code holds
 * (as test/size/reactSkin.test.ts and coreBundle.test.ts name them).
 */
const neverDownloaded: ReadonlyArray<readonly [what: string, marker: string]> = [
  ["WalletConnect's sign-client", "wc_sessionPropose"],
  ["the WalletConnect connector", "WalletConnect.request"],
  ["the QR encoder", "Data too long"],
  ["Solana address validation", "Invalid Solana address"],
  ["a Solana chain adapter", "ComputeBudget"],
  ["Bitcoin address types", "p2wpkh"],
  ["the Bitcoin wallet selector", "sats-connect-wallet-provider-selector"],
]

/**
 * The smallest real React app (test/size/apps/react-injected: EVM networks, EIP-6963 wallets, the connect
 * button, no API), built for production and used in Chromium as a person would: what it downloads, not only
 * what its first paint carries, stays free of WalletConnect, Solana and Bitcoin code (issue 10, Build 5).
 */
describe.skipIf(!hasChromium)("an EVM-injected-only React app in Chromium", () => {
  const outDir = mkdtempSync(join(tmpdir(), "appkit-injected-only-"))
  let server: StaticServer
  let browser: Browser
  beforeAll(async () => {
    await buildPage({ outDir, root: fileURLToPath(new URL("../size/apps/react-injected", import.meta.url)) })
    server = await serveStatic({ dir: outDir, port: 0 })
    browser = await launchChromiumBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    rmSync(outDir, { recursive: true, force: true })
  })

  it("opens the modal and All Wallets without downloading WalletConnect, Solana or Bitcoin code", async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const scripts: Array<string> = []
      page.on("response", (response) => {
        const path = new URL(response.url()).pathname
        if (path.endsWith(".js")) scripts.push(path.slice(1))
      })
      await page.goto(server.url)
      await page.getByRole("button", { name: "Connect Wallet" }).click()
      const wallets = page.getByRole("list", { name: "Wallets" })
      await wallets.getByRole("button", { name: /All Wallets/ }).click()
      await page.locator("[data-view=AllWallets] input[type=search]").waitFor({ timeout: 15_000 })
      // Whatever the views fetch ahead (the views they lead to) and the start-up loads once the page is idle.
      await page.waitForLoadState("networkidle")
      await page.waitForTimeout(1_100)
      await page.waitForLoadState("networkidle")

      // The page did download its lazy parts: the modal and the view opened.
      expect(scripts.some((file) => file.includes("/Modal-"))).toBe(true)
      expect(scripts.some((file) => file.includes("/AllWallets-"))).toBe(true)
      const carrying = neverDownloaded.flatMap(([what, marker]) =>
        scripts
          .filter((file) => readFileSync(join(outDir, file), "utf8").includes(marker))
          .map((file) => `${what} in ${file}`),
      )
      expect(carrying).toEqual([])
    } finally {
      await context.close()
    }
  }, 60_000)
})
