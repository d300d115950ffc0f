// Bundled for the browser by selector.browser.test.ts: the selector element, core's Bitcoin client and the
// dev Bitcoin wallet registered on the page (WBIP004), whose answers the test can hold back.
import { createBitcoinClient, selectorEvents } from "../../../core/src/chains/bitcoin/index"
import { createDevBitcoinWallet, registerDevBitcoinWallet } from "../../../fixtures/src/wallets/bitcoin/index"
import { loadBitcoinWalletSelector } from "../../../react-ui/src/bitcoin/index"

declare global {
  interface Window {
    selectorEvents: Array<{ type: string; detail: unknown }>
    installDevWallet: () => void
    openSelector: (options: ReadonlyArray<unknown>) => void
    holdWallet: () => void
    releaseWallet: () => void
    connectWithSelector: () => Promise<unknown>
    connectResult: unknown
  }
}

window.selectorEvents = []
for (const type of [selectorEvents.select, selectorEvents.cancel])
  window.addEventListener(type, (event) =>
    window.selectorEvents.push({ type, detail: (event as CustomEvent).detail }),
  )

loadBitcoinWalletSelector()

let release: (() => void) | undefined
let held: Promise<void> | undefined
window.holdWallet = () => {
  held = new Promise((resolve) => (release = resolve))
}
window.releaseWallet = () => release?.()

window.installDevWallet = () => {
  const wallet = createDevBitcoinWallet({ network: "Mainnet" })
  const request = wallet.provider.request
  // The test holds the wallet's answer to see the selector while the wallet is "open".
  const provider = {
    ...wallet.provider,
    request: async (method: string, params?: unknown) => {
      await held
      return request(method, params)
    },
  }
  registerDevBitcoinWallet(window as unknown as EventTarget & Record<string, unknown>, {
    ...wallet,
    provider,
  })
}

window.openSelector = (options) =>
  window.dispatchEvent(new CustomEvent(selectorEvents.open, { detail: { options } }))

window.connectWithSelector = async () => {
  const client = createBitcoinClient()
  window.connectResult = await client.request("getAddresses", {
    purposes: ["payment", "ordinals"],
    message: "Connect to the test page",
  })
  return window.connectResult
}
