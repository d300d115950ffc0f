import { createAppKit } from "@appkit/core"
import { createDevCoinbaseWalletSdkModule } from "@appkit/fixtures"
import { getAddress, type Hex, verifyMessage } from "viem"
import { describe, expect, it } from "vitest"
import { startApp, useSwapStack } from "./support"

// The card-provider wallet as the core will load it: `createCoinbaseWalletSDK(...).getProvider()` from a module
// shaped like the SDK's entry (here the dev one over anvil keys), then driven as an EIP-1193 provider.
const stack = useSwapStack()

describe("the dev card-provider wallet behind the core's EIP-1193 connector", () => {
  it("connects on the app's chain, signs a message the app verifies, and disconnects with the SDK's event", async () => {
    const { anvil } = stack()
    const sdkModule = createDevCoinbaseWalletSdkModule({
      privateKeys: [anvil.accounts[0]?.privateKey as Hex],
      chains: [{ chainId: 1, rpcUrl: anvil.rpcUrl }],
    })
    const provider = sdkModule.createCoinbaseWalletSDK({ appName: "AppKit", appChainIds: [1] }).getProvider()
    const { appKit, connector, dispose } = await startApp(provider)
    try {
      const address = getAddress(anvil.accounts[0]?.address as string)
      await appKit.connect(connector.id)
      expect(appKit.getState().account.byNamespace.eip155?.caipAddress).toBe(`eip155:1:${address}`)
      const signature = (await appKit.signMessage({
        namespace: "eip155",
        message: "Sign in to AppKit",
      })) as Hex
      expect(await verifyMessage({ address, message: "Sign in to AppKit", signature })).toBe(true)
      expect(provider.requests.map((request) => request.method)).toEqual(
        expect.arrayContaining(["eth_requestAccounts", "personal_sign"]),
      )
      const disconnected = new Promise((resolve) => provider.once("disconnect", resolve))
      await provider.disconnect()
      expect(await disconnected).toMatchObject({ code: 4900 })
    } finally {
      await dispose()
    }
  })

  const cardProviderApp = (loadSdk: () => Promise<unknown>) =>
    createAppKit({
      projectId: "test",
      networks: [{ id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" }],
      cardProvider: { loadSdk: loadSdk as never },
      reconnect: false,
    })

  /** Resolves once the card-provider connector is registered (it loads in the background), else false. */
  const registered = (appKit: ReturnType<typeof createAppKit>, withinMs = 5_000) =>
    new Promise<boolean>((resolve) => {
      const found = () => appKit.getState().connectors.connectors.some((c) => c.id === "coinbaseWalletSDK")
      if (found()) return resolve(true)
      const timer = setTimeout(() => {
        unsubscribe()
        resolve(false)
      }, withinMs)
      const unsubscribe = appKit.subscribe(() => {
        if (!found()) return
        clearTimeout(timer)
        unsubscribe()
        resolve(true)
      })
    })

  it("createAppKit({ cardProvider }) loads the SDK in the background, lists the wallet and connects through it", async () => {
    const { anvil } = stack()
    const sdkModule = createDevCoinbaseWalletSdkModule({
      privateKeys: [anvil.accounts[1]?.privateKey as Hex],
      chains: [{ chainId: 1, rpcUrl: anvil.rpcUrl }],
    })
    const appKit = cardProviderApp(async () => sdkModule)
    try {
      expect(await registered(appKit)).toBe(true)
      const connector = appKit.getState().connectors.connectors.find((c) => c.id === "coinbaseWalletSDK")
      expect(connector).toMatchObject({ name: "Coinbase Wallet", type: "EXTERNAL" })
      await appKit.connect("coinbaseWalletSDK")
      expect(appKit.getState().account.byNamespace.eip155?.caipAddress).toBe(
        `eip155:1:${getAddress(anvil.accounts[1]?.address as string)}`,
      )
    } finally {
      await appKit.dispose()
    }
  })

  it("hides the wallet when the SDK cannot be imported", async () => {
    let attempted: Promise<unknown> | undefined
    const appKit = cardProviderApp(() => {
      const failing = Promise.reject(new Error("Cannot find package '@coinbase/wallet-sdk'"))
      attempted = failing.catch(() => undefined)
      return failing
    })
    try {
      // The import is attempted in the background; once it has failed, no registration follows.
      for (let turn = 0; attempted === undefined && turn < 100; turn++)
        await new Promise((resolve) => setTimeout(resolve, 10))
      await attempted
      expect(await registered(appKit, 200)).toBe(false)
    } finally {
      await appKit.dispose()
    }
  })
})
