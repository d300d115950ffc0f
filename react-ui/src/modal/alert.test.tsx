// @vitest-environment happy-dom
import { createAppKit } from "@appkit/core"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { act } from "react"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { memoryWallet, testNetworks } from "../testing/appKit"
import { renderWith } from "../testing/render"

// The core's §8 alert in the modal: here analytics answering 403 (the fixture API's fault), which core turns
// into 'Invalid App Configuration'.
let api: FixtureApi
beforeAll(async () => {
  api = await startFixtureApi()
})
afterAll(() => api.close())

describe("the modal's alert", () => {
  it("shows 'Invalid App Configuration' when analytics answers 403, and hides it when dismissed", async () => {
    api.faults.set("/e", { status: 403 })
    const appKit = createAppKit({
      projectId: "test",
      networks: testNetworks,
      metadata: { name: "Shop", description: "", url: "http://127.0.0.1:5173/shop", icons: [] },
      apiUrl: api.url,
      features: { email: false },
      socials: [],
      connectors: [memoryWallet()],
      reconnect: false,
    })
    await appKit.ready
    const { unmount } = await renderWith(appKit, null, { modal: true })
    await act(() => appKit.open())
    const banner = () => document.querySelector("dialog.appkit-modal[open] .appkit-alert")
    await vi.waitFor(() => expect(banner()).not.toBeNull(), { timeout: 10_000 })
    expect(banner()?.textContent).toContain("Invalid App Configuration")
    expect(banner()?.textContent).toContain("This origin is not on the project's allowlist")
    await act(async () => {
      ;(document.querySelector(".appkit-alert button[aria-label=Dismiss]") as HTMLButtonElement).click()
    })
    await vi.waitFor(() => expect(banner()).toBeNull())
    unmount()
    await appKit.dispose()
    api.faults.clear()
  })
})
