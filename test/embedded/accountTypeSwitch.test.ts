import { type AppKit, createAppKit } from "@appkit/core"
import { type SecureSite, smartAccountAddress } from "@appkit/secure-site"
import { type Address, getAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Anvil } from "../../fixtures/src/index"
import { startStack, testFrameHost } from "./support"

// §4 account-type switch through a dApp's createAppKit, the secure site's real frame handler and server, and
// anvil (smart accounts on): what the state shows after each switch, and what the wallet then signs with.
let anvil: Anvil
let site: SecureSite
let stop: () => Promise<void>
let appKit: AppKit
const toasts: Array<string> = []

beforeAll(async () => {
  ;({ anvil, site, stop } = await startStack())
  appKit = createAppKit({
    projectId: "account-type-switch",
    networks: [{ id: anvil.chainId, name: "anvil", rpcUrl: anvil.rpcUrl }],
    metadata: { name: "test dApp", description: "", url: "http://127.0.0.1:5173", icons: [] },
    secureSiteUrl: site.url,
    embeddedFrameHost: testFrameHost(),
    reconnect: false,
  })
  appKit.subscribe(
    (state) => state.toast,
    (toast) => void (toast.open && toasts.push(toast.message)),
  )
}, 120_000)

afterAll(async () => {
  await appKit?.dispose()
  await stop?.()
})

const eip155 = () => appKit.getState().account.byNamespace.eip155

describe("switching the embedded wallet's account type", () => {
  let eoa: Address

  it("starts on the smart account (the §9 default)", async () => {
    const sent = Date.now()
    expect(await appKit.embedded.connectEmail("switch@example.com")).toBe("verifyOtp")
    await appKit.embedded.verifyOtp(await site.readCode("switch@example.com", { after: sent }))
    eoa = getAddress(eip155()?.user?.accounts?.find((a) => a.type === "EOA")?.address ?? "")
    expect(getAddress(eip155()?.address ?? "")).toBe(smartAccountAddress(eoa))
  }, 60_000)

  it("to the EOA: the state shows the EOA, the preference is kept, and no 'not supported' toast", async () => {
    expect(await appKit.embedded.setAccountType("eoa")).toBe("eoa")
    const account = eip155()
    expect({
      address: getAddress(account?.address ?? ""),
      user: account?.user?.preferredAccountType,
      preferred: appKit.getState().account.preferredAccountTypes.eip155,
    }).toEqual({ address: eoa, user: "eoa", preferred: "eoa" })
    const signer = await appKit.walletRequest("eip155", { method: "eth_accounts" })
    expect((signer as ReadonlyArray<string>).map((a) => getAddress(a))).toEqual([eoa])
    expect(toasts).not.toContain("This application might not support Smart Accounts")
  }, 60_000)

  it("and back to the smart account", async () => {
    expect(await appKit.embedded.setAccountType("smartAccount")).toBe("smartAccount")
    expect({
      address: getAddress(eip155()?.address ?? ""),
      preferred: appKit.getState().account.preferredAccountTypes.eip155,
    }).toEqual({ address: smartAccountAddress(eoa), preferred: "smartAccount" })
    expect(toasts).not.toContain("This application might not support Smart Accounts")
  }, 60_000)
})
