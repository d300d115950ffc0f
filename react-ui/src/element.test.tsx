// @vitest-environment happy-dom
import { act } from "react"
import { describe, expect, it } from "vitest"
import { defineAppKitElements } from "./element"
import { testAppKit } from "./testing/appKit"

describe("<appkit-button>", () => {
  it("renders the connect button from its attributes, opens the modal and follows the connection", async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const appKit = testAppKit()
    await act(async () => {
      defineAppKitElements(appKit)
      document.body.insertAdjacentHTML(
        "beforeend",
        '<appkit-button label="Sign in with a wallet"></appkit-button>',
      )
    })
    const button = () => document.querySelector("appkit-button button") as HTMLButtonElement
    expect(button().textContent).toBe("Sign in with a wallet")
    await act(async () => {
      document.querySelector("appkit-button")?.setAttribute("label", "Connect")
    })
    expect(button().textContent).toBe("Connect")
    await act(async () => button().click())
    expect(appKit.getState().modal.open).toBe(true)
    await act(async () => {
      await appKit.connect("io.test.wallet")
    })
    expect(button().getAttribute("data-appkit-button")).toBe("account")
    // One modal host serves every element; defining again changes nothing.
    defineAppKitElements(appKit)
    expect(document.querySelectorAll("[data-appkit-modal-host]")).toHaveLength(1)
    await appKit.dispose()
  })
})
