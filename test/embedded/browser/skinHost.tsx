// Bundled for the browser by skin.browser.test.ts: the React skin over createAppKit({ secureSiteUrl }), as a
// dApp writes it — the modal's email form, code boxes and account view drive the embedded wallet.
import { type AppKit, createAppKit } from "@appkit/core"
import { AppKitButton, AppKitProvider } from "@appkit/react-ui"
import { createRoot } from "react-dom/client"

declare global {
  interface Window {
    skin: {
      appKit?: AppKit
      start: (stack: { secureSiteUrl: string; rpcUrl: string; chainId: number }) => Promise<void>
    }
  }
}

window.skin = {
  start: async (stack) => {
    const appKit = createAppKit({
      projectId: "embedded-skin-test",
      networks: [
        {
          id: stack.chainId,
          caipNetworkId: `eip155:${stack.chainId}`,
          name: "Anvil",
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrl: stack.rpcUrl,
        },
      ],
      metadata: { name: "Skin test", description: "", url: location.origin, icons: [] },
      secureSiteUrl: stack.secureSiteUrl,
      socials: ["google", "github"],
      reconnect: false,
    })
    // The EOA: it pays its own gas when it sends (the site's smart account would need its owner funded too).
    await appKit.setPreferredAccountType("eip155", "eoa")
    window.skin.appKit = appKit
    const root = document.createElement("div")
    document.body.append(root)
    createRoot(root).render(
      <AppKitProvider appKit={appKit}>
        <AppKitButton />
      </AppKitProvider>,
    )
  },
}
