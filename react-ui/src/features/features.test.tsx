// @vitest-environment happy-dom
import { startFixtureApi } from "@appkit/fixtures"
import { act } from "react"
import { describe, expect, it, vi } from "vitest"
import { testAddress, testAppKit } from "../testing/appKit"
import { renderWith } from "../testing/render"
import OnRamp from "./OnRamp"
import Swap from "./Swap"
import { WalletFeatureButtons } from "./WalletFeatureButtons"
import WalletReceive from "./WalletReceive"

const connected = async () => {
  const appKit = testAppKit()
  await appKit.connect("io.test.wallet")
  return appKit
}

const texts = (container: HTMLElement, selector: string) =>
  [...container.querySelectorAll(selector)].map((element) => element.textContent)

/** Lets the lazy QR chunk and the state updates settle. */
const settle = async (until: () => boolean) => {
  for (let turn = 0; turn < 50 && !until(); turn++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
}

describe("the wallet features in the Account view", () => {
  it("lists onramp, swaps, receive, send in the §9 order on a swap network, and follows the options", async () => {
    const appKit = await connected()
    const { container, unmount } = await renderWith(appKit, <WalletFeatureButtons />)
    expect(texts(container, "button")).toEqual(["Buy", "Swap", "Receive", "Send"])
    await act(() => appKit.setFeatures({ swaps: false, onramp: false }))
    expect(texts(container, "button")).toEqual(["Receive", "Send"])
    await act(async () => {
      ;(container.querySelector("button") as HTMLButtonElement).click()
    })
    expect(appKit.getState().router.view).toBe("WalletReceive")
    unmount()
    await appKit.dispose()
  })
})

describe("WalletReceive", () => {
  it("shows the address, its QR code and the namespace's networks", async () => {
    const appKit = await connected()
    const { container, unmount } = await renderWith(appKit, <WalletReceive />)
    await settle(() => container.querySelector("svg[role=img]") !== null)
    expect(container.querySelector("[data-testid=receive-address]")?.textContent).toBe(testAddress)
    expect(container.querySelector("svg[role=img]")?.getAttribute("aria-label")).toBe(
      `QR code of ${testAddress}`,
    )
    expect(container.textContent).toContain("Receive on Ethereum, Base")
    unmount()
    await appKit.dispose()
  })
})

describe("Swap", () => {
  it("shows the core's message when there is no API to quote with", async () => {
    const appKit = await connected()
    const { container, unmount } = await renderWith(appKit, <Swap />)
    await act(async () => {
      ;(container.querySelector("button[type=submit]") as HTMLButtonElement).click()
    })
    await settle(() => container.querySelector("[role=alert]") !== null)
    expect(container.querySelector("[role=alert]")?.textContent).toBe(
      "Swapping needs the Blockchain API: pass apiUrl to createAppKit",
    )
    unmount()
    await appKit.dispose()
  })
})

describe("OnRamp", () => {
  it("shows the core's refusal when there is no API to buy through", async () => {
    const appKit = await connected()
    const { container, unmount } = await renderWith(appKit, <OnRamp />)
    await act(async () => {
      ;(container.querySelector("button[type=submit]") as HTMLButtonElement).click()
    })
    await settle(() => container.querySelector("[role=alert]") !== null)
    expect(container.querySelector("[role=alert]")?.textContent).toBe(
      "Buying crypto needs the Blockchain API: pass apiUrl to createAppKit",
    )
    unmount()
    await appKit.dispose()
  })

  const providerChoices = (container: HTMLElement) =>
    [...container.querySelectorAll("fieldset label")].map((label) => label.textContent)

  it("offers coinbase alone, with its fee range, when the app configures no other provider", async () => {
    const appKit = await connected()
    const { container, unmount } = await renderWith(appKit, <OnRamp />)
    expect(providerChoices(container)).toEqual(["Coinbasefee 1–2 %"])
    unmount()
    await appKit.dispose()
  })

  it("offers meld when configured and opens meld's page with the quote's purchase", async () => {
    const api = await startFixtureApi({ port: 0 })
    const appKit = testAppKit({
      apiUrl: api.url,
      onramp: { meld: { publicKey: "pk_test_1", baseUrl: "http://127.0.0.1:9/meld" } },
    })
    const opened: Array<string> = []
    const open = vi.spyOn(window, "open").mockImplementation((url) => {
      opened.push(String(url))
      return { opener: window } as unknown as Window
    })
    try {
      await appKit.connect("io.test.wallet")
      const { container, unmount } = await renderWith(appKit, <OnRamp />)
      expect(providerChoices(container)).toEqual(["Coinbasefee 1–2 %", "Meldfee 1–2 %"])
      const meld = container.querySelector("input[value=meld]") as HTMLInputElement
      await act(async () => meld.click())
      expect(meld.checked).toBe(true)
      await act(async () => {
        ;(container.querySelector("button[type=submit]") as HTMLButtonElement).click()
      })
      await settle(() => container.querySelector("[data-testid=onramp-opened]") !== null)
      expect(container.querySelector("[data-testid=onramp-provider]")?.textContent).toBe("Meld")
      expect(opened).toHaveLength(1)
      const url = new URL(opened[0] as string)
      expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:9/meld")
      expect(url.searchParams.get("publicKey")).toBe("pk_test_1")
      expect(url.searchParams.get("walletAddress")).toBe(testAddress)
      expect(url.searchParams.get("destinationCurrencyCode")).toBe("USDC")
      expect(url.searchParams.get("sourceAmount")).toBe("50")
      expect(container.querySelector("[data-testid=onramp-link]")?.getAttribute("href")).toBe(opened[0])
      unmount()
    } finally {
      open.mockRestore()
      await appKit.dispose()
      await api.close()
    }
  })
})
