import { type Anvil, createDevEip1193Provider, type DevEip1193Provider, startAnvil } from "@appkit/fixtures"
import type { BrowserContext, Page } from "playwright-core"
import { getAddress, type Hex, toHex, verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleForBrowser, hasChromium, launchChromium } from "../support/chromium"

// EIP-6963 in a real browser: Debian's chromium (never a downloaded one) runs core's discovery and
// InjectedConnector against the dev wallet announced in the same page. Skipped where chromium is absent.

describe.skipIf(!hasChromium)("EIP-6963 discovery and the injected connector in chromium", () => {
  let anvil: Anvil
  let wallet: DevEip1193Provider
  let browser: BrowserContext
  let closeBrowser: () => Promise<void>
  let page: Page

  beforeAll(async () => {
    const [started, bundle] = await Promise.all([
      startAnvil({ accounts: 2 }),
      bundleForBrowser(new URL("./browser/page.ts", import.meta.url)),
    ])
    anvil = started
    wallet = createDevEip1193Provider({
      privateKeys: anvil.accounts.map((account) => account.privateKey),
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    })
    ;({ context: browser, close: closeBrowser } = await launchChromium())
    page = await browser.newPage()
    // The bridge: the page's provider forwards requests here, wallet events go back into the page.
    await page.exposeFunction("devWalletRequest", async (json: string) => {
      try {
        return { result: await wallet.request(JSON.parse(json)) }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code: code ?? -32603, message: message ?? String(error) } }
      }
    })
    for (const event of ["accountsChanged", "chainChanged", "disconnect", "connect"]) {
      wallet.on(
        event,
        (value) =>
          void page.evaluate(([name, data]) => window.emitWalletEvent(name, data), [event, value] as const),
      )
    }
    await page.setContent("<!doctype html><title>dApp</title>")
    await page.addScriptTag({ content: bundle })
  }, 60_000)

  afterAll(async () => {
    await closeBrowser?.()
    await anvil?.stop()
  })

  it("discovers the announced wallet once, connects, signs, rejects unlisted methods and sees wallet events", async () => {
    await page.evaluate(() => window.installDevWallet())
    const result = (await page.evaluate(() => window.connectDapp())) as {
      announced: ReadonlyArray<{ rdns: string; name: string; icon: string }>
      connection: { accounts: ReadonlyArray<string>; chainId: string }
    }
    expect(result.announced).toHaveLength(1)
    expect(result.announced[0]).toMatchObject({ rdns: "dev.appkit.wallet", name: "Dev Wallet" })
    expect(result.announced[0]?.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    const first = getAddress(anvil.accounts[0]?.address as string)
    expect(result.connection).toEqual({ accounts: [`eip155:31337:${first}`], chainId: "eip155:31337" })

    const signed = await page.evaluate(
      ([message, from]) => window.dappRequest("personal_sign", [message, from]),
      [toHex("gm"), first] as const,
    )
    expect(await verifyMessage({ address: first, message: "gm", signature: signed.result as Hex })).toBe(true)

    const before = wallet.requests.length
    const refused = await page.evaluate(() => window.dappRequest("debug_traceTransaction", ["0x00"]))
    expect(refused.error?.message).toBe("Requested RPC call is not allowed")
    expect(wallet.requests.length).toBe(before)

    wallet.selectAccount(1)
    await page.waitForFunction(
      () => window.dappEvents.some((event) => event._tag === "accountsChanged"),
      undefined,
      { timeout: 5_000 },
    )
    const events = await page.evaluate(() => window.dappEvents)
    expect(events).toContainEqual({
      _tag: "accountsChanged",
      accounts: [`eip155:31337:${getAddress(anvil.accounts[1]?.address as string)}`],
    })
  })
})
