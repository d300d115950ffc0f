// @vitest-environment happy-dom
import { type AppKit, formatPriceImpact, swapPriceImpact } from "@appkit/core"
import { InvalidAmountError } from "@appkit/core/validation"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { Effect } from "effect"
import { act } from "react"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { memoryWallet, testAddress, testAppKit } from "../testing/appKit"
import { renderWith } from "../testing/render"
import WalletSend from "../views/WalletSend"
import Swap from "./Swap"

/**
 * The swap and send views' token pickers, amounts and quotes on a real AppKit talking to the fixture API over
 * HTTP (fixture market quotes and prices on eip155:1; the chain itself is test/features' business).
 */
let api: FixtureApi
beforeAll(async () => {
  api = await startFixtureApi()
})
afterAll(() => api.close())

const connected = async () => {
  const appKit = testAppKit({ apiUrl: api.url })
  await appKit.connect("io.test.wallet")
  await appKit.refreshBalance()
  return appKit
}

/** Lets requests and state updates land, bounded. */
const settle = async (until: () => boolean) => {
  for (let turn = 0; turn < 100 && !until(); turn++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
}
const click = (element: Element | null | undefined) =>
  act(async () => {
    ;(element as HTMLElement).click()
  })
/** Types into a controlled input as a user does (React listens to the native input event). */
const type = (input: Element | null, value: string) =>
  act(async () => {
    const element = input as HTMLInputElement
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set
    setter?.call(element, value)
    element.dispatchEvent(new Event("input", { bubbles: true }))
  })
const pickerButton = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll<HTMLButtonElement>("button[aria-labelledby]")].find(
    (button) =>
      container.querySelector(`[id="${button.getAttribute("aria-labelledby")?.split(" ")[0]}"]`)
        ?.textContent === label,
  )
const listRows = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll(`ul[aria-label="${label} tokens"] button`)].map((row) => [
    row.getAttribute("data-token"),
    row.lastElementChild?.textContent,
  ])
const pick = async (container: HTMLElement, label: string, symbol: string) => {
  await click(pickerButton(container, label))
  await click(container.querySelector(`ul[aria-label="${label} tokens"] button[data-token="${symbol}"]`))
}

const withView = async (
  view: "swap" | "send",
  test: (appKit: AppKit, container: HTMLElement) => Promise<void>,
) => {
  const appKit = await connected()
  const { container, unmount } = await renderWith(appKit, view === "swap" ? <Swap /> : <WalletSend />)
  try {
    await test(appKit, container)
  } finally {
    unmount()
    await appKit.dispose()
  }
}

