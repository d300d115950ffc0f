import { parseUnits } from "@appkit/core/validation"
import { deterministicKeypair } from "@appkit/fixtures"
import { Result } from "effect"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasChromium } from "../support/chromium"
import { demoSuite } from "./support/stack"

/**
 * The demo as `npm start` serves it, on Solana: the Wallet Standard dev wallet registers on the page, the
 * local Solana network is in the list, and the Account view shows the SOL balance and sends SOL.
 */
const sender = deterministicKeypair("account 0").address
const receiver = deterministicKeypair("account 2").address

const lamportsOf = async (rpcUrl: string, address: string): Promise<bigint> => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getBalance", params: [address] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

type DemoWindow = {
  appKit: {
    getState: () => {
      connectors: { connectors: ReadonlyArray<{ id: string; chain: string }> }
      network: { requestedCaipNetworks: ReadonlyArray<{ caipNetworkId: string }> }
      account: { byNamespace: Record<string, { caipAddress?: string; balance?: string } | undefined> }
    }
    connect: (id: string) => Promise<unknown>
    switchNetwork: (id: string) => Promise<void>
    open: (options?: { view?: string }) => Promise<void>
  }
}

describe.skipIf(!hasChromium)("the demo page on Solana", () => {
  const suite = demoSuite({ beforeAll, afterAll })
  const view = (page: Page, name: string) => page.locator(`dialog[open] [data-view="${name}"]`)

  it("connects the Wallet Standard dev wallet, shows the SOL balance and sends 0.5 SOL from the Account view", async () => {
    const { stack, browser } = suite.get()
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    const page = await context.newPage()
    await page.goto(stack.pageUrl)
    await page.waitForFunction(
      () =>
        (window as unknown as DemoWindow).appKit
          ?.getState()
          .connectors.connectors.some((connector) => connector.chain === "solana"),
      undefined,
      { timeout: 20_000 },
    )
    const networks = await page.evaluate(() =>
      (window as unknown as DemoWindow).appKit
        .getState()
        .network.requestedCaipNetworks.map((n) => n.caipNetworkId),
    )
    expect(networks).toContain(stack.solanaChainId)

    await page.evaluate(async (chainId) => {
      const { appKit } = window as unknown as DemoWindow
      const connector = appKit.getState().connectors.connectors.find((c) => c.chain === "solana")
      await appKit.connect(connector?.id as string)
      await appKit.switchNetwork(chainId)
      await appKit.open({ view: "Account" })
    }, stack.solanaChainId)

    const lamports = await lamportsOf(stack.solanaRpcUrl, sender)
    const balance = page.getByTestId("account-balance")
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toContain("SOL")
    const shown = await page.evaluate(
      () => (window as unknown as DemoWindow).appKit.getState().account.byNamespace.solana?.balance,
    )
    expect(Result.getOrThrow(parseUnits(shown ?? "", 9))).toBe(lamports)

    const before = await lamportsOf(stack.solanaRpcUrl, receiver)
    await page.getByRole("button", { name: "Send", exact: true }).click()
    await expect.poll(() => view(page, "WalletSend").isVisible()).toBe(true)
    await page.getByLabel("Amount", { exact: true }).fill("0.5")
    await page.getByLabel("To", { exact: true }).fill(receiver)
    await expect.poll(() => page.getByTestId("send-problem").textContent()).toBe("Ready to send")
    await page.getByRole("button", { name: "Send", exact: true }).click()
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 })
    expect((await lamportsOf(stack.solanaRpcUrl, receiver)) - before).toBe(500_000_000n)
    await context.close()
  })
})
