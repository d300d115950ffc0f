// The smallest real React app: EVM networks, browser wallets announced through EIP-6963 (createAppKit finds
// them), the connect button.
import { browserStorage, createAppKit } from "@appkit/core"
import { AppKitButton, AppKitProvider } from "@appkit/react-ui"
import { createRoot } from "react-dom/client"

const appKit = createAppKit({
  projectId: "size-test",
  networks: [{ id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" }],
  storage: browserStorage,
})

createRoot(document.getElementById("root") as HTMLElement).render(
  <AppKitProvider appKit={appKit}>
    <AppKitButton />
  </AppKitProvider>,
)
