import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { BitcoinWalletSelector } from "./index"

describe("the React wrapper of the Bitcoin wallet selector", () => {
  it("renders the custom element, and imports where HTMLElement does not exist (server rendering)", () => {
    expect(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement).toBe("undefined")
    expect(renderToStaticMarkup(<BitcoinWalletSelector />)).toBe(
      "<sats-connect-wallet-provider-selector></sats-connect-wallet-provider-selector>",
    )
  })
})
