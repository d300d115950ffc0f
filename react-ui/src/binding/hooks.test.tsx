// @vitest-environment happy-dom

import { type AppKitNetwork, createAppKit, fromMap, Storage } from "@appkit/core"
import { scriptedFrameHost } from "@appkit/core/testing"
import { Effect, Layer } from "effect"
import { act } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { memoryWallet, testAddress, testAppKit, testNetworks } from "../testing/appKit"
import { AppKitProvider } from "./AppKitProvider"
import { errorMessage } from "./errorMessage"
import {
  useAppKit,
  useAppKitAccount,
  useAppKitBalance,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useDisconnect,
  useWalletInfo,
} from "./hooks"

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
})

/** Renders `node` under a provider (without the modal: these tests are about the binding). */
const render = async (appKit: ReturnType<typeof testAppKit>, node: React.ReactNode) => {
  const container = document.createElement("div")
  document.body.append(container)
  root = createRoot(container)
  await act(async () => {
    root?.render(
      <AppKitProvider appKit={appKit} modal={false}>
        {node}
      </AppKitProvider>,
    )
  })
  return container
}

// Probes, at module level as components must be: each records what it rendered into `seen`.
const renders = { account: 0, state: 0, network: 0 }
const seen: Record<string, unknown> = {}
let actions: {
  readonly open: ReturnType<typeof useAppKit>["open"]
  readonly switchNetwork: ReturnType<typeof useAppKitNetwork>["switchNetwork"]
  readonly disconnect: ReturnType<typeof useDisconnect>["disconnect"]
}
const AccountProbe = () => {
  renders.account++
  seen.account = useAppKitAccount()
  return null
}
const StateProbe = () => {
  renders.state++
  seen.open = useAppKitState().open
  return null
}
const NetworkProbe = () => {
  renders.network++
  useAppKitNetwork()
  return null
}
const Probe = () => {
  const { open } = useAppKit()
  const network = useAppKitNetwork()
  const { disconnect } = useDisconnect()
  actions = { open, switchNetwork: network.switchNetwork, disconnect }
  seen.network = network.caipNetworkId
  seen.chainId = network.chainId
  seen.wallet = useWalletInfo().walletInfo?.name
  seen.provider = useAppKitProvider("eip155")
  seen.event = useAppKitEvents()?.data.event
  return null
}
const SolanaProbe = () => {
  seen.solana = useAppKitAccount({ namespace: "solana" })
  return null
}
let fetchBalance: ReturnType<typeof useAppKitBalance>["fetchBalance"]
const BalanceProbe = () => {
  fetchBalance = useAppKitBalance().fetchBalance
  return null
}
const Outside = () => {
  useAppKitAccount()
  return null
}

