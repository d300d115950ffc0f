import { describe, expect, it } from "vitest"
import { failureOf } from "../testing/fakeWallets"
import type { DiscoveredBitcoinWallet } from "../wallets/discovery"
import { connectorForWallet } from "./forWallet"

const requestApi = { request: async () => null }
const extensionApi = {
  getAccounts: async () => [],
  getPublicKey: async () => "",
  signMessage: async () => "",
  signPsbt: async () => "",
  requestAccounts: async () => [],
  sendBitcoin: async () => "",
}
const standardWallet = {
  version: "1.0.0",
  name: "Standard Wallet",
  icon: "data:,",
  chains: ["bitcoin:mainnet"],
  accounts: [],
  features: { "bitcoin:connect": { version: "1.0.0", connect: async () => ({ accounts: [] }) } },
}

const discovered = (
  source: DiscoveredBitcoinWallet["source"],
  provider: unknown,
  isInstalled = true,
): DiscoveredBitcoinWallet => ({
  id: `${source}.wallet`,
  name: `The ${source} wallet`,
  icon: `data:image/svg+xml,${source}`,
  source,
  isInstalled,
  installUrls: {},
  provider,
})

describe("connectorForWallet", () => {
  const cases: Array<[DiscoveredBitcoinWallet["source"], unknown, string]> = [
    ["requestApi", requestApi, "requestApi"],
    ["leather", requestApi, "leather"],
    ["unisat", extensionApi, "unisat"],
    ["okx", { bitcoin: extensionApi }, "okx"],
    ["walletStandard", standardWallet, "walletStandard"],
  ]

  it.each(cases)(
    "gives a %s wallet the connector of its kind, named as discovered",
    async (source, provider, kind) => {
      const wallet = discovered(source, provider)
      const connector = connectorForWallet(wallet, { network: "Mainnet" })
      expect(connector.kind).toBe(kind)
      expect(connector.chain).toBe("bip122")
      if (source !== "walletStandard")
        expect([connector.id, connector.name, connector.icon]).toEqual([wallet.id, wallet.name, wallet.icon])
      expect(connector.network()).toBe("Mainnet")
    },
  )

  it("passes the network on", async () => {
    const connector = connectorForWallet(discovered("unisat", extensionApi), { network: "Signet" })
    expect(connector.network()).toBe("Signet")
  })

  it.each(cases)(
    "says 'no wallet provider was found' for a %s wallet not installed",
    async (source, provider) => {
      for (const wallet of [discovered(source, provider, false), discovered(source, undefined)]) {
        const error = await failureOf(() => connectorForWallet(wallet))
        expect(error).toMatchObject({ _tag: "BitcoinError", message: "no wallet provider was found" })
      }
    },
  )

  it.each(cases)(
    "says 'no wallet provider was found' when a %s wallet's provider is not of its kind",
    async (source) => {
      const error = await failureOf(() => connectorForWallet(discovered(source, { name: "something else" })))
      expect(error.message).toBe("no wallet provider was found")
    },
  )
})
