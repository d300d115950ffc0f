import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import { type SecureSite, startSecureSite } from "@appkit/secure-site"
import { codeOf } from "@appkit/secure-site/client"
import type { BrowserContext, Page } from "playwright-core"
import { type Address, createPublicClient, type Hex, http, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundlePageScript, hasChromium, launchChromium } from "../support/chromium"
import { servePages } from "./browser/pageServer"
import { fundAccount } from "./support"

// The React skin with the embedded wallet in Debian's chromium: email → the code from the local mail sink →
// connected → a signature viem verifies → 0.1 ETH sent on anvil → sign out. Each step's screenshot goes to docs/
// with APPKIT_UPDATE_DOCS=1 (the committed copies change only when asked for, so a test run leaves the tree clean).
const docs = fileURLToPath(new URL("../../docs/", import.meta.url))
const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

describe.skipIf(!hasChromium)("the React skin's email login in chromium", () => {
  let anvil: Anvil
  let site: SecureSite
  let dapp: Awaited<ReturnType<typeof servePages>>
  let browser: BrowserContext
  let closeBrowser: () => Promise<void>
  let page: Page

  beforeAll(async () => {
    const [started, bundle] = await Promise.all([
      startAnvil({ accounts: 3 }),
      bundlePageScript(fileURLToPath(new URL("./browser/skinHost.tsx", import.meta.url))),
    ])
    anvil = started
    dapp = await servePages({
      "/": {
        type: "html",
        body: '<!doctype html><title>dApp</title><body><script src="/skin.js"></script></body>',
      },
      "/skin.js": { type: "js", body: bundle },
    })
    site = await startSecureSite({
      rpcUrl: anvil.rpcUrl,
      sponsorPrivateKey: anvil.accounts[2]?.privateKey as Hex,
      allowedOrigins: [dapp.origin],
    })
    ;({ browser, close: closeBrowser } = await launchChromium())
    page = await browser.newPage()
    await page.setViewportSize({ width: 480, height: 760 })
    await page.goto(`${dapp.origin}/`)
    await page.evaluate((stack) => window.skin.start(stack), {
      secureSiteUrl: site.url,
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
    })
    mkdirSync(docs, { recursive: true })
  }, 120_000)

  afterAll(async () => {
    await closeBrowser?.()
    await site?.close()
    await Promise.all([dapp?.close(), anvil?.stop()])
  })

  const shot = async (name: string) => {
    if (process.env.APPKIT_UPDATE_DOCS === "1") await page.screenshot({ path: `${docs}embedded-${name}.png` })
  }
  const state = () => page.evaluate(() => window.skin.appKit?.getState())

  it("signs in by email with the mailed code, signs, sends 0.1 ETH and signs out", async () => {
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    const email = page.locator('form[aria-label="Email"] input[type="email"]')
    await email.waitFor({ timeout: 30_000 })
    await email.fill("ada@example.com")
    await shot("1-email")
    await page.getByRole("button", { name: "Continue", exact: true }).click()

    await page.locator('input[aria-label="Digit 1"]').waitFor({ timeout: 30_000 })
    const mail = site.mailbox?.messages("ada@example.com").at(-1)
    const code = codeOf(mail?.text ?? "")
    expect(code).toMatch(/^\d{6}$/)
    await shot("2-code")
    // As a user pastes the code from the mail: every box fills and the code is sent.
    await page.locator('input[aria-label="Digit 1"]').fill(code ?? "")

    await page.waitForFunction(() => window.skin.appKit?.getState().embedded.step === "connected", null, {
      timeout: 30_000,
    })
    const account = (await state())?.account.byNamespace.eip155
    expect(account?.user?.email).toBe("ada@example.com")
    const address = account?.address as Address
    // Signed in, the modal closed; opened again it shows the account, with the email it signed in by.
    await page.evaluate(() => window.skin.appKit?.open())
    await page.getByTestId("embedded-email").waitFor({ timeout: 30_000 })
    expect(await page.getByTestId("embedded-email").textContent()).toBe("ada@example.com")
    await shot("3-connected")

    const signature = (await page.evaluate(() =>
      window.skin.appKit?.signMessage({ namespace: "eip155", message: "hello from the skin" }),
    )) as Hex
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await chain.verifyMessage({ address, message: "hello from the skin", signature })).toBe(true)

    await fundAccount(anvil, address, parseEther("1"))
    const before = await chain.getBalance({ address: receiver })
    const hash = (await page.evaluate(
      (to) => window.skin.appKit?.sendTransaction({ to, value: 100_000_000_000_000_000n }),
      receiver,
    )) as Hex
    await chain.waitForTransactionReceipt({ hash })
    expect((await chain.getBalance({ address: receiver })) - before).toBe(parseEther("0.1"))
    await shot("4-sent")

    await page.evaluate(() => window.skin.appKit?.disconnect())
    expect((await state())?.connection.status).toBe("disconnected")
    expect((await state())?.embedded.step).toBe("idle")
    await shot("5-signed-out")
  }, 180_000)
})
