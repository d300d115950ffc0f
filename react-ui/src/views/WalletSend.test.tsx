// @vitest-environment happy-dom
import type { AmountString, Token, UnitsString } from "@appkit/core"
import { Effect } from "effect"
import { act } from "react"
import { describe, expect, it, vi } from "vitest"
import { memoryWallet, testAppKit } from "../testing/appKit"
import { settle, type } from "../testing/dom"
import { renderWith } from "../testing/render"
import { unhandledRejectionsDuring } from "../testing/unhandled"
import WalletSend from "./WalletSend"

/**
 * The send form's message as the amount is typed, on the edges of the §5 checks: what the view says before
 * anything reaches a wallet (the messages are the core's validation, never the view's).
 */
const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
/** A 6-decimal token of which the account holds 1.5. */
const usdc: Token = {
  address: "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  symbol: "USDC",
  name: "USD Coin",
  chainId: "eip155:1" as Token["chainId"] & string,
  quantity: { decimals: "6" as UnitsString, numeric: "1.5" as AmountString },
  price: 1,
}

/** An app whose wallet (the network's only node here) answers these methods as given, the rest as the memory wallet. */
const appKitWhoseWalletAnswers = (answers: Record<string, () => string>) => {
  const wallet = memoryWallet()
  return testAppKit({
    connectors: [
      {
        ...wallet,
        request: (request) => {
          const answer = answers[request.method]
          return answer === undefined ? wallet.request(request) : Effect.succeed(answer())
        },
      } as typeof wallet,
    ],
  })
}

describe("WalletSend's message for the amount typed", () => {
  it("is ready only for an amount above zero, within the balance and the token's decimals", async () => {
    const appKit = testAppKit()
    await appKit.connect("io.test.wallet")
    await appKit.updateSend({ token: usdc, receiverAddress: receiver })
    const { container, unmount } = await renderWith(appKit, <WalletSend />)
    try {
      const amount = container.querySelector("input[inputmode=decimal]")
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      const shown = async (typed: string) => {
        await type(amount, typed)
        await settle(() => appKit.getState().send.sendTokenAmount === typed && problem() !== undefined)
        await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
        return problem()
      }
      expect(await shown("1.5")).toBe("Ready to send")
      expect(await shown("0.000001")).toBe("Ready to send")
      expect(await shown("1.500000")).toBe("Ready to send")
      // Nothing to send.
      expect(await shown("0")).toBe("An amount and receiver address are required")
      expect(await shown("0.000000")).toBe("An amount and receiver address are required")
      // Finer than the token's smallest unit.
      expect(await shown("0.0000001")).toBe("Amount '0.0000001' has more than 6 decimal places")
      // More than the account holds.
      expect(await shown("1.500001")).toBe("Insufficient funds: 1.500001 USDC is more than the 1.5 USDC held")
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("sends once however fast Send is clicked twice (a double click is one send)", async () => {
    const appKit = testAppKit()
    await appKit.connect("io.test.wallet")
    await appKit.updateSend({ token: usdc, receiverAddress: receiver, sendTokenAmount: "1" })
    // The wallet's answer never comes: the first send is still under way when the second click lands.
    const submitSend = vi.spyOn(appKit, "submitSend").mockImplementation(() => new Promise(() => undefined))
    const { container, unmount } = await renderWith(appKit, <WalletSend />)
    try {
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      await settle(() => problem() === "Ready to send")
      const send = container.querySelector("button[type=submit]") as HTMLButtonElement
      await act(async () => {
        send.click()
        send.click()
      })
      expect(submitSend).toHaveBeenCalledTimes(1)
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("'View activity' after a send leaves no unhandled rejection when the core cannot switch the tab", async () => {
    const appKit = testAppKit()
    await appKit.connect("io.test.wallet")
    await appKit.updateSend({ token: usdc, receiverAddress: receiver, sendTokenAmount: "1" })
    vi.spyOn(appKit, "submitSend").mockResolvedValue({ hash: `0x${"ab".repeat(32)}`, status: "confirmed" })
    const setAccountTab = vi
      .spyOn(appKit, "setAccountTab")
      .mockRejectedValue(new Error("AppKit was disposed"))
    const { container, unmount } = await renderWith(appKit, <WalletSend />)
    try {
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      await settle(() => problem() === "Ready to send")
      await act(async () => (container.querySelector("button[type=submit]") as HTMLButtonElement).click())
      const viewActivity = () =>
        [...container.querySelectorAll("button")].find((button) => button.textContent === "View activity")
      await settle(() => viewActivity() !== undefined)
      const unhandled = await unhandledRejectionsDuring(() => act(async () => viewActivity()?.click()))
      expect(setAccountTab).toHaveBeenCalledWith("Activity")
      expect(unhandled).toEqual([])
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("checks the amount against the balance as it is now, not as it was when the token was picked", async () => {
    // The wallet reads 1 ETH, then 5 ETH once funds arrive.
    let wei = 10n ** 18n
    const appKit = appKitWhoseWalletAnswers({ eth_getBalance: () => `0x${wei.toString(16)}` })
    await appKit.connect("io.test.wallet")
    await appKit.refreshBalance()
    await appKit.updateSend({ receiverAddress: receiver })
    const { container, unmount } = await renderWith(appKit, <WalletSend />)
    try {
      await settle(() => appKit.getState().send.token?.quantity.numeric === "1")
      wei = 5n * 10n ** 18n
      await act(() => appKit.refreshBalance())
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      await type(container.querySelector("input[inputmode=decimal]"), "3")
      await settle(() => problem() === "Ready to send")
      expect(problem()).toBe("Ready to send")
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("Max fills the ETH balance less the network fee; a balance below the fee fills 0 and says so", async () => {
    // The wallet holds `wei`, estimates 21 000 gas and prices it at 1 gwei.
    let wei = 10n ** 18n
    const appKit = appKitWhoseWalletAnswers({
      eth_getBalance: () => `0x${wei.toString(16)}`,
      eth_estimateGas: () => "0x5208",
      eth_gasPrice: () => "0x3b9aca00",
    })
    await appKit.connect("io.test.wallet")
    await appKit.refreshBalance()
    await appKit.updateSend({ receiverAddress: receiver })
    const { container, unmount } = await renderWith(appKit, <WalletSend />)
    try {
      const amount = () => (container.querySelector("input[inputmode=decimal]") as HTMLInputElement).value
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      const max = () =>
        act(async () => {
          ;[...container.querySelectorAll("button")].find((button) => button.textContent === "Max")?.click()
        })
      await settle(() => appKit.getState().send.token?.quantity.numeric === "1")
      await max()
      await settle(() => amount() === "0.999979")
      expect(amount()).toBe("0.999979")
      await settle(() => problem() === "Ready to send")
      expect(problem()).toBe("Ready to send")
      // Exactly the fee: nothing is left to send.
      wei = 21_000n * 10n ** 9n
      await act(() => appKit.refreshBalance())
      await settle(() => appKit.getState().send.token?.quantity.numeric === "0.000021")
      await max()
      await settle(() => amount() === "0")
      expect(amount()).toBe("0")
      await settle(() => problem() === "Insufficient funds for the network fee: 0.000021 ETH needed")
      expect(problem()).toBe("Insufficient funds for the network fee: 0.000021 ETH needed")
    } finally {
      unmount()
      await appKit.dispose()
    }
  })
})
