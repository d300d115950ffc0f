import { anvilDevKeys, createDevEip1193Provider } from "@appkit/fixtures"
import { afterEach, describe, expect, it } from "vitest"
import { devAccount, testOptions } from "../testing/testkit"
import type { AppKit } from "./AppKit"
import { createAppKit } from "./createAppKit"
import type { CreateAppKitParameters } from "./options"

// A wallet that only injects window.ethereum, never announcing itself through EIP-6963, is offered as
// "Browser Wallet" (id "injected"), as wagmi's injected() and Reown AppKit do. A fake window (an EventTarget
// with `ethereum`) stands in for the page.

const icon = "data:image/svg+xml;base64,PHN2Zy8+"
const bareProvider = () => ({ request: async () => null, on: () => {}, removeListener: () => {} })
const pageWith = (ethereum?: unknown) =>
  ethereum === undefined ? new EventTarget() : Object.assign(new EventTarget(), { ethereum })
/** An extension that announces `provider` now and whenever the page asks. */
const announce = (page: EventTarget, rdns: string, provider: unknown = bareProvider()) => {
  const detail = { info: { uuid: `uuid-${rdns}`, name: rdns, icon, rdns }, provider }
  const send = () => page.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  page.addEventListener("eip6963:requestProvider", send)
  send()
}

const instances: Array<AppKit> = []
afterEach(async () => {
  await Promise.all(instances.splice(0).map((appKit) => appKit.dispose()))
})

/** The browser wallets an instance on `page` offers once its services are built. */
const offered = async (page: EventTarget, options: Partial<CreateAppKitParameters> = {}) => {
  const appKit = createAppKit({ ...testOptions, eip6963Target: page, reconnect: false, ...options })
  instances.push(appKit)
  await appKit.ready
  return {
    appKit,
    wallets: appKit
      .getState()
      .connectors.connectors.filter(
        (connector) => connector.type === "INJECTED" || connector.type === "ANNOUNCED",
      )
      .map((connector) => `${connector.type} ${connector.id} ${connector.name}`),
  }
}

describe("a plain window.ethereum (a wallet that never announces itself)", () => {
  it("is offered as 'Browser Wallet' (id 'injected'), next to announced wallets of other providers", async () => {
    const page = pageWith(bareProvider())
    announce(page, "com.example.wallet")
    expect((await offered(page)).wallets).toEqual([
      "ANNOUNCED com.example.wallet com.example.wallet",
      "INJECTED injected Browser Wallet",
    ])
    expect((await offered(pageWith(bareProvider()))).wallets).toEqual(["INJECTED injected Browser Wallet"])
  })

  it("is offered once, as the announced wallet, when a wallet announces that same provider", async () => {
    const provider = bareProvider()
    const page = pageWith(provider)
    announce(page, "io.metamask", provider)
    expect((await offered(page)).wallets).toEqual(["ANNOUNCED io.metamask io.metamask"])
  })

  it("offers nothing without one (or with something that is no EIP-1193 provider)", async () => {
    expect((await offered(pageWith())).wallets).toEqual([])
    expect((await offered(pageWith({ request: "no" }))).wallets).toEqual([])
  })

  it("connects through eth_requestAccounts, and is left alone with enableEIP6963: false", async () => {
    const wallet = createDevEip1193Provider({
      privateKeys: anvilDevKeys,
      chains: [{ chainId: 1, rpcUrl: "http://127.0.0.1:9" }],
    })
    const { appKit } = await offered(pageWith(wallet))
    await appKit.connect("injected")
    expect(appKit.getState().account.byNamespace.eip155?.address).toBe(devAccount.address)
    expect(wallet.requests.map((request) => request.method)).toContain("eth_requestAccounts")
    expect((await offered(pageWith(wallet), { enableEIP6963: false })).wallets).toEqual([])
  })
})
