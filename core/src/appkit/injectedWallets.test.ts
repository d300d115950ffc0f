import { devWalletInfo, injectDevWallet } from "@appkit/fixtures"
import { Layer } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { fromMap, Storage } from "../storage/Storage"
import { devAccount, testOptions } from "../testing/testkit"
import type { AppKit } from "./AppKit"
import { createAppKit } from "./createAppKit"
import type { CreateAppKitParameters } from "./options"

// createAppKit finds the page's EIP-6963 wallets by itself: the app registers no connector. A fake window
// (an EventTarget) stands in for the page; the wallets on it are the dev wallet (real signing keys) and bare
// announcers answering `eip6963:requestProvider` as extensions do.

const icon = "data:image/svg+xml;base64,PHN2Zy8+"
/** The dev wallet's chains: never reached here (connecting asks the wallet alone), loopback all the same. */
const devChains = [{ chainId: 1, rpcUrl: "http://127.0.0.1:9" }]

const instances: Array<AppKit> = []
afterEach(async () => {
  await Promise.all(instances.splice(0).map((appKit) => appKit.dispose()))
})

const make = (page: EventTarget, options: Partial<CreateAppKitParameters> = {}) => {
  const appKit = createAppKit({ ...testOptions, eip6963Target: page, reconnect: false, ...options })
  instances.push(appKit)
  return appKit
}

/** An extension that announces itself now and whenever the page asks. */
const announceWallet = (
  page: EventTarget,
  info: Record<string, unknown>,
  provider: unknown = bareProvider(),
) => {
  const announce = () =>
    page.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: { info, provider } }))
  page.addEventListener("eip6963:requestProvider", announce)
  announce()
}
const bareProvider = () => ({ request: async () => null, on: () => {}, removeListener: () => {} })
const walletInfo = (rdns: string, uuid = `uuid-${rdns}`) => ({ uuid, name: rdns, icon, rdns })

const injectedIds = (appKit: AppKit) =>
  appKit
    .getState()
    .connectors.connectors.filter((connector) => connector.type === "ANNOUNCED")
    .map((connector) => connector.id)

/** Resolves once the state says so (wallets announcing later are registered by a background fiber). */
const until = (appKit: AppKit, check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve()
    const unsubscribe = appKit.subscribe(() => {
      if (!check()) return
      unsubscribe()
      resolve()
    })
  })

describe("createAppKit's EIP-6963 discovery", () => {
  it("has the wallets announced before it as connectors at once, and connects through one", async () => {
    const page = new EventTarget()
    injectDevWallet(page, { chains: devChains })
    announceWallet(page, walletInfo("com.example.wallet"))
    const appKit = make(page)
    // Synchronously: the first render already lists them.
    expect(injectedIds(appKit)).toEqual([devWalletInfo.rdns, "com.example.wallet"])
    expect(appKit.getState().connectors.connectors[0]).toMatchObject({
      name: devWalletInfo.name,
      imageUrl: devWalletInfo.icon,
    })
    await appKit.connect(devWalletInfo.rdns)
    expect(appKit.getState().account.byNamespace.eip155?.address).toBe(devAccount.address)
  })

  it("adds a wallet that announces itself after createAppKit", async () => {
    const page = new EventTarget()
    const appKit = make(page)
    expect(injectedIds(appKit)).toEqual([])
    injectDevWallet(page, { chains: devChains })
    await until(appKit, () => injectedIds(appKit).length > 0)
    expect(injectedIds(appKit)).toEqual([devWalletInfo.rdns])
    await appKit.connect(devWalletInfo.rdns)
    expect(appKit.getState().connection.status).toBe("connected")
  })

  it("keeps one connector per wallet: repeats and a second injection of the same rdns add none", async () => {
    const page = new EventTarget()
    announceWallet(page, walletInfo("com.example.wallet"))
    const appKit = make(page)
    announceWallet(page, walletInfo("com.example.wallet", "another-uuid")) // injected twice
    announceWallet(page, walletInfo("com.example.other"))
    await until(appKit, () => injectedIds(appKit).length > 1)
    page.dispatchEvent(new Event("eip6963:requestProvider")) // every wallet announces again
    expect(injectedIds(appKit)).toEqual(["com.example.wallet", "com.example.other"])
  })

  it("ignores a malformed announcement (any script on the page can dispatch one)", async () => {
    const page = new EventTarget()
    announceWallet(page, { ...walletInfo("com.example.remote"), icon: "https://icons.example/wallet.png" })
    announceWallet(page, walletInfo("com.example.noprovider"), { request: "not a function" })
    announceWallet(page, walletInfo("com.example.wallet"))
    const appKit = make(page)
    expect(injectedIds(appKit)).toEqual(["com.example.wallet"])
  })

  it("discovers nothing with enableEIP6963: false, and refuses a value that is no boolean", async () => {
    const page = new EventTarget()
    announceWallet(page, walletInfo("com.example.wallet"))
    const appKit = make(page, { enableEIP6963: false })
    announceWallet(page, walletInfo("com.example.later"))
    await appKit.open()
    expect(injectedIds(appKit)).toEqual([])
    expect(() => make(page, { enableEIP6963: "no" as never })).toThrow(
      expect.objectContaining({
        _tag: "InvalidAppKitOptionsError",
        message: expect.stringContaining("enableEIP6963"),
      }),
    )
  })

  it("reconnects a stored wallet that announced itself before createAppKit, on the reload", async () => {
    const storage = new Map<string, string>()
    const page = new EventTarget()
    injectDevWallet(page, { chains: devChains })
    const first = make(page, { storage: Layer.succeed(Storage, fromMap(storage)) })
    await first.connect(devWalletInfo.rdns)
    await first.dispose()
    const reloaded = make(page, { storage: Layer.succeed(Storage, fromMap(storage)), reconnect: true })
    await reloaded.ready
    expect(reloaded.getState().connection.status).toBe("connected")
    expect(reloaded.getState().account.byNamespace.eip155?.address).toBe(devAccount.address)
  })

  it("lets go of the wallets when the instance is disposed", async () => {
    const page = new EventTarget()
    const listeners = new Set<unknown>()
    const provider = {
      request: async () => null,
      on: (_event: string, listener: unknown) => listeners.add(listener),
      removeListener: (_event: string, listener: unknown) => listeners.delete(listener),
    }
    announceWallet(page, walletInfo("com.example.wallet"), provider)
    const appKit = make(page)
    expect(listeners.size).toBeGreaterThan(0)
    await appKit.dispose()
    expect(listeners.size).toBe(0)
  })
})
