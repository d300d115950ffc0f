import { approveFarcasterSignIn } from "@appkit/secure-site"
import { codeOf, type MailMessage } from "@appkit/secure-site/client"
import type { BrowserContext, Page } from "playwright-core"
import { type Address, createPublicClient, type Hex, http } from "viem"
import { generatePrivateKey } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasChromium } from "../support/chromium"
import { newLoopbackPage, screenshots, seriousViolations, updateDocsScreenshot } from "./support/page"
import { decodeQrOnScreen } from "./support/qr"
import { demoSuite } from "./support/stack"

/**
 * The embedded wallet in the demo as `npm start` serves it, in Debian's Chromium, against the stack's secure
 * site: email with the code from its mail sink (a reload keeps the session without a new code, then the
 * email is updated through a code to each address), social login through the local OpenID provider's real
 * redirect in a popup, and Farcaster through its QR code, approved as a Farcaster client does. Each signs a
 * message that viem verifies on anvil. Every step is checked with axe and photographed under
 * test/artifacts/embedded/ (copied to docs/screenshots/ with APPKIT_UPDATE_DOCS=1).
 */
const run = "embedded"

interface EmbeddedState {
  readonly status: string
  readonly step: string
  readonly address: Address | undefined
  readonly email: string | undefined
  readonly userName: string | undefined
  readonly farcasterUrl: string | undefined
}

