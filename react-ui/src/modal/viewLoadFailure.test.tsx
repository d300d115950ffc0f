// @vitest-environment happy-dom
import { act } from "react"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { testAppKit } from "../testing/appKit"
import { renderWith } from "../testing/render"

// The Networks view's chunk cannot be fetched the first time (a flaky or lost connection), then can.
let networksChunkFails = true
vi.mock("../views/Networks", async (importOriginal) => {
  if (networksChunkFails) throw new TypeError("Failed to fetch dynamically imported module: Networks.js")
  return importOriginal()
})
// Likewise the Account view's Tokens tab.
let tokensChunkFails = true
vi.mock("../account/TokensTab", async (importOriginal) => {
  if (tokensChunkFails) throw new TypeError("Failed to fetch dynamically imported module: TokensTab.js")
  return importOriginal()
})

/** Presses the modal's "Try again". */
const tryAgain = () =>
  act(async () => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("dialog.appkit-modal button")]
    buttons.find((button) => button.textContent === "Try again")?.click()
  })

describe("a view whose code cannot be downloaded", () => {
  // React reports each error a boundary caught on the console: expected here.
  beforeAll(() => void vi.spyOn(console, "error").mockImplementation(() => undefined))
  afterAll(() => vi.restoreAllMocks())

  it("shows what failed with a retry inside the modal, and leaves the page around it alone", async () => {
    const appKit = testAppKit()
    const { container, unmount } = await renderWith(appKit, <p>the dApp's own page</p>, { modal: true })
    try {
      await act(() => appKit.open({ view: "Networks" }))
      const body = () => document.querySelector("dialog.appkit-modal [data-view=Networks]")
      await vi.waitFor(() => expect(body()?.querySelector("[role=alert]")).toBeTruthy(), { timeout: 5_000 })
      expect(container.textContent).toContain("the dApp's own page")
      expect(body()?.textContent).toContain("This view could not load")
      // Back online: trying again loads the view.
      networksChunkFails = false
      await tryAgain()
      await vi.waitFor(() => expect(body()?.querySelector("ul[aria-label=Networks]")).toBeTruthy(), {
        timeout: 5_000,
      })
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("a tab whose code could not be downloaded loads when tried again", async () => {
    const appKit = testAppKit()
    await appKit.connect("io.test.wallet")
    const { container, unmount } = await renderWith(appKit, <p>the dApp's own page</p>, { modal: true })
    try {
      await act(() => appKit.open({ view: "Account" }))
      const body = () => document.querySelector("dialog.appkit-modal [data-view=Account]")
      await vi.waitFor(() => expect(body()?.textContent).toContain("This view could not load"), {
        timeout: 5_000,
      })
      expect(container.textContent).toContain("the dApp's own page")
      tokensChunkFails = false
      await tryAgain()
      await vi.waitFor(() => expect(body()?.textContent).toContain("No tokens yet"), { timeout: 5_000 })
    } finally {
      unmount()
      await appKit.dispose()
    }
  })
})
