import { memoryWebStorage, pageLocalStorage } from "../../storage/webStorage"
import type { BitcoinClient, BitcoinClientOptions } from "./client"
import { makeBitcoinRequestClient } from "./selection/requestClient"
import { selectorTag } from "./selection/selectorMachine"
import { windowSelector } from "./selection/selectorPort"
import { installPlatformOf } from "./wallets/catalog"
import { discoverBitcoinWallets, toWalletOption, type WalletHost } from "./wallets/discovery"

// The implementation of createBitcoinClient (client.ts): discovery, selection and the connectors.

/** Whether `root` holds an element named `tag`, in it or in the open shadow roots of its elements. */
const holds = (root: ParentNode, tag: string): boolean => {
  if (root.querySelector(tag) !== null) return true
  for (const element of root.querySelectorAll("*"))
    if (element.shadowRoot !== null && holds(element.shadowRoot, tag)) return true
  return false
}

/**
 * Whether a selector element is on this page and defined (react-ui's `loadBitcoinWalletSelector`, or its
 * `<BitcoinWalletSelector />`): defined alone, no one would answer the prompt, and the request would wait out the
 * whole selection bound. As sats-connect does, the element is looked for in the document, and also in open
 * shadow roots (an app that renders into one); a closed shadow root cannot be looked into.
 */
const selectorLoaded = () =>
  typeof customElements !== "undefined" &&
  customElements.get(selectorTag) !== undefined &&
  typeof document !== "undefined" &&
  holds(document, selectorTag)

export const makeBitcoinClient = (options: BitcoinClientOptions): BitcoinClient => {
  const host = options.host ?? (globalThis as unknown as WalletHost)
  const platform = installPlatformOf(
    (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? "",
  )
  const client = makeBitcoinRequestClient({
    wallets: () => discoverBitcoinWallets(host),
    storage: options.storage ?? pageLocalStorage() ?? memoryWebStorage(),
    selector: options.selector ?? windowSelector(host, selectorLoaded),
    platform,
    network: options.network,
    timeout: options.timeout,
  })
  return {
    request: client.requestResult,
    selectProvider: client.selectProvider,
    disconnect: client.disconnect,
    addListener: async (listener) => client.addListener(listener),
    wallets: async () => discoverBitcoinWallets(host).map((wallet) => toWalletOption(wallet, platform)),
  }
}
