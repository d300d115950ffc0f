import type { Page } from "playwright-core"
import { createClient, formatEther, getAddress, http, parseEther } from "viem"
import { getBalance } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasChromium } from "../support/chromium"
import { newLoopbackPage, screenshots, seriousViolations } from "./support/page"
import { demoSuite, startDevWallet } from "./support/stack"

/**
 * The demo as `npm start` serves it, in Debian's Chromium: connect, sign in, see the anvil balance and the
 * fixture tokens, send 0.1 ETH, reload, land on UnsupportedChain, disconnect — through the EIP-6963 dev
 * wallet, then through WalletConnect paired by `appkit-cli dev wallet` (its chain switched from its terminal). Every view is checked with axe and
 * photographed (light/dark, 1280/390 px) under test/artifacts/.
 */
const receiver = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")

describe.skipIf(!hasChromium)("the demo page, end to end", () => {
  const suite = demoSuite({ beforeAll, afterAll })
  const offLoopback: Array<string> = []

  /** A fresh profile: nothing requested off the machine is answered (the fixture's avatar URLs included). */
  const newPage = () => newLoopbackPage(suite.get().browser, offLoopback)

  const dialog = (page: Page) => page.locator("dialog.appkit-modal[open]")
  const view = (page: Page, name: string) => page.locator(`dialog[open] [data-view="${name}"]`)
  const state = (page: Page) =>
    page.evaluate(() => {
      const appKit = (window as unknown as { appKit: { getState: () => Record<string, never> } }).appKit
      const s = appKit.getState() as unknown as {
        connection: { status: string }
        network: { caipNetwork: { caipNetworkId: string } }
        modal: { open: boolean }
        router: { view: string }
      }
      return {
        status: s.connection.status,
        network: s.network.caipNetwork.caipNetworkId,
        open: s.modal.open,
        view: s.router.view,
      }
    })
  const checkView = async (page: Page, run: string, step: string) => {
    expect(await seriousViolations(page), `axe on ${step}`).toEqual([])
    await screenshots(page, run, step)
  }
  const node = () => createClient({ transport: http(suite.get().stack.rpcUrl) })

  /** Account view → Send 0.1 ETH → confirmed → in Activity; returns the hash. */
  const sendPointOne = async (page: Page, run: string) => {
    const before = await getBalance(node(), { address: receiver })
    await page.getByRole("button", { name: "Send", exact: true }).click()
    await expect.poll(() => view(page, "WalletSend").isVisible()).toBe(true)
    // The §5 messages come from the core as the form fills in.
    await expect
      .poll(() => page.getByTestId("send-problem").textContent())
      .toBe("An amount and receiver address are required")
    await page.getByLabel("Amount", { exact: true }).fill("0.1")
    await page.getByLabel("To", { exact: true }).fill("0x1234")
    await expect.poll(() => page.getByTestId("send-problem").textContent()).toBe("Invalid address")
    await page.getByLabel("To", { exact: true }).fill(receiver)
    await expect.poll(() => page.getByTestId("send-problem").textContent()).toBe("Ready to send")
    await checkView(page, run, "05-send")
    await page.getByRole("button", { name: "Send", exact: true }).click()
    const done = page.getByRole("heading", { name: "Transaction confirmed" })
    await done.waitFor({ timeout: 30_000 })
    const hash = (await page.locator("[data-hash]").getAttribute("data-hash")) as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await getBalance(node(), { address: receiver })) - before).toBe(parseEther("0.1"))
    await checkView(page, run, "06-sent")
    await page.getByRole("button", { name: "View activity" }).click()
    const entry = page.locator(`li[data-hash="${hash}"]`)
    await entry.waitFor()
    expect(await entry.getAttribute("data-status")).toBe("confirmed")
    expect(await entry.textContent()).toContain("0.100 ETH")
    await checkView(page, run, "07-activity")
    return hash
  }

  /**
   * The Account view shows the node's balance and the tokens the account holds on the local chain: `dev`
   * funds every dev account with the swap market's test tokens, and the fixture API reads them from anvil.
   */
  const accountShowsBalanceAndTokens = async (page: Page, run: string) => {
    await page.locator("[data-appkit-button=account]").click()
    await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
    // The node's balance (the API's portfolio may show first, then the node's replaces it).
    const wei = await getBalance(node(), {
      address: getAddress("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"),
    })
    const expected = `${formatEther(wei).replace(/(\.\d{3})\d*$/, "$1")} ETH`
    await expect
      .poll(() => page.getByTestId("account-balance").textContent(), { timeout: 15_000 })
      .toBe(expected.includes(".") ? expected : expected.replace(" ETH", ".000 ETH"))
    await page.getByRole("list", { name: "Tokens" }).getByText("Test Token A").waitFor()
    await checkView(page, run, "04-account")
  }

  it("connects the EIP-6963 dev wallet, signs in, sends, restores after a reload, lands on UnsupportedChain and disconnects", async () => {
    const run = "injected"
    const { context, page } = await newPage()
    await page.goto(suite.get().stack.pageUrl)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await expect.poll(() => view(page, "Connect").isVisible()).toBe(true)
    // An installed wallet puts the wallet method first; WalletConnect heads the list (§9 order). The EIP-6963
    // dev wallet is found by createAppKit itself; the Solana one (Wallet Standard) and the card provider load
    // in the background.
    const rows = page.getByRole("list", { name: "Wallets" }).getByRole("button")
    for (const name of ["AppKit Dev Wallet", "Dev Solana Wallet", "Coinbase Wallet"])
      await rows.filter({ hasText: name }).waitFor()
    expect(await rows.allTextContents()).toEqual([
      "WalletConnectQR code",
      "AppKit Dev WalletInstalled",
      "Dev Solana WalletInstalled",
      "Coinbase Wallet",
      "All Wallets",
    ])
    await checkView(page, run, "01-connect")
    // Escape asks the core to close (a native dialog: focus stayed inside meanwhile).
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true)
    await page.keyboard.press("Escape")
    await expect.poll(async () => (await state(page)).open).toBe(false)
    await page.getByRole("button", { name: "Connect Wallet" }).click()

    // AllWallets: the directory 40 a page, drawn a few rows at a time however many are loaded.
    await rows.filter({ hasText: "All Wallets" }).click()
    const grid = page.getByRole("list", { name: "Wallet directory" })
    await grid.getByRole("listitem").first().waitFor()
    const scroller = page.locator("[data-loaded]")
    expect(await scroller.getAttribute("data-loaded")).toBe("40")
    await checkView(page, run, "02-all-wallets")
    const total = Number(await scroller.getAttribute("data-count"))
    expect(total).toBeGreaterThan(300)
    for (let page_ = 1; page_ * 40 < total; page_++) {
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight))
      await expect
        .poll(() => scroller.getAttribute("data-loaded"))
        .toBe(String(Math.min(total, (page_ + 1) * 40)))
    }
    // Only the rows in view (and a few either side) are drawn: at most 11 rows of 4.
    expect(await grid.getByRole("listitem").count()).toBeLessThanOrEqual(44)
    await page.getByRole("button", { name: "Back" }).click()

    await rows.filter({ hasText: "AppKit Dev Wallet" }).click()
    await expect.poll(() => view(page, "SIWXSignMessage").isVisible(), { timeout: 15_000 }).toBe(true)
    await checkView(page, run, "03-sign-in")
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await expect.poll(async () => (await state(page)).open).toBe(false)
    // The fixture API names anvil's first account alice.reown.id.
    await page.getByRole("button", { name: /alice\.reown\.id/ }).waitFor({ timeout: 15_000 })

    await accountShowsBalanceAndTokens(page, run)
    await sendPointOne(page, run)

    // A reload brings the account, the network and the sign-in back without asking anything.
    await page.reload()
    await page.getByRole("button", { name: /alice\.reown\.id/ }).waitFor({ timeout: 15_000 })
    await page.evaluate(() => (window as unknown as { appKit: { ready: Promise<void> } }).appKit.ready)
    expect(await state(page)).toMatchObject({ status: "connected", network: "eip155:1", open: false })
    // Silently: the wallet, which kept the site's permission, was asked eth_accounts and never prompted.
    const askedAfterReload = await page.evaluate(() =>
      (
        window as unknown as { appkitDevWallet: { requests: ReadonlyArray<{ method: string }> } }
      ).appkitDevWallet.requests.map((request) => request.method),
    )
    expect(askedAfterReload).toContain("eth_accounts")
    expect(askedAfterReload).not.toContain("eth_requestAccounts")
    await checkView(page, run, "08-restored")

    // The wallet moves to a chain the demo never asked for.
    await page.evaluate(() =>
      (
        window as unknown as { appkitDevWallet: { request: (r: unknown) => Promise<unknown> } }
      ).appkitDevWallet.request({
        method: "wallet_switchEthereumChain",
        params: [{ chainId: "0x539" }],
      }),
    )
    await expect.poll(() => view(page, "UnsupportedChain").isVisible()).toBe(true)
    expect(await state(page)).toMatchObject({ network: "eip155:1337", open: true, view: "UnsupportedChain" })
    await checkView(page, run, "09-unsupported-chain")
    await dialog(page).getByRole("button", { name: "Disconnect" }).click()
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor()
    expect((await state(page)).status).toBe("disconnected")
    await checkView(page, run, "10-disconnected")
    await context.close()
  }, 180_000)

  it("pairs through WalletConnect with appkit-cli dev wallet, signs in, sends, restores, lands on UnsupportedChain and disconnects", async () => {
    const run = "walletconnect"
    const { context, page } = await newPage()
    await page.goto(`${suite.get().stack.pageUrl}?devWallet=off`)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page
      .getByRole("list", { name: "Wallets" })
      .getByRole("button", { name: /WalletConnect/ })
      .click()
    const pairing = page.locator("[data-wc-uri]")
    await pairing.waitFor({ timeout: 20_000 })
    await page.getByRole("img", { name: /QR code/ }).waitFor()
    expect(await pairing.textContent()).toMatch(/Expires in [34]:\d\d/)
    const uri = (await pairing.getAttribute("data-wc-uri")) as string
    expect(uri).toMatch(/^wc:/)
    await checkView(page, run, "01-qr-code")

    const wallet = startDevWallet(suite.get().stack, uri)
    try {
      // The demo also requests a solana network, so no one-click sign-in (§5): the approval connects, then
      // SIWXSignMessage asks for the signature over the session.
      await expect.poll(() => view(page, "SIWXSignMessage").isVisible(), { timeout: 30_000 }).toBe(true)
      await page.getByRole("button", { name: "Sign in", exact: true }).click()
      await page.getByRole("button", { name: /alice\.reown\.id/ }).waitFor({ timeout: 30_000 })
      await expect.poll(async () => (await state(page)).open).toBe(false)
      expect(await state(page)).toMatchObject({ status: "connected", open: false })

      await accountShowsBalanceAndTokens(page, run)
      await sendPointOne(page, run)

      await page.reload()
      await page.getByRole("button", { name: /alice\.reown\.id/ }).waitFor({ timeout: 20_000 })
      await page.evaluate(() => (window as unknown as { appKit: { ready: Promise<void> } }).appKit.ready)
      expect(await state(page)).toMatchObject({ status: "connected", network: "eip155:1", open: false })
      await checkView(page, run, "08-restored")

      // In the wallet's terminal the user picks a chain the demo never asked for: the wallet adds it to the
      // session and says chainChanged; the modal lands on UnsupportedChain.
      wallet.type("chain 1337")
      await expect.poll(() => view(page, "UnsupportedChain").isVisible(), { timeout: 20_000 }).toBe(true)
      expect(await state(page)).toMatchObject({
        network: "eip155:1337",
        open: true,
        view: "UnsupportedChain",
      })
      // The wallet prints it once the dApp has answered its session update, which may land after the view.
      await expect.poll(() => wallet.output(), { timeout: 10_000 }).toContain("switched to chain eip155:1337")
      await checkView(page, run, "09-unsupported-chain")
      await dialog(page).getByRole("button", { name: "Disconnect" }).click()
      await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 20_000 })
      await expect.poll(() => wallet.output(), { timeout: 10_000 }).toContain("session ended by the dApp")
    } finally {
      await wallet.stop()
      await context.close()
    }
  }, 180_000)

  it("opens the wallet list, the dev wallet in it, for a click made the moment the button appears", async () => {
    const { context, page } = await newPage()
    try {
      // Clicked from inside the page as the button is committed: before createAppKit has built its services
      // (they start after the first paint) and before the modal's chunk or the dev wallet are there.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const button = document.querySelector<HTMLButtonElement>("[data-appkit-button=connect]")
          if (button === null) return
          observer.disconnect()
          const appKit = (window as unknown as { appKit: { getState: () => unknown } }).appKit
          const { connectors } = appKit.getState() as {
            connectors: { connectors: ReadonlyArray<{ name: string }> }
          }
          ;(window as unknown as { atClick: unknown }).atClick = {
            modalCode: document.querySelector("dialog.appkit-modal") !== null,
            devWallet: connectors.connectors.some((connector) => connector.name === "AppKit Dev Wallet"),
          }
          button.click()
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto(suite.get().stack.pageUrl)
      const rows = dialog(page).getByRole("list", { name: "Wallets" }).getByRole("button")
      await rows.filter({ hasText: "AppKit Dev Wallet" }).waitFor({ timeout: 15_000 })
      expect(await page.evaluate(() => (window as unknown as { atClick: unknown }).atClick)).toEqual({
        modalCode: false,
        devWallet: false,
      })
      expect(await state(page)).toMatchObject({ open: true, view: "Connect" })
    } finally {
      await context.close()
    }
  })

  it("asked nothing of any host but 127.0.0.1 that was answered", () => {
    // The fixture profiles point avatars at avatars.example: refused by the route above, and the image helper
    // showed its placeholder instead.
    expect(offLoopback.every((url) => url.startsWith("https://avatars.example/"))).toBe(true)
  })
})
