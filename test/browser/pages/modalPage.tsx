// Bundled for the browser by modal.browser.test.ts: the React skin's connect button and modal over a bare
// createAppKit (one EVM network, no wallet, nothing off the machine), with the instance on `window.appKit`.
// `window.modalTestApiUrl`, set before the script runs, is the Wallet API it uses (the fixture API's).
import { type AppKit, createAppKit } from "@appkit/core"
import { AppKitButton, AppKitProvider } from "@appkit/react-ui"
import { createRoot } from "react-dom/client"

declare global {
  interface Window {
    appKit: AppKit
    modalTestApiUrl?: string
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
const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(
  <AppKitProvider appKit={appKit}>
    <AppKitButton />
  </AppKitProvider>,
)