describe("the hooks", () => {
  it("re-render a component only when its own slice changes", async () => {
    const appKit = testAppKit()
    await render(
      appKit,
      <>
        <AccountProbe />
        <StateProbe />
        <NetworkProbe />
      </>,
    )
    const after = { ...renders }
    // Opening the modal is the state slice's business only.
    await act(() => appKit.open())
    expect(seen.open).toBe(true)
    expect(renders).toEqual({ ...after, state: after.state + 1 })

    // A toast changes nothing any of them shows.
    await act(() => appKit.showToast({ message: "hi", variant: "info" }))
    expect(renders).toEqual({ ...after, state: after.state + 1 })

    await act(async () => {
      await appKit.connect("io.test.wallet")
    })
    expect(seen.account).toMatchObject({
      address: testAddress,
      caipAddress: `eip155:1:${testAddress}`,
      isConnected: true,
      status: "connected",
    })
    expect(renders.account).toBeGreaterThan(after.account)
    expect(renders.network).toBe(after.network)
    await appKit.dispose()
  })

  it("open and close the modal, switch network, disconnect and name the wallet", async () => {
    const appKit = testAppKit()
    await render(appKit, <Probe />)
    await act(() => actions.open({ view: "Networks" }))
    expect(appKit.getState().router.view).toBe("Networks")
    expect(seen.event).toBe("MODAL_OPEN")
    await act(async () => {
      await appKit.connect("io.test.wallet")
    })
    expect(seen.wallet).toBe("Test Wallet")
    expect(seen.provider).toMatchObject({ walletProviderType: "ANNOUNCED" })
    await act(() => actions.switchNetwork("eip155:8453"))
    expect(seen).toMatchObject({ network: "eip155:8453", chainId: 8453, event: "SWITCH_NETWORK" })
    // A network as createAppKit takes it: a viem chain (no namespace, no CAIP-2 id), as a wagmi user passes it.
    const mainnet: AppKitNetwork = { id: 1, name: "Ethereum" }
    await act(() => actions.switchNetwork(mainnet))
    expect(seen).toMatchObject({ network: "eip155:1", chainId: 1 })
    await act(() => actions.disconnect())
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(seen.event).toBe("DISCONNECT_SUCCESS")
    expect(seen.provider).toMatchObject({ walletProvider: undefined })
    await appKit.dispose()
  })

  it("give each namespace its own status: one not connected is disconnected while another is connected", async () => {
    const appKit = testAppKit()
    await render(
      appKit,
      <>
        <AccountProbe />
        <SolanaProbe />
      </>,
    )
    await act(async () => {
      await appKit.connect("io.test.wallet")
    })
    expect(seen.account).toMatchObject({ isConnected: true, status: "connected" })
    expect(seen.solana).toMatchObject({
      address: undefined,
      caipAddress: undefined,
      isConnected: false,
      status: "disconnected",
    })
    await act(() => appKit.disconnect())
    expect(seen.account).toMatchObject({ isConnected: false, status: "disconnected" })
    await appKit.dispose()
  })

  it("fetchBalance answers Reown's shape from a fresh read, and an error when the read fails", async () => {
    // The wallet answers balance reads (1 ETH) until it stops answering them.
    let answering = true
    const wallet = memoryWallet()
    const appKit = testAppKit({
      connectors: [
        {
          ...wallet,
          request: (request) =>
            request.method !== "eth_getBalance"
              ? wallet.request(request)
              : answering
                ? Effect.succeed("0xde0b6b3a7640000")
                : Effect.fail(new Error("the wallet is gone")),
        } as typeof wallet,
      ],
    })
    await render(appKit, <BalanceProbe />)
    await appKit.connect("io.test.wallet")
    expect(await fetchBalance()).toEqual({
      data: { balance: "1", symbol: "ETH" },
      error: null,
      isSuccess: true,
      isError: false,
    })
    answering = false
    expect(await fetchBalance()).toMatchObject({ data: undefined, isSuccess: false, isError: true })
    // A rejection that is no Error but carries a message reads as the views read it, not '[object Object]'.
    const rejection = { code: -32000, message: "header not found" }
    vi.spyOn(appKit, "getBalance").mockRejectedValueOnce(rejection)
    expect(await fetchBalance()).toMatchObject({ error: errorMessage(rejection), isError: true })
    expect(errorMessage(rejection)).toBe("header not found")
    await appKit.dispose()
  })

  it("give an email login's embeddedWalletInfo in Reown's shape", async () => {
    const eoa = "0x00000000000000000000000000000000000000e0"
    let signedIn = false
    // The secure site's frame: one user, signed in by the mailed code.
    const frame = scriptedFrameHost((request) => {
      switch (request._tag) {
        case "ConnectEmail":
          return { action: "VERIFY_OTP" }
        case "ConnectOtp":
          signedIn = true
          return {}
        case "IsConnected":
          return { isConnected: signedIn }
        case "GetUser":
          return {
            email: "ada@example.com",
            userName: "ada",
            address: eoa,
            chainId: 1,
            accounts: [{ address: eoa, type: "EOA" }],
            preferredAccountType: "eoa",
            smartAccountDeployed: false,
          }
        case "GetSmartAccountEnabledNetworks":
          return { smartAccountEnabledNetworks: [] }
        default:
          return {}
      }
    })
    const appKit = createAppKit({
      projectId: "test",
      networks: testNetworks,
      secureSiteUrl: "https://secure.example",
      embeddedFrameHost: frame.host,
      // An earlier login in this browser was a social one (GitHub): this one is by email.
      storage: Layer.succeed(
        Storage,
        fromMap(new Map([["@appkit/connected_social", JSON.stringify("github")]])),
      ),
      reconnect: false,
    })
    await render(appKit, <AccountProbe />)
    await act(async () => {
      await appKit.embedded.connectEmail("ada@example.com")
      await appKit.embedded.verifyOtp("123456")
    })
    expect(seen.account).toMatchObject({
      address: eoa,
      isConnected: true,
      embeddedWalletInfo: {
        user: { email: "ada@example.com", username: "ada" },
        authProvider: "email",
        accountType: "eoa",
        isSmartAccountDeployed: false,
      },
    })
    await appKit.dispose()
  })

  it("a hook outside the provider names the fix", () => {
    root = createRoot(document.createElement("div"))
    expect(() => act(() => root?.render(<Outside />))).toThrow("inside <AppKitProvider appKit={…}>")
  })
})
