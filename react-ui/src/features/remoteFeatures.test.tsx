// @vitest-environment happy-dom
import { startFixtureApi } from "@appkit/fixtures"
import { act } from "react"
import { describe, expect, it } from "vitest"
import { testAppKit } from "../testing/appKit"
import { renderWith } from "../testing/render"
import { WalletFeatureButtons } from "./WalletFeatureButtons"

const labels = (container: HTMLElement) => [...container.querySelectorAll("button")].map((b) => b.textContent)

/** Waits (bounded) for the app's start-up to read the project's remote config and the view to follow. */
const settle = async (until: () => boolean) => {
  for (let turn = 0; turn < 100 && !until(); turn++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
}

describe("the Account view's wallet features under the project's remote config", () => {
  it.each([
    [{ swap: false }, ["Buy", "Receive", "Send"]],
    [{ onramp: false }, ["Swap", "Receive", "Send"]],
    [{ receive: false }, ["Buy", "Swap", "Send"]],
    [{ send: false, receive: false }, ["Buy", "Swap"]],
    [{}, ["Buy", "Swap", "Receive", "Send"]],
  ])("with the dashboard's switches %o shows %o", async (switches, shown) => {
    const api = await startFixtureApi({ remoteFeatures: switches })
    const appKit = testAppKit({ apiUrl: api.url })
    try {
      await appKit.ready
      await appKit.connect("io.test.wallet")
      const { container, unmount } = await renderWith(appKit, <WalletFeatureButtons />)
      await settle(() => api.requests().some((request) => request.path === "/appkit/v1/config"))
      await settle(() => labels(container).length === shown.length)
      expect(labels(container)).toEqual(shown)
      unmount()
    } finally {
      await appKit.dispose()
      await api.close()
    }
  })
})
