import { fileURLToPath } from "node:url"
import { EMBEDDED_PROTOCOL } from "@appkit/core/embedded"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import { type SecureSite, startSecureSite } from "@appkit/secure-site"
import type { BrowserContext, Frame, Page } from "playwright-core"
import { createPublicClient, getAddress, type Hex, http, parseEther, toHex, verifyMessage } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundlePageScript, hasChromium, launchChromium } from "../support/chromium"
import type { Outcome } from "./browser/host"
import { servePages } from "./browser/pageServer"
import { fundAccount } from "./support"

// The embedded wallet in Debian's chromium: a dApp page on one loopback origin embeds the secure site's frame
// from another, core's messenger talks to it across origins, and the site signs on anvil.
describe.skipIf(!hasChromium)("the embedded wallet in chromium", () => {
  let anvil: Anvil
  let site: SecureSite
  let dapp: Awaited<ReturnType<typeof servePages>>
  let evil: Awaited<ReturnType<typeof servePages>>
  let browser: BrowserContext
  let closeBrowser: () => Promise<void>
  const frameConsole: Array<string> = []

  beforeAll(async () => {
    const [started, bundle] = await Promise.all([
      startAnvil({ accounts: 3 }),
      bundlePageScript(fileURLToPath(new URL("./browser/host.ts", import.meta.url))),
    ])
    anvil = started
    const hostPage = {
      type: "html" as const,
      body: '<!doctype html><title>dApp</title><body><script src="/host.js"></script></body>',
    }
    const blank = { type: "html" as const, body: "<!doctype html><title>An ad</title>" }
    dapp = await servePages({
      "/": hostPage,
      "/host.js": { type: "js", body: bundle },
      "/blank": blank,
    })
    // Another origin: a page embedded by the dApp (an ad, a widget) that turns hostile, and a dApp the site
    // was not set up for.
    evil = await servePages({
      "/": hostPage,
      "/host.js": { type: "js", body: bundle },
      "/blank": blank,
    })
    site = await startSecureSite({
      rpcUrl: anvil.rpcUrl,
      sponsorPrivateKey: anvil.accounts[2]?.privateKey as Hex,
      allowedOrigins: [dapp.origin],
    })
    ;({ browser, close: closeBrowser } = await launchChromium())
  }, 120_000)

  afterAll(async () => {
    await closeBrowser?.()
    await site?.close()
    await Promise.all([dapp?.close(), evil?.close(), anvil?.stop()])
  })

  const openDapp = async (origin = dapp.origin): Promise<Page> => {
    const page = await browser.newPage()
    page.on("console", (message) => void frameConsole.push(message.text()))
    await page.goto(`${origin}/`)
    await page.evaluate((url) => window.embedded.start(url), site.url)
    return page
  }

  const ask = (page: Page, request: unknown): Promise<Outcome> =>
    page.evaluate((r) => window.embedded.ask(r as never), request)

  const value = async <T>(page: Page, request: unknown): Promise<T> => {
    const answer = await ask(page, request)
    if (!answer.ok) throw new Error(`${answer.tag}: ${answer.message}`)
    return answer.value as T
  }

  const secureFrame = (page: Page): Frame => {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${site.url}/frame`))
    if (frame === undefined) throw new Error("the secure frame is not there")
    return frame
  }

  it("email → code from the mail sink → connected → signs → sends 0.1 ETH → a reload keeps the session → signs out", async () => {
    const page = await openDapp()
    const sent = Date.now()
    expect(await value(page, { _tag: "ConnectEmail", email: "browser@example.com" })).toEqual({
      action: "VERIFY_OTP",
    })
    const otp = await site.readCode("browser@example.com", { after: sent })
    expect(await value(page, { _tag: "ConnectOtp", otp })).toEqual({})
    const user = await value<{ address: string }>(page, {
      _tag: "GetUser",
      chainId: anvil.chainId,
      preferredAccountType: "eoa",
    })
    const address = getAddress(user.address)

    const signature = await value<Hex>(page, {
      _tag: "RpcRequest",
      method: "personal_sign",
      params: [toHex("hello from chromium"), address],
    })
    expect(await verifyMessage({ address, message: "hello from chromium", signature })).toBe(true)

    await fundAccount(anvil, address, parseEther("1"))
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    const hash = await value<Hex>(page, {
      _tag: "RpcRequest",
      method: "eth_sendTransaction",
      params: [{ from: address, to: recipient, value: toHex(parseEther("0.1")) }],
    })
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe("success")
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther("0.1"))

    const mails = site.mailbox?.messages("browser@example.com").length
    await page.reload()
    await page.evaluate((url) => window.embedded.start(url), site.url)
    expect(await value(page, { _tag: "IsConnected" })).toEqual({ isConnected: true })
    expect((await value<{ address: string }>(page, { _tag: "GetUser" })).address).toBe(user.address)
    expect(site.mailbox?.messages("browser@example.com").length).toBe(mails)

    expect(await value(page, { _tag: "SignOut" })).toEqual({})
    expect(await value(page, { _tag: "IsConnected" })).toEqual({ isConnected: false })
    await page.close()
  })

  it("a social login whose popup the user closes ends at once, not 4 min later; nothing connects", async () => {
    const page = await openDapp()
    const popupOpened = browser.waitForEvent("page")
    await page.click("#social-github")
    const popup = await popupOpened
    // Before any sign-in at the provider (a later one would pass through at once): its login form shows.
    await popup.waitForURL(/\/interaction\//, { timeout: 15_000 })
    await popup.close()
    // A bound well under the 4 min wait: the login ends once the dApp sees the popup closed.
    const social = await page.evaluate(() =>
      Promise.race([
        window.embedded.social,
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 10_000)),
      ]),
    )
    expect(social).toEqual({ ok: false, tag: "FrameAbortedError", message: "Something went wrong" })
    expect(await value(page, { _tag: "IsConnected" })).toEqual({ isConnected: false })
    await page.close()
  })

  it("signs in with a social provider through the local OpenID provider's real redirect, in a popup", async () => {
    const page = await openDapp()
    const popupOpened = browser.waitForEvent("page")
    await page.click("#social-github")
    const popup = await popupOpened
    await popup.waitForURL(/\/interaction\//, { timeout: 15_000 })
    await popup.fill("input[name=login]", "octocat")
    await popup.click("button[type=submit]")
    const social = await page.evaluate(() => window.embedded.social)
    expect(social).toMatchObject({ ok: true, value: { userName: "octocat" } })
    expect(await value(page, { _tag: "IsConnected" })).toEqual({ isConnected: true })
    // The session lives in the secure site's storage of this browser profile: end it for the next test.
    expect(await value(page, { _tag: "SignOut" })).toEqual({})
    await page.close()
  })

  it("ignores and counts messages from another origin, a spoofed window and malformed payloads; nothing connects", async () => {
    const page = await openDapp()
    // A pending request the frame will not answer for a while (the Farcaster approval long poll).
    await value(page, { _tag: "GetFarcasterUri" })
    const frame = secureFrame(page)
    await frame.evaluate(() => {
      const w = window as unknown as { seen: Array<unknown> }
      w.seen = []
      window.addEventListener("message", (event) => w.seen.push((event.data as { id?: unknown }).id))
    })
    const pending = page.evaluate(() => window.embedded.ask({ _tag: "ConnectFarcaster" }))
    await frame.waitForFunction(() => (window as unknown as { seen: Array<unknown> }).seen.length > 0)
    const id = await frame.evaluate(() => (window as unknown as { seen: Array<unknown> }).seen[0])

    // Embedded by the dApp: a page from another origin, another page of the secure site itself, and another
    // page of the dApp's own origin (which is still not the frame's parent).
    const hostileUrls = [`${evil.origin}/blank`, `${site.url}/`, `${dapp.origin}/blank`]
    await page.evaluate((urls) => {
      for (const src of urls) {
        const iframe = document.createElement("iframe")
        iframe.src = src
        document.body.append(iframe)
      }
    }, hostileUrls)
    const [evilFrame, twinFrame, siblingFrame] = await Promise.all(
      hostileUrls.map(async (url) => (await page.waitForSelector(`iframe[src="${url}"]`)).contentFrame()),
    )
    if (evilFrame == null || twinFrame == null || siblingFrame == null)
      throw new Error("the hostile frames did not load")

    const forgedUser = { address: "0x000000000000000000000000000000000000dEaD", chainId: 1 }
    const forge = { protocol: EMBEDDED_PROTOCOL, kind: "reply", id, result: forgedUser }
    for (const hostile of [evilFrame, twinFrame]) {
      await hostile.evaluate(
        ([message, protocol]) => {
          window.parent.postMessage({ protocol, kind: "ready" }, "*")
          window.parent.postMessage(message, "*")
        },
        [forge, EMBEDDED_PROTOCOL] as const,
      )
    }
    // Requests straight to the wallet's frame, as if they came from the dApp.
    for (const hostile of [evilFrame, siblingFrame])
      await hostile.evaluate((protocol) => {
        window.parent.frames[0]?.postMessage({ protocol, id: "forged1", request: { _tag: "GetUser" } }, "*")
      }, EMBEDDED_PROTOCOL)
    // The real frame's window, posting what the protocol does not define.
    await frame.evaluate((protocol) => {
      window.parent.postMessage({ protocol, kind: "reply" }, "*")
      window.parent.postMessage("garbage", "*")
    }, EMBEDDED_PROTOCOL)

    await page.waitForFunction(() => window.embedded.logs.length >= 3)
    const ignored = await page.evaluate(() => window.embedded.ignored())
    expect(ignored).toEqual({ foreignOrigin: 2, foreignSource: 2, malformed: 2, unknownRequest: 0 })
    const logs = await page.evaluate(() => window.embedded.logs)
    expect(logs).toContain(
      `AppKit embedded wallet (dApp): ignored a message posted from another origin (${evil.origin}); further ones are counted, not logged`,
    )
    expect(logs).toHaveLength(3)
    // The wallet's frame turned away what was posted to it directly, and logged it (in its own console).
    for (const line of [
      `(frame): ignored a message posted from another origin (${evil.origin})`,
      `(frame): ignored a message posted by a window other than the expected one (${dapp.origin})`,
    ])
      await expect
        .poll(() => frameConsole.some((logged) => logged.includes(line)), { message: line })
        .toBe(true)

    // Nothing connected: the forged answer did not complete the request, and the frame holds no session.
    await page.evaluate(() => window.embedded.abort())
    expect(await pending).toMatchObject({
      ok: false,
      tag: "FrameAbortedError",
      message: "Something went wrong",
    })
    expect(await value(page, { _tag: "IsConnected" })).toEqual({ isConnected: false })
    await page.close()
  })

  it("answers unverified_domain (Invalid App Configuration) to a dApp origin the site is not set up for", async () => {
    const page = await openDapp(evil.origin)
    const answer = await ask(page, { _tag: "ConnectEmail", email: "evil@example.com" })
    expect(answer).toEqual({
      ok: false,
      tag: "EmbeddedFrameError",
      message: "unverified_domain",
      alert: "unverifiedDomain",
    })
    expect(site.mailbox?.messages("evil@example.com")).toEqual([])
    await page.close()
  })
})
