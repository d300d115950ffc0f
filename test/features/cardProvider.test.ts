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
})
