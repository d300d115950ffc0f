import { type AppKit, browserStorage, createAppKit, loadSolanaAdapter } from "@appkit/core"
import {
  AppKitButton,
  AppKitProvider,
  NetworkButton,
  type ThemeMode,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitSelector,
  useAppKitState,
  useWalletInfo,
} from "@appkit/react-ui"
import { useEffect, useState } from "react"
import { flushSync } from "react-dom"
import { createRoot } from "react-dom/client"
import { BitcoinSection, injectDevBitcoinWallet } from "./bitcoin"
import { fetchStack, inlineStack, type Stack } from "./stack"

/**
 * The AppKit demo: the React skin over the local stack (anvil, the fixture API, the relay), offline, with no
 * project id to register. `?devWallet=off` leaves out the dev wallet injected through EIP-6963;
 * `?theme=light|dark` fixes the theme (the system's otherwise).
 */
const params = new URLSearchParams(location.search)
const withDevWallet = params.get("devWallet") !== "off"
const themeParam = params.get("theme")

/** anvil's fifth dev account: no name yet, so the demo can register one. */
const cardWalletKey = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a"

/** A second chain the dev wallet knows but the demo does not request: switching to it shows UnsupportedChain. */
const unrequestedChainId = 1337

/** Browser wallets announced through EIP-6963 (the dev wallet below) become connectors by themselves. */
const makeAppKit = (stack: Stack): AppKit =>
  createAppKit({
    projectId: "appkit-demo",
    apiUrl: stack.apiUrl,
    networks: [
      {
        id: stack.chainId,
        chainNamespace: "eip155",
        caipNetworkId: `eip155:${stack.chainId}`,
        name: stack.chainId === 1 ? "Ethereum (anvil)" : `Anvil ${stack.chainId}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [stack.rpcUrl] } },
      },
      ...(stack.solana === undefined
        ? []
        : [
            {
              id: stack.solana.chainId.slice("solana:".length),
              chainNamespace: "solana" as const,
              caipNetworkId: stack.solana.chainId,
              name: "Solana (local)",
              nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
              rpcUrl: stack.solana.rpcUrl,
            },
          ]),
    ],
    // Solana loads only when used: its Wallet Standard wallets, balance and send in the Account view.
    solanaAdapter: loadSolanaAdapter,
    // Email and social sign-in through the stack's secure site (its frame loads on first use); none without one.
    secureSiteUrl: stack.secureSiteUrl,
    features: { email: stack.secureSiteUrl !== undefined },
    socials: stack.secureSiteUrl === undefined ? [] : ["google", "github", "x", "discord", "farcaster"],
    walletConnect: {
      relayUrl: stack.relayUrl,
      metadata: {
        name: "AppKit demo",
        description: "The AppKit React skin",
        url: location.origin,
        icons: [],
      },
    },
    // The card-provider wallet, its SDK the dev one over anvil's fifth key (a fixture, loaded on demand).
    ...(withDevWallet && {
      cardProvider: {
        loadSdk: async () =>
          (await import("@appkit/fixtures/cardProvider")).createDevCoinbaseWalletSdkModule({
            privateKeys: [cardWalletKey],
            chains: [{ chainId: stack.chainId, rpcUrl: stack.rpcUrl }],
          }),
      },
    }),
    storage: browserStorage,
    siwx: { domain: location.host, uri: location.origin, statement: "Sign in to the AppKit demo" },
  })

const Row = ({ name, value }: { readonly name: string; readonly value: string | undefined }) => (
  <>
    <dt>{name}</dt>
    <dd data-field={name}>{value ?? "—"}</dd>
  </>
)

const Session = () => {
  const account = useAppKitAccount()
  const network = useAppKitNetwork()
  const state = useAppKitState()
  const { walletInfo } = useWalletInfo()
  const event = useAppKitEvents()
  return (
    <section aria-labelledby="session-title">
      <h2 id="session-title">Session</h2>
      <dl>
        <Row name="status" value={account.status} />
        <Row name="address" value={account.address} />
        <Row name="wallet" value={walletInfo?.name} />
        <Row name="network" value={network.caipNetworkId} />
        <Row name="initialized" value={String(state.initialized)} />
        <Row name="last event" value={event?.data.event} />
      </dl>
    </section>
  )
}

/** The command that pairs the dev WalletConnect wallet with the URI the modal shows right now. */
const Pairing = ({ stack }: { readonly stack: Stack }) => {
  const uri = useAppKitSelector((state) => state.pairing.wcUri)
  return (
    <section aria-labelledby="wc-title">
      <h2 id="wc-title">Connect with WalletConnect</h2>
      <p>
        Open the modal, pick WalletConnect, then pair the dev wallet from a terminal (
        <code>npx appkit-cli dev wallet</code> signs with anvil's first account):
      </p>
      <pre data-testid="pair-command" style={{ whiteSpace: "pre-wrap" }}>
        <code>
          {uri === undefined
            ? "(the command appears here once the QR code shows)"
            : `npx appkit-cli dev wallet --relay-url ${stack.relayUrl} --rpc-url ${stack.rpcUrl} --uri '${uri}'`}
        </code>
      </pre>
    </section>
  )
}

const Demo = ({ appKit, stack }: { readonly appKit: AppKit; readonly stack: Stack }) => {
  const [theme, setTheme] = useState<ThemeMode | undefined>(
    themeParam === "light" || themeParam === "dark" ? themeParam : undefined,
  )
  // The page follows the system (CSS) unless a theme is picked here.
  useEffect(() => {
    if (theme === undefined) delete document.body.dataset.theme
    else document.body.dataset.theme = theme
  }, [theme])
  return (
    <AppKitProvider appKit={appKit} themeMode={theme}>
      <header>
        <h1>AppKit demo</h1>
        <label>
          Theme{" "}
          <select
            value={theme ?? "system"}
            onChange={(event) =>
              setTheme(event.target.value === "system" ? undefined : (event.target.value as ThemeMode))
            }
          >
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <NetworkButton />
        <AppKitButton />
      </header>
      <main>
        <Session />
        <Pairing stack={stack} />
        <BitcoinSection />
      </main>
    </AppKitProvider>
  )
}

const start = async () => {
  // Served by `appkit-cli dev --serve`, the stack is in the page: no request between the script and the render.
  const stack = inlineStack(document) ?? (await fetchStack())
  const appKit = makeAppKit(stack)
  ;(window as { appKit?: AppKit }).appKit = appKit
  const root = createRoot(document.getElementById("root") as HTMLElement)
  // The first render commits now, in the task that loaded the page, rather than in a task React schedules
  // after the work createAppKit has just queued: the button is there (and answers a click) sooner.
  flushSync(() => root.render(<Demo appKit={appKit} stack={stack} />))
  if (withDevWallet) {
    // A fixture, not part of the app: loaded after the first paint, announced like an extension wallet.
    const { injectDevWallet } = await import("@appkit/fixtures/eip1193")
    const wallet = injectDevWallet(window, {
      chains: [
        { chainId: stack.chainId, rpcUrl: stack.rpcUrl },
        { chainId: unrequestedChainId, rpcUrl: stack.rpcUrl },
      ],
      // As an extension does, it remembers the site's permission, so a reload reconnects without asking.
      permissionStorage: localStorage,
    })
    ;(window as { appkitDevWallet?: unknown }).appkitDevWallet = wallet.provider
    await injectDevBitcoinWallet(window, stack.apiUrl)
    if (stack.solana !== undefined) {
      // The Solana dev wallet, registered on the Wallet Standard like an extension wallet.
      const { injectDevSolanaWallet } = await import("@appkit/fixtures/solana-wallet")
      injectDevSolanaWallet(window, { rpcUrl: stack.solana.rpcUrl, permissionStorage: localStorage })
    }
  }
}

void start()
