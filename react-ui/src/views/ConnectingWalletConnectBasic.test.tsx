// @vitest-environment happy-dom
import type { Connector } from "@appkit/core"
import { describe, expect, it, vi } from "vitest"
import { memoryWallet, testAppKit } from "../testing/appKit"
import { settle } from "../testing/dom"
import { renderWith } from "../testing/render"
import { unhandledRejectionsDuring } from "../testing/unhandled"
import ConnectingWalletConnectBasic from "./ConnectingWalletConnectBasic"

const pairingWallet: Connector = { ...memoryWallet("walletConnect", "WalletConnect"), type: "WALLET_CONNECT" }

describe("ConnectingWalletConnectBasic", () => {
  it("leaves no unhandled rejection when the modal cannot be closed after the wallet paired", async () => {
    const appKit = testAppKit({ connectors: [pairingWallet] })
    await appKit.open()
    await appKit.push("ConnectingWalletConnectBasic")
    const close = vi.spyOn(appKit, "close").mockRejectedValue(new Error("AppKit was disposed"))
    const unhandled = await unhandledRejectionsDuring(async () => {
      const { unmount } = await renderWith(appKit, <ConnectingWalletConnectBasic />)
      try {
        await settle(() => close.mock.calls.length > 0)
        expect(appKit.getState().connection.status).toBe("connected")
      } finally {
        unmount()
      }
    })
    expect(close).toHaveBeenCalled()
    expect(unhandled).toEqual([])
    await appKit.dispose()
  })
})
