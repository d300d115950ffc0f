// @vitest-environment happy-dom
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { Effect } from "effect"
import { act } from "react"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { memoryWallet, testAddress, testAppKit } from "../testing/appKit"
import { settle } from "../testing/dom"
import { renderWith } from "../testing/render"
import TokensTab from "./TokensTab"

/** The Tokens tab over a real AppKit and the fixture API, whose balance route can be made to fail. */
let api: FixtureApi
beforeAll(async () => {
  api = await startFixtureApi()
})
afterAll(() => api.close())
afterEach(() => api.faults.clear())

const zeroAddress = "0x0000000000000000000000000000000000000000"

describe("TokensTab", () => {
  it("says the balance is unavailable and offers a retry when the load fails, never 'No tokens yet'", async () => {
    // A refusal the client does not retry (a 5xx is retried with backoff first).
    api.faults.set("/v1/account/**", { status: 403 })
    const appKit = testAppKit({ apiUrl: api.url })
    await appKit.connect("io.test.wallet")
    await appKit.refreshBalance()
    const { container, unmount } = await renderWith(appKit, <TokensTab />)
    try {
      const alert = () => container.querySelector("[role=alert]")?.textContent
      await settle(() => alert() !== undefined)
      expect(alert()).toBe("Token Balance Unavailable")
      expect(container.textContent).not.toContain("No tokens yet")
      const refresh = vi.spyOn(appKit, "refreshBalance")
      const retry = [...container.querySelectorAll("button")].find(
        (button) => button.textContent === "Try again",
      )
      await act(async () => retry?.click())
      expect(refresh).toHaveBeenCalledTimes(1)
      // §8: no new try within 30 s: the message stays.
      await act(async () => {
        await refresh.mock.results[0]?.value
      })
      expect(alert()).toBe("Token Balance Unavailable")
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("says 'No tokens yet' when the load succeeded and the account holds nothing", async () => {
    // The fixture API holds nothing for the zero address.
    const wallet = memoryWallet()
    const empty: typeof wallet = {
      ...wallet,
      connect: (options) =>
        Effect.map(wallet.connect(options), (connected) => ({
          ...connected,
          accounts: connected.accounts.map(
            (account) => account.replace(testAddress, zeroAddress) as typeof account,
          ),
        })),
    }
    const appKit = testAppKit({ apiUrl: api.url, connectors: [empty] })
    await appKit.connect("io.test.wallet")
    await appKit.refreshBalance()
    expect(appKit.getState().account.byNamespace.eip155?.address).toBe(zeroAddress)
    const { container, unmount } = await renderWith(appKit, <TokensTab />)
    try {
      expect(container.textContent).toBe("No tokens yet")
      expect(container.querySelector("[role=alert]")).toBeNull()
    } finally {
      unmount()
      await appKit.dispose()
    }
  })
})