describe.skipIf(!hasChromium)("the demo's embedded wallet in chromium", () => {
  const suite = demoSuite({ beforeAll, afterAll })
  const offLoopback: Array<string> = []

  afterAll(() => expect(offLoopback).toEqual([]))

  /** A fresh profile (a new device for the secure site): nothing off the machine is answered. */
  const newPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const opened = await newLoopbackPage(suite.get().browser, offLoopback)
    await opened.page.goto(suite.get().stack.pageUrl)
    return opened
  }

  const view = (page: Page, name: string) => page.locator(`dialog[open] [data-view="${name}"]`)
  const photograph = async (page: Page, step: string) => {
    expect(await seriousViolations(page), `axe on ${step}`).toEqual([])
    await screenshots(page, run, step)
    updateDocsScreenshot(run, step)
  }
  const state = (page: Page): Promise<EmbeddedState> =>
    page.evaluate(() => {
      const appKit = (window as unknown as { appKit: { getState: () => unknown } }).appKit
      const s = appKit.getState() as {
        connection: { status: string }
        embedded: { step: string }
        account: {
          byNamespace: {
            eip155?: {
              address?: Address
              farcasterUrl?: string
              user?: { email?: string; userName?: string }
            }
          }
        }
      }
      const account = s.account.byNamespace.eip155
      return {
        status: s.connection.status,
        step: s.embedded.step,
        address: account?.address,
        email: account?.user?.email,
        userName: account?.user?.userName,
        farcasterUrl: account?.farcasterUrl,
      }
    })

  /** What the stack's mail sink holds for `to` (the secure site's development mailbox). */
  const mails = async (to: string): Promise<ReadonlyArray<MailMessage>> => {
    const url = new URL("dev/mailbox", `${suite.get().stack.secureSiteUrl}/`)
    url.searchParams.set("to", to)
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    expect(response.status).toBe(200)
    return (await response.json()) as ReadonlyArray<MailMessage>
  }
  /** The code in the newest mail to `to` that arrived after `after` mails, waited for. */
  const codeMailedTo = async (to: string, after: number): Promise<string> => {
    let code: string | undefined
    await expect
      .poll(
        async () => {
          const list = await mails(to)
          code = list.length > after ? codeOf(list.at(-1)?.text ?? "") : undefined
          return code
        },
        { timeout: 15_000, message: `a code mailed to ${to}` },
      )
      .toMatch(/^\d{6}$/)
    return code as string
  }

  /** The embedded wallet connected (and the modal done with it): its address. */
  const connectedAddress = async (page: Page): Promise<Address> => {
    await expect
      .poll(
        async () => {
          const { status, step } = await state(page)
          return [status, step]
        },
        { timeout: 30_000, message: "connected" },
      )
      .toEqual(["connected", "connected"])
    const { address } = await state(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    return address as Address
  }

  /** The demo asks every new connection to sign in (SIWX); the embedded wallet signs the message. */
  const signsIn = async (page: Page, step?: string) => {
    await expect.poll(() => view(page, "SIWXSignMessage").isVisible(), { timeout: 30_000 }).toBe(true)
    if (step !== undefined) await photograph(page, step)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await expect.poll(() => modalOpen(page), { timeout: 30_000, message: "signed in" }).toBe(false)
  }
  const modalOpen = (page: Page) =>
    page.evaluate(
      () =>
        (window as unknown as { appKit: { getState: () => { modal: { open: boolean } } } }).appKit.getState()
          .modal.open,
    )

  /** A personal_sign through the embedded wallet, verified on anvil (EIP-1271 for a smart account). */
  const signsVerifiably = async (page: Page, address: Address, message: string) => {
    const signature = (await page.evaluate(
      (text) =>
        (
          window as unknown as {
            appKit: { signMessage: (input: { namespace: string; message: string }) => Promise<string> }
          }
        ).appKit.signMessage({ namespace: "eip155", message: text }),
      message,
    )) as Hex
    const chain = createPublicClient({ transport: http(suite.get().stack.rpcUrl) })
    expect(await chain.verifyMessage({ address, message, signature })).toBe(true)
  }

  const openConnect = async (page: Page) => {
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await expect.poll(() => view(page, "Connect").isVisible()).toBe(true)
  }

  /** Waits for `selector`; when it does not come, the failure says where the flow stood (its error, alert). */
  const shows = async (page: Page, selector: string) => {
    try {
      await page.locator(selector).waitFor({ timeout: 60_000 })
    } catch (error) {
      throw new Error(`${selector} did not show; the embedded flow: ${await flowOf(page)}`, { cause: error })
    }
  }
  const flowOf = (page: Page) =>
    page.evaluate(() =>
      JSON.stringify(
        (window as unknown as { appKit: { getState: () => { embedded: unknown } } }).appKit.getState()
          .embedded,
      ),
    )

  const fillCode = async (page: Page, scope: string, code: string) => {
    const first = page.locator(`${scope} input[aria-label="Digit 1"]`)
    await shows(page, `${scope} input[aria-label="Digit 1"]`)
    // As a user pastes the code from the mail: every box fills and the code is sent.
    await first.fill(code)
  }

  it("email → the mailed code → connected → signs; a reload keeps the session without a new code; the email is updated through both codes", async () => {
    const { context, page } = await newPage()
    try {
      const email = "grace@example.com"
      const newEmail = "grace.hopper@example.com"
      await openConnect(page)
      const input = page.locator('form[aria-label="Email"] input[type="email"]')
      await input.waitFor({ timeout: 30_000 })
      await input.fill(email)
      await photograph(page, "embedded-01-email")
      await page.getByRole("button", { name: "Continue", exact: true }).click()

      // The secure site's frame loads on first use; then the code is mailed and the code boxes show.
      await shows(page, '[aria-label="Code"] input[aria-label="Digit 1"]')
      const code = await codeMailedTo(email, 0)
      await photograph(page, "embedded-02-code")
      // A wrong code first: refused, the boxes come back empty with the focus on the first, so the code is
      // simply typed again (no click).
      const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`
      await fillCode(page, '[aria-label="Code"]', wrong)
      await shows(page, '[aria-label="Code"] ~ [role=alert]')
      const digits = page.locator('[aria-label="Code"] input')
      await expect
        .poll(() =>
          digits.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join("")),
        )
        .toBe("")
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe("Digit 1")
      await page.keyboard.type(code)
      const address = await connectedAddress(page)
      expect((await state(page)).email).toBe(email)
      await signsIn(page, "embedded-03-sign-in")
      await signsVerifiably(page, address, "hello from the demo")

      // A reload: the frame's session (in the secure site's storage) connects again, the sign-in stays, and
      // nothing is asked — no new code mailed, no modal.
      const mailed = (await mails(email)).length
      await page.reload()
      expect(await connectedAddress(page)).toBe(address)
      await page.evaluate(() => (window as unknown as { appKit: { ready: Promise<void> } }).appKit.ready)
      expect((await state(page)).email).toBe(email)
      expect(await modalOpen(page)).toBe(false)
      expect((await mails(email)).length).toBe(mailed)

      // The account view: the email, and its update — a code to the current address, then one to the new.
      await page.locator("[data-appkit-button=account]").click()
      await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
      const shownEmail = page.getByTestId("embedded-email")
      await expect.poll(() => shownEmail.textContent(), { timeout: 15_000 }).toBe(email)
      await shownEmail.click()
      await page.getByLabel("New email").fill(newEmail)
      await photograph(page, "embedded-04-update-email")
      await page.getByRole("button", { name: "Update email", exact: true }).click()
      const primary = '[aria-label="Code for the current email"]'
      await shows(page, primary)
      expect(await page.getByRole("group", { name: "Update email" }).textContent()).toContain(
        `Enter the code we emailed to your current address, ${email}.`,
      )
      await fillCode(page, primary, await codeMailedTo(email, mailed))
      const secondary = '[aria-label="Code for the new email"]'
      await shows(page, secondary)
      expect(await page.getByRole("group", { name: "Update email" }).textContent()).toContain(
        `Enter the code we emailed to your new address, ${newEmail}.`,
      )
      await photograph(page, "embedded-05-update-email-code")
      await fillCode(page, secondary, await codeMailedTo(newEmail, 0))
      await expect.poll(() => shownEmail.textContent(), { timeout: 30_000 }).toBe(newEmail)
      expect(await state(page)).toMatchObject({ email: newEmail, address, status: "connected" })
      await photograph(page, "embedded-06-email-updated")
    } finally {
      await context.close()
    }
  }, 180_000)

  it("social login with github: the local OpenID provider's real redirect in a popup → connected → signs", async () => {
    const { context, page } = await newPage()
    try {
      await openConnect(page)
      const github = page.getByRole("button", { name: "Continue with github" })
      await github.waitFor({ timeout: 30_000 })
      await photograph(page, "embedded-07-socials")
      const popupOpened = context.waitForEvent("page")
      await github.click()
      const popup = await popupOpened
      // Blank until the frame (loaded on first use) names the provider's URL; then the provider's login page.
      await popup.waitForURL(/\/interaction\//, { timeout: 60_000 }).catch(async (error: unknown) => {
        throw new Error(`the popup stayed at ${popup.url()}; the embedded flow: ${await flowOf(page)}`, {
          cause: error,
        })
      })
      await expect.poll(() => view(page, "Connect").textContent()).toContain("Continue in the popup window")
      await photograph(page, "embedded-08-social-popup")
      await popup.fill("input[name=login]", "octocat")
      // The provider's own page (the local stand-in's login form), as the popup shows it.
      await screenshots(popup, run, "embedded-09-provider-login")
      updateDocsScreenshot(run, "embedded-09-provider-login")
      await popup.click("button[type=submit]")
      const address = await connectedAddress(page)
      expect((await state(page)).userName).toBe("octocat")
      await signsIn(page)
      await signsVerifiably(page, address, "hello from github")
      await page.locator("[data-appkit-button=account]").click()
      await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
      await photograph(page, "embedded-10-social-connected")
    } finally {
      await context.close()
    }
  }, 180_000)

  it("Farcaster: the QR code on screen decodes to the channel URL, a Farcaster client approves it → connected", async () => {
    const { context, page } = await newPage()
    try {
      await openConnect(page)
      await page.getByRole("button", { name: "Continue with farcaster" }).click()
      await expect.poll(() => view(page, "ConnectingFarcaster").isVisible()).toBe(true)
      const qr = page.getByRole("img", { name: "QR code to sign in with Farcaster" })
      await qr.waitFor({ timeout: 30_000 })
      // What the phone's camera reads is the URL the core holds, on the secure site.
      const url = await decodeQrOnScreen(qr)
      expect(url).toBe((await state(page)).farcasterUrl)
      expect(url).toMatch(new RegExp(`^${suite.get().stack.secureSiteUrl}/farcaster/[\\w-]{43}$`))
      await photograph(page, "embedded-11-farcaster-qr")

      await approveFarcasterSignIn(url as string, {
        custodyPrivateKey: generatePrivateKey(),
        fid: 3,
        username: "dwr",
      })
      const address = await connectedAddress(page)
      expect((await state(page)).userName).toBe("dwr")
      await signsIn(page)
      await signsVerifiably(page, address, "hello from farcaster")
      await page.locator("[data-appkit-button=account]").click()
      await expect.poll(() => view(page, "Account").isVisible()).toBe(true)
      await photograph(page, "embedded-12-farcaster-connected")
    } finally {
      await context.close()
    }
  }, 180_000)
})
