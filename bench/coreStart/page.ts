import { browserStorage, createAppKit } from "@appkit/core"

// The core's start-up in a page, without React or the demo around it: the bundle is evaluated (window.loadedAt
// is set when its last module ran), then createAppKit is called with the demo's options (an EVM network on a
// local node, the API, WalletConnect, sign-in, the embedded wallet's site, browser storage), and
// window.createdAt records when it returned; then once more (window.againAt). coreStart.bench.ts reads them.
const page = window as unknown as { loadedAt: number; createdAt: number; againAt: number }
const create = () =>
  createAppKit({
    projectId: "appkit-bench",
    apiUrl: "http://127.0.0.1:9/api",
    networks: [
      {
        id: 1,
        chainNamespace: "eip155",
        caipNetworkId: "eip155:1",
        name: "Ethereum (anvil)",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: ["http://127.0.0.1:9/rpc"] } },
      },
    ],
    secureSiteUrl: "http://127.0.0.1:9/secure",
    features: { email: true },
    socials: ["google", "github", "x", "discord", "farcaster"],
    walletConnect: {
      relayUrl: "ws://127.0.0.1:9/relay",
      metadata: { name: "AppKit bench", description: "", url: location.origin, icons: [] },
    },
    storage: browserStorage,
    siwx: { domain: location.host, uri: location.origin, statement: "Sign in to the AppKit bench" },
  })
page.loadedAt = performance.now()
const first = create()
page.createdAt = performance.now()
// A second instance runs the same code warm: what is left of createAppKit's cost once its code is compiled.
const second = create()
page.againAt = performance.now()
void first.dispose()
void second.dispose()
