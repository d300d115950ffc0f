// Bundled for the browser by modal.browser.test.ts: the React skin's connect button and modal over a bare
// createAppKit (one EVM network, no wallet, nothing off the machine), with the instance on `window.appKit`.
// `window.modalTestApiUrl`, set before the script runs, is the Wallet API it uses (the fixture API's), and
// `window.modalTestNotifyDelayMs` makes the skin hear of every change that much later (as when the core changes
// in a fiber of its own and its change feed tells the skin in a later task).
import { type AppKit, createAppKit } from "@appkit/core"
import { AppKitButton, AppKitProvider } from "@appkit/react-ui"
import { createRoot } from "react-dom/client"

declare global {
  interface Window {
    appKit: AppKit
    modalTestApiUrl?: string
    modalTestNotifyDelayMs?: number
  }
}

const appKit = createAppKit({
  projectId: "modal-test",
  ...(window.modalTestApiUrl === undefined ? {} : { apiUrl: window.modalTestApiUrl }),
  networks: [{ id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" }],
  features: { email: false },
  socials: [],
  reconnect: false,
})
window.appKit = appKit
const delay = window.modalTestNotifyDelayMs
const skinAppKit: AppKit =
  delay === undefined
    ? appKit
    : {
        ...appKit,
        subscribe: ((listener: (state: ReturnType<AppKit["getState"]>) => void) =>
          appKit.subscribe((state) => void setTimeout(() => listener(state), delay))) as AppKit["subscribe"],
      }
const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(
  <AppKitProvider appKit={skinAppKit}>
    <AppKitButton />
  </AppKitProvider>,
)
