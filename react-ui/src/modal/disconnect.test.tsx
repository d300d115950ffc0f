// @vitest-environment happy-dom
import type { View } from "@appkit/core"
import { act } from "react"
import { describe, expect, it } from "vitest"
import { testAppKit } from "../testing/appKit"
import { settle } from "../testing/dom"
import { renderWith } from "../testing/render"

/** The modal open on `view` of a connected account, as the user reached it from the Account view. */
const openOn = async (view: View) => {
  const appKit = testAppKit()
  await appKit.ready
  await appKit.connect("io.test.wallet")
  const rendered = await renderWith(appKit, null, { modal: true })
  await act(() => appKit.open())
  if (view !== "Account") await act(() => appKit.push(view))
  await settle(() => document.querySelector(`dialog[open] [data-view=${view}] button`) !== null)
  return { appKit, ...rendered }
}

describe("the modal when the wallet disconnects", () => {
  it("closes when the account it shows is gone (the wallet ended the session on Send), and opens on Connect", async () => {
    const { appKit, unmount } = await openOn("WalletSend")
    // The wallet ends the connection (its own Disconnect, a WalletConnect session ended on the phone).
    await act(() => appKit.disconnect())
    await settle(() => !appKit.getState().modal.open)
    expect(appKit.getState().modal.open).toBe(false)
    await act(() => appKit.open())
    expect(appKit.getState().router.view).toBe("Connect")
    unmount()
    await appKit.dispose()
  })

  it("closes when the user presses Disconnect on the Account view, rather than a spinner for no account", async () => {
    const { appKit, unmount } = await openOn("Account")
    const disconnect = [...document.querySelectorAll<HTMLButtonElement>("dialog[open] button")].find(
      (button) => button.textContent === "Disconnect",
    )
    await act(async () => disconnect?.click())
    await settle(() => !appKit.getState().modal.open)
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(appKit.getState().modal.open).toBe(false)
    unmount()
    await appKit.dispose()
  })

  it("stays open on the network list, which needs no account", async () => {
    const { appKit, unmount } = await openOn("Networks")
    await act(() => appKit.disconnect())
    await settle(() => appKit.getState().connection.status === "disconnected")
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(appKit.getState().modal.open).toBe(true)
    expect(appKit.getState().router.view).toBe("Networks")
    unmount()
    await appKit.dispose()
  })
})
