import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type StaticServer, serveStatic } from "../../cli/src/commands/serveStatic"
import { hasChromium, launchChromiumBrowser } from "../support/chromium"
import { buildPage } from "./support/demoBuild"
import { isOffLoopback } from "./support/page"

/** WalletConnect's code, by a string only it holds (as test/size/reactSkin.test.ts and coreBundle.test.ts name it). */
const walletConnectCode: ReadonlyArray<readonly [what: string, marker: string]> = [
  ["WalletConnect's sign-client", "wc_sessionPropose"],
  ["the WalletConnect connector", "WalletConnect.request"],
  ["the QR encoder", "Data too long"],
]

/** Solana's and Bitcoin's code, likewise. */
const otherChainsCode: ReadonlyArray<readonly [what: string, marker: string]> = [
  ["Solana address validation", "Invalid Solana address"],
  ["a Solana chain adapter", "ComputeBudget"],
  ["Bitcoin address types", "p2wpkh"],
  ["the Bitcoin wallet selector", "sats-connect-wallet-provider-selector"],
]

/** A browser wallet announced through EIP-6963 that approves at once, on chain 1 (an init script). */
const announceTestWallet = () => {
  const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
  const provider = {
    request: async ({ method }: { readonly method: string }) => {
      if (method === "eth_requestAccounts" || method === "eth_accounts") return [account]
      if (method === "eth_chainId") return "0x1"
      return null
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
  const info = {
    uuid: "7c3b1f9e-0000-4000-8000-000000000001",
    name: "Test Wallet",
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    rdns: "test.wallet",
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
}

/**
 * The smallest real React app (test/size/apps/react-injected: EVM networks, EIP-6963 wallets, the connect
 * button, no API), built for production and used in Chromium as a person would: what it downloads, not only
 * what its first paint carries, stays free of WalletConnect code, and of Solana and Bitcoin code until it
 * connects (issue 10, Build 5).
 */
describe.skipIf(!hasChromium)("an EVM-injected-only React app in Chromium", () => {
  let outDir: string
  let server: StaticServer
  let browser: Browser
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "appkit-injected-only-"))
    await buildPage({ outDir, root: fileURLToPath(new URL("../size/apps/react-injected", import.meta.url)) })
    server = await serveStatic({ dir: outDir, port: 0 })
    browser = await launchChromiumBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (outDir !== undefined) rmSync(outDir, { recursive: true, force: true })
  })

  interface App {
    readonly page: Page
    /** The scripts downloaded so far, by path in the build. */
    readonly scripts: ReadonlyArray<string>
    /** Once whatever the views fetch ahead and the start-up's idle work are done: the code each script carries. */
    readonly carrying: (
      code: ReadonlyArray<readonly [what: string, marker: string]>,
    ) => Promise<Array<string>>
  }

  /** `use` on a fresh page of the app, every script it downloads recorded, nothing off the machine answered. */
  const withApp = async (use: (app: App) => Promise<void>) => {
    const context = await browser.newContext()
    try {
      await context.route(isOffLoopback, (route) => route.abort())
      await context.addInitScript(announceTestWallet)
      const page = await context.newPage()
      const scripts: Array<string> = []
      page.on("response", (response) => {
        const path = new URL(response.url()).pathname
        if (path.endsWith(".js")) scripts.push(path.slice(1))
      })
      await page.goto(server.url)
      const carrying: App["carrying"] = async (code) => {
        await page.waitForLoadState("networkidle")
        await page.waitForTimeout(1_100)
        await page.waitForLoadState("networkidle")
        return code.flatMap(([what, marker]) =>
          scripts
            .filter((file) => readFileSync(join(outDir, file), "utf8").includes(marker))
            .map((file) => `${what} in ${file}`),
        )
      }
      await use({ page, scripts, carrying })
    } finally {
      await context.close()
    }
  }

  it("opens the modal and All Wallets without downloading WalletConnect, Solana or Bitcoin code", async () => {
    await withApp(async ({ page, scripts, carrying }) => {
      await page.getByRole("button", { name: "Connect Wallet" }).click()
      await page
        .getByRole("list", { name: "Wallets" })
        .getByRole("button", { name: /All Wallets/ })
        .click()
      await page.locator("[data-view=AllWallets] input[type=search]").waitFor({ timeout: 15_000 })
      expect(await carrying([...walletConnectCode, ...otherChainsCode])).toEqual([])
      // The page did download its lazy parts: the modal and the view opened.
      expect(scripts.some((file) => file.includes("/Modal-"))).toBe(true)
      expect(scripts.some((file) => file.includes("/AllWallets-"))).toBe(true)
    })
  }, 60_000)

  it("connects a browser wallet and shows its Account view without downloading WalletConnect code", async () => {
    await withApp(async ({ page, scripts, carrying }) => {
      await page.getByRole("button", { name: "Connect Wallet" }).click()
      await page
        .getByRole("list", { name: "Wallets" })
        .getByRole("button", { name: /Test Wallet/ })
        .click()
      await page.locator("[data-appkit-button=account]").click({ timeout: 15_000 })
      await page.locator("dialog[open] [data-view=Account]").waitFor({ timeout: 15_000 })
      expect(await carrying(walletConnectCode)).toEqual([])
      // The actions' chunk came with the connection (the balance): the WalletConnect connector is not in it.
      expect(scripts.some((file) => file.includes("/onFirstUse-"))).toBe(true)
    })
  }, 60_000)
})