describe("Swap's token pickers", () => {
  it("list the network's swap tokens with the account's balances, held first; max fills the balance", () =>
    withView("swap", async (_, container) => {
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      await click(pickerButton(container, "From"))
      // The fixture account holds ETH, USDT, DAI and WETH on eip155:1 (balances floored to 3 decimals, §9).
      expect(listRows(container, "From")).toEqual([
        ["ETH", "17.108"],
        ["USDT", "13.390"],
        ["DAI", "22.048"],
        ["WETH", "0.222"],
        ["USDC", "0.000"],
      ])
      await type(container.querySelector('input[type="search"]'), "dai")
      expect(listRows(container, "From")).toEqual([["DAI", "22.048"]])
      await click(container.querySelector('ul[aria-label="From tokens"] button[data-token="DAI"]'))
      expect(container.querySelector('ul[aria-label="From tokens"]')).toBeNull()
      expect(pickerButton(container, "From")?.textContent).toContain("DAIBalance 22.048")
      await click([...container.querySelectorAll("button")].find((button) => button.textContent === "Max"))
      const amount = () => (container.querySelector("input[inputmode=decimal]") as HTMLInputElement).value
      await settle(() => amount() !== "")
      expect(amount()).toBe("22.048305")
    }))

  it("Max's amount never lands on another token picked while Max was being worked out", () =>
    withView("swap", async (appKit, container) => {
      // The core's swapMax, held back until released: as a native coin's fee read still in flight.
      const { swapMax } = appKit
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      Object.assign(appKit, {
        swapMax: (parameters: Parameters<AppKit["swapMax"]>[0]) => released.then(() => swapMax(parameters)),
      })
      const amount = () => (container.querySelector("input[inputmode=decimal]") as HTMLInputElement).value
      const max = () => click([...container.querySelectorAll("button")].find((b) => b.textContent === "Max"))
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      await pick(container, "From", "DAI")
      await max()
      await pick(container, "From", "USDT")
      await act(async () => release())
      // Long enough for DAI's amount to land, had it been going to.
      await settle(() => amount() !== "")
      expect(amount()).toBe("")
      expect(container.querySelector("[role=alert]")).toBeNull()
      // Asked for the token on show, it fills in as ever.
      await max()
      await settle(() => amount() !== "")
      expect(amount()).toBe("13.390996")
    }))

  it("picks from the new network's list when the network changes under the open view (the wallet switched)", () =>
    withView("swap", async (appKit, container) => {
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      await act(() => appKit.switchNetwork("eip155:8453"))
      await act(() => appKit.refreshBalance())
      const tokens = await appKit.swapTokens()
      await settle(() =>
        tokens.some((choice) => pickerButton(container, "From")?.textContent?.includes(choice.token.symbol)),
      )
      const from = pickerButton(container, "From")?.textContent ?? ""
      expect(tokens.some((choice) => from.includes(choice.token.symbol))).toBe(true)
      const to = pickerButton(container, "To")?.textContent ?? ""
      expect(tokens.some((choice) => to.includes(choice.token.symbol))).toBe(true)
    }))

  it("quotes the picked pair and shows the price impact the core computed from the market prices", () =>
    withView("swap", async (appKit, container) => {
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      await pick(container, "From", "DAI")
      await pick(container, "To", "USDC")
      await type(container.querySelector("input[inputmode=decimal]"), "20")
      await click(container.querySelector("button[type=submit]"))
      await settle(() => container.querySelector("[data-testid=swap-price-impact]") !== null)
      const quote = appKit.getState().swap.quote
      expect([quote?.from.symbol, quote?.to.symbol, quote?.fromAmountUnits]).toEqual([
        "DAI",
        "USDC",
        20n * 10n ** 18n,
      ])
      // The impact, computed here from the API's own prices, is what the view shows.
      const prices = (await (
        await fetch(`${api.url}/v1/fungible/price`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            currency: "usd",
            projectId: "test",
            addresses: [quote?.from.address, quote?.to.address],
          }),
        })
      ).json()) as { fungibles: ReadonlyArray<{ symbol: string; price: number }> }
      const priceOf = (symbol: string) =>
        prices.fungibles.find((entry) => entry.symbol === symbol)?.price as number
      const impact = swapPriceImpact({
        fromAmountUnits: quote?.fromAmountUnits ?? 0n,
        fromDecimals: 18,
        fromPrice: priceOf("DAI"),
        toAmountUnits: quote?.toAmountUnits ?? 0n,
        toDecimals: 6,
        toPrice: priceOf("USDC"),
      }) as number
      expect(container.querySelector("[data-testid=swap-price-impact]")?.textContent).toBe(
        formatPriceImpact(impact),
      )
      expect(container.querySelector("[data-testid=swap-status]")?.textContent).toBe("Quote ready")
      const button = (text: string) =>
        [...container.querySelectorAll("button")].find((candidate) => candidate.textContent === text)
      expect(button("Refresh quote")).toBeDefined()
      expect(button("Swap")?.hasAttribute("disabled")).toBe(false)
      // A changed amount makes the quote on show stale: no swap until it is refreshed.
      await type(container.querySelector("input[inputmode=decimal]"), "21")
      expect(container.querySelector("[data-testid=swap-status]")?.textContent).toBe(
        "The amount or tokens changed: refresh the quote",
      )
      expect(button("Swap")?.hasAttribute("disabled")).toBe(true)
      await click(button("Refresh quote"))
      await settle(() => container.querySelector("[data-testid=swap-status]")?.textContent === "Quote ready")
      expect(appKit.getState().swap.quote?.fromAmountUnits).toBe(21n * 10n ** 18n)
      expect(button("Swap")?.hasAttribute("disabled")).toBe(false)
    }))

  it("a double click on Swap is one swap: no refusal of the second shows while the first goes on", async () => {
    // The wallet (the network's only node here) prices gas but never answers the swap's transaction: the first
    // swap is still under way at the second click.
    const wallet = memoryWallet()
    const appKit = testAppKit({
      apiUrl: api.url,
      connectors: [
        {
          ...wallet,
          request: (request) =>
            request.method === "eth_sendTransaction"
              ? Effect.never
              : request.method === "eth_gasPrice"
                ? Effect.succeed("0x3b9aca00")
                : wallet.request(request),
        } as typeof wallet,
      ],
    })
    await appKit.connect("io.test.wallet")
    await appKit.refreshBalance()
    const { container, unmount } = await renderWith(appKit, <Swap />)
    try {
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      await type(container.querySelector("input[inputmode=decimal]"), "0.01")
      await click(container.querySelector("button[type=submit]"))
      await settle(() => container.querySelector("[data-testid=swap-status]")?.textContent === "Quote ready")
      const swapButton = [...container.querySelectorAll("button")].find(
        (button) => button.textContent === "Swap",
      )
      await act(async () => {
        swapButton?.click()
        swapButton?.click()
      })
      const status = () => container.querySelector("[data-testid=swap-status]")?.textContent
      await settle(() => status() === "Confirm the swap in your wallet…")
      expect(status()).toBe("Confirm the swap in your wallet…")
      expect(container.querySelector("[role=alert]")).toBeNull()
      expect(swapButton?.hasAttribute("disabled")).toBe(true)
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("clears a failed token list's error once the list loads", async () => {
    const appKit = await connected()
    vi.spyOn(appKit, "swapTokens").mockRejectedValueOnce(new Error("The swap tokens could not be read"))
    const { container, unmount } = await renderWith(appKit, <Swap />)
    try {
      const alert = () => container.querySelector("[role=alert]")?.textContent
      await settle(() => alert() !== undefined)
      expect(alert()).toBe("The swap tokens could not be read")
      // The balances change (a refresh): the list is read again, and this time it loads.
      await act(() => appKit.refreshBalance())
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      expect(pickerButton(container, "From")?.textContent).toContain("ETH")
      expect(alert()).toBeUndefined()
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("picking the other side's token swaps the two sides", () =>
    withView("swap", async (_, container) => {
      await settle(() => pickerButton(container, "To")?.textContent?.includes("USDT") === true)
      await pick(container, "From", "USDT")
      expect(pickerButton(container, "From")?.textContent).toContain("USDT")
      expect(pickerButton(container, "To")?.textContent).toContain("ETH")
    }))

  it("shows the core's refusal of an amount it cannot quote", () =>
    withView("swap", async (_, container) => {
      await settle(() => pickerButton(container, "From")?.textContent?.includes("ETH") === true)
      await type(container.querySelector("input[inputmode=decimal]"), "0")
      await click(container.querySelector("button[type=submit]"))
      await settle(() => container.querySelector("[role=alert]") !== null)
      expect(container.querySelector("[role=alert]")?.textContent).toBe(
        new InvalidAmountError({ input: "0" }).message,
      )
    }))
})

describe("WalletSend's token picker and receiver", () => {
  it("lists the Tokens tab's balances, max fills the picked token's, a name shows the address it holds", () =>
    withView("send", async (appKit, container) => {
      await settle(() => pickerButton(container, "Token")?.textContent?.includes("ETH") === true)
      await click(pickerButton(container, "Token"))
      expect(listRows(container, "Token").map(([symbol]) => symbol)).toEqual(
        appKit.getState().account.byNamespace.eip155?.tokenBalance.map((token) => token.symbol),
      )
      await click(container.querySelector('ul[aria-label="Token tokens"] button[data-token="DAI"]'))
      expect(appKit.getState().send.token?.symbol).toBe("DAI")
      await click([...container.querySelectorAll("button")].find((button) => button.textContent === "Max"))
      // A token's Max is its whole balance (its fee is paid in ETH), filled in by the core.
      await settle(() => appKit.getState().send.sendTokenAmount !== undefined)
      expect(appKit.getState().send.sendTokenAmount).toBe("22.048305")
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      await settle(() => problem() === "An amount and receiver address are required")
      expect(problem()).toBe("An amount and receiver address are required")

      const receiver = container.querySelector('input[placeholder^="Address or name"]')
      await type(receiver, "bob.reown.id")
      await settle(() => container.querySelector("[data-testid=send-receiver-resolved]") !== null)
      const resolved = container.querySelector("[data-testid=send-receiver-resolved]")
      expect(resolved?.getAttribute("title")).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
      expect(resolved?.textContent).toBe("bob.reown.id is 0x7099…79C8")
      await settle(() => problem() === "Ready to send")

      await type(receiver, "nobody-here.reown.id")
      await settle(() => problem() === "Error resolving name")
      expect(problem()).toBe("Error resolving name")
      expect(container.querySelector("button[type=submit]")?.hasAttribute("disabled")).toBe(true)
      // An address is shown as typed: nothing to resolve.
      await type(receiver, testAddress)
      await settle(() => problem() === "Ready to send")
      expect(container.querySelector("[data-testid=send-receiver-resolved]")).toBeNull()
    }))

  it("gives the §5 texts for the picked token's amount and the receiver", () =>
    withView("send", async (appKit, container) => {
      await settle(() => pickerButton(container, "Token")?.textContent?.includes("ETH") === true)
      await click(pickerButton(container, "Token"))
      await click(container.querySelector('ul[aria-label="Token tokens"] button[data-token="USDT"]'))
      expect(appKit.getState().send.token?.symbol).toBe("USDT")
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      await type(container.querySelector("input[inputmode=decimal]"), "1,5")
      await type(container.querySelector('input[placeholder^="Address or name"]'), "0x1234")
      await settle(() => problem() === "Invalid amount: 1,5")
      expect(problem()).toBe("Invalid amount: 1,5")
      await type(container.querySelector("input[inputmode=decimal]"), "1.5")
      await settle(() => problem() === "Invalid address")
      expect(problem()).toBe("Invalid address")
    }))
})
