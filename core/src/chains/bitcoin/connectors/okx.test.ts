import { base64, hex } from "@scure/base"
import { describe, expect, it, vi } from "vitest"
import { failureAfter } from "../testing/fakeClock.testSupport"
import { failureHeadOf, failureOf, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import { type DiscoveredBitcoinWallet, listBitcoinWallets } from "../wallets/discovery"
import type { BitcoinWalletEvent } from "./BitcoinConnector"
import { connectorForWallet } from "./forWallet"
import {
  makeOkxConnector,
  makeOkxConnectorForNetwork,
  type OkxBitcoinApi,
  type OkxTestNetworkApi,
} from "./okx"

const okx = (
  options: { accounts?: ReadonlyArray<string>; network?: "Mainnet" | "Testnet" | undefined } = {},
) => {
  const { calls, answer } = recorder()
  const api: OkxBitcoinApi = {
    connect: async () =>
      answer({ address: paymentEntry.address, publicKey: paymentEntry.publicKey }, "connect"),
    getAccounts: async () => answer(options.accounts ?? [paymentEntry.address], "getAccounts"),
    getPublicKey: async () => paymentEntry.publicKey,
    signMessage: async (message, type) => answer("c2ln", "signMessage", message, type),
    signPsbt: async (psbt, signOptions) => answer(psbt, "signPsbt", psbt, signOptions),
    pushPsbt: async () => "ab".repeat(32),
    send: async (params) => answer({ txhash: "cd".repeat(32) }, "send", params),
  }
  const activeNetwork = "network" in options ? () => options.network : undefined
  return {
    api,
    calls,
    connector: makeOkxConnector({
      wallet: { id: "okxwallet.bitcoin", name: "OKX Wallet", icon: "" },
      api,
      activeNetwork,
    }),
  }
}

describe("the OKX connector", () => {
  it("connects through okxwallet.bitcoin.connect()", async () => {
    const { connector, calls } = okx()
    expect((await connector.connect())[0]?.address).toBe(paymentEntry.address)
    expect(calls).toEqual([{ method: "connect", args: [] }])
  })

  it("sends from the first account with the exact BTC value of the satoshi amount", async () => {
    const { connector, calls } = okx()
    const txid = await connector.sendTransfer([
      { recipient: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "12345" },
    ])
    expect(txid).toBe("cd".repeat(32))
    expect(calls.at(-1)).toEqual({
      method: "send",
      args: [{ from: paymentEntry.address, to: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", value: "0.00012345" }],
    })
  })

  it("says 'No account available' and 'No active network available' where AppKit does", async () => {
    const recipient = [{ recipient: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "1" }]
    expect((await failureOf(okx({ accounts: [] }).connector.sendTransfer(recipient))).message).toBe(
      "No account available",
    )
    expect((await failureOf(okx({ network: undefined }).connector.sendTransfer(recipient))).message).toBe(
      "No active network available",
    )
    expect((await failureOf(okx({ network: "Testnet" }).connector.sendTransfer(recipient))).message).toBe(
      "This network is not supported by the wallet",
    )
  })

  it("serves mainnet only and cannot switch networks", async () => {
    const { connector } = okx()
    await connector.switchNetwork("Mainnet")
    expect((await failureOf(connector.switchNetwork("Testnet4"))).message).toBe(
      "This wallet does not support switching networks",
    )
    expect(connector.network()).toBe("Mainnet")
  })

  it("has no raw request API: 'Wallet call is not supported' (MethodNotSupported)", async () => {
    const error = await failureOf(okx().connector.request("getAddresses", { purposes: ["payment"] }))
    expect(error).toMatchObject({ message: "Wallet call is not supported", code: -32001 })
  })

  it("passes the PSBT as hex with the inputs to sign, not finalized unless broadcasting", async () => {
    const { connector, calls } = okx()
    await connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: paymentEntry.address, index: 0 }] })
    expect(calls.at(-1)).toEqual({
      method: "signPsbt",
      args: [
        hex.encode(base64.decode(samplePsbt)),
        { autoFinalized: false, toSignInputs: [{ index: 0, address: paymentEntry.address }] },
      ],
    })
  })
})

/** OKX's test-network provider (connect, signMessage, signPsbt only), recording every call. */
const testNetworkOkx = (label: string) => {
  const { calls, answer } = recorder()
  const api: OkxTestNetworkApi = {
    connect: async () =>
      answer({ address: testnetAddress, publicKey: paymentEntry.publicKey }, `${label}.connect`),
    signMessage: async (message, type) => answer("c2ln", `${label}.signMessage`, message, type),
    signPsbt: async (psbt, signOptions) => answer(psbt, `${label}.signPsbt`, psbt, signOptions),
  }
  return { api, calls }
}
const testnetAddress = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"
const okxWalletInfo = { id: "okxwallet.bitcoin", name: "OKX Wallet", icon: "" }

describe("OKX on its test networks (okxwallet.bitcoinTestnet / bitcoinSignet)", () => {
  const family = () => {
    const mainnet = okx()
    const testnet = testNetworkOkx("testnet")
    const signet = testNetworkOkx("signet")
    return {
      mainnet,
      testnet,
      signet,
      family: { bitcoin: mainnet.api, bitcoinTestnet: testnet.api, bitcoinSignet: signet.api },
    }
  }

  it("connects on Testnet through bitcoinTestnet.connect(), fixed to Testnet, with the account connect answered", async () => {
    const { testnet, family: okxwallet } = family()
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: okxwallet,
      network: "Testnet",
    })
    const entries = await connector.connect()
    expect(entries.map((entry) => [entry.purpose, entry.address, entry.addressType])).toEqual([
      ["payment", testnetAddress, "p2wpkh"],
      ["ordinals", testnetAddress, "p2wpkh"],
    ])
    expect(connector.network()).toBe("Testnet")
    expect(testnet.calls).toEqual([{ method: "testnet.connect", args: [] }])
    const addresses = await connector.getAccountAddresses({ purposes: ["payment"] })
    expect(addresses.map((entry) => entry.address)).toEqual([testnetAddress])
    expect(testnet.calls).toHaveLength(1)
  })

  it("signs messages and PSBTs with the exact parameters, BIP-322 for a segwit address", async () => {
    const { testnet, family: okxwallet } = family()
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: okxwallet,
      network: "Testnet",
    })
    const signed = await connector.signMessage({ address: testnetAddress, message: "hello" })
    expect(signed).toEqual({ address: testnetAddress, signature: "c2ln", protocol: "bip322" })
    await connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: testnetAddress, index: 0 }] })
    expect(testnet.calls).toEqual([
      { method: "testnet.signMessage", args: ["hello", "bip322-simple"] },
      {
        method: "testnet.signPsbt",
        args: [
          hex.encode(base64.decode(samplePsbt)),
          { autoFinalized: false, toSignInputs: [{ index: 0, address: testnetAddress }] },
        ],
      },
    ])
  })

  it("refuses what that provider cannot do before prompting: broadcast, transfers, switching, raw requests", async () => {
    const { testnet, family: okxwallet } = family()
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: okxwallet,
      network: "Testnet",
    })
    const psbt = { psbt: samplePsbt, signInputs: [{ address: testnetAddress, index: 0 }], broadcast: true }
    expect((await failureOf(connector.signPsbt(psbt))).message).toBe(
      "This wallet does not broadcast PSBTs; broadcast the signed transaction manually",
    )
    expect(
      (await failureOf(connector.sendTransfer([{ recipient: testnetAddress, amount: "1000" }]))).message,
    ).toBe("This wallet does not support sendTransfer; use signPSBT instead")
    expect((await failureOf(connector.switchNetwork("Mainnet"))).message).toBe(
      "This wallet does not support switching networks",
    )
    await connector.switchNetwork("Testnet")
    expect((await failureOf(connector.request("getAddresses", {}))).message).toBe(
      "Wallet call is not supported",
    )
    expect(testnet.calls).toEqual([])
  })

  it("uses bitcoinSignet on Signet, bitcoin on Mainnet, and no provider for the networks OKX does not serve", async () => {
    const { signet, testnet, mainnet, family: okxwallet } = family()
    const onSignet = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: okxwallet,
      network: "Signet",
    })
    await onSignet.connect()
    expect(onSignet.network()).toBe("Signet")
    expect(signet.calls.map((call) => call.method)).toEqual(["signet.connect"])
    expect(testnet.calls).toEqual([])

    const onMainnet = makeOkxConnectorForNetwork({ wallet: okxWalletInfo, family: { bitcoin: mainnet.api } })
    await onMainnet.connect()
    expect(mainnet.calls.map((call) => call.method)).toEqual(["connect"])

    for (const network of ["Testnet4", "Regtest"] as const)
      expect(
        (
          await failureOf(() =>
            makeOkxConnectorForNetwork({ wallet: okxWalletInfo, family: okxwallet, network }),
          )
        ).message,
      ).toBe("This network is not supported by the wallet")
    expect(
      (
        await failureOf(() =>
          makeOkxConnectorForNetwork({
            wallet: okxWalletInfo,
            family: { bitcoin: mainnet.api },
            network: "Testnet",
          }),
        )
      ).message,
    ).toBe("no wallet provider was found")
  })

  it("bounds the connect prompt: 'The wallet did not answer connect within 30 s', leaving no account", async () => {
    const silent: OkxTestNetworkApi = {
      ...testNetworkOkx("testnet").api,
      connect: () => new Promise(() => {}),
    }
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: { bitcoinTestnet: silent },
      network: "Testnet",
      timeout: 30_000,
    })
    vi.useFakeTimers()
    try {
      let settled = false
      const failure = failureOf(connector.connect()).finally(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(29_999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      const error = await failure
      expect(error.message).toBe("The wallet did not answer connect within 30 s")
    } finally {
      vi.useRealTimers()
    }
    expect((await failureOf(connector.getAccountAddresses())).message).toBe("No address available")
  })

  it("is what discovery and connectorForWallet give for an OKX with only its testnet provider", async () => {
    const testnet = testNetworkOkx("testnet")
    const host = Object.assign(new EventTarget(), { okxwallet: { bitcoinTestnet: testnet.api } })
    const okxEntry = listBitcoinWallets(host).find((wallet) => wallet.id === "okxwallet.bitcoin")
    expect(okxEntry).toMatchObject({ isInstalled: true, source: "okx" })
    const connector = connectorForWallet(okxEntry as DiscoveredBitcoinWallet, { network: "Testnet" })
    await connector.connect()
    expect(testnet.calls.map((call) => call.method)).toEqual(["testnet.connect"])
    expect((await failureOf(() => connectorForWallet(okxEntry as DiscoveredBitcoinWallet))).message).toBe(
      "no wallet provider was found",
    )
  })
})

describe("OKX on the edges", () => {
  it("reads a connect reply without an address as no account, and names the send a malformed reply answered", async () => {
    const { api } = okx()
    const noAddress = makeOkxConnector({
      wallet: okxWalletInfo,
      api: { ...api, connect: async () => ({}) as never },
    })
    expect((await failureOf(noAddress.connect())).message).toBe("No address available")
    const garbled = makeOkxConnector({
      wallet: okxWalletInfo,
      api: { ...api, send: async () => ({ hash: "x" }) },
    })
    expect(
      await failureHeadOf(garbled.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])),
    ).toBe("The wallet's reply to send is malformed")
    const textHash = makeOkxConnector({
      wallet: okxWalletInfo,
      api: { ...api, send: async () => ({ txhash: "x" }) },
    })
    expect(
      await failureHeadOf(textHash.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])),
    ).toBe("The wallet's reply to send is malformed")
    const silentAccounts = makeOkxConnector({
      wallet: okxWalletInfo,
      api: { ...api, getAccounts: async () => [""] },
    })
    expect(
      (await failureOf(silentAccounts.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])))
        .message,
    ).toBe("No account available")
  })

  it("writes each satoshi amount as its exact BTC value", async () => {
    for (const [amount, value] of [
      ["1", "0.00000001"],
      ["100000000", "1"],
      ["2100000000000000", "21000000"],
    ] as const) {
      const { connector, calls } = okx()
      await connector.sendTransfer([{ recipient: paymentEntry.address, amount }])
      expect(calls.at(-1)?.args[0]).toMatchObject({ value })
    }
  })

  it("offers the account a test-network connect answered, with its key, and forgets a reply without both", async () => {
    const testnet = testNetworkOkx("testnet")
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: { bitcoinTestnet: testnet.api },
      network: "Testnet",
    })
    expect((await failureOf(connector.getAccountAddresses())).message).toBe("No address available")
    const entries = await connector.connect()
    expect(entries.map((entry) => entry.publicKey)).toEqual([paymentEntry.publicKey, paymentEntry.publicKey])
    for (const reply of [{ address: testnetAddress }, { publicKey: paymentEntry.publicKey }, null]) {
      const partial = makeOkxConnectorForNetwork({
        wallet: okxWalletInfo,
        family: { bitcoinTestnet: { ...testnet.api, connect: async () => reply as never } },
        network: "Testnet",
      })
      expect((await failureOf(partial.connect())).message).toBe("No address available")
    }
  })

  it("passes a test-network provider's listeners on", async () => {
    const testnet = testNetworkOkx("testnet")
    const listeners = new Map<string, (value: unknown) => void>()
    const removed: Array<string> = []
    const api: OkxTestNetworkApi = {
      ...testnet.api,
      on: (event, handler) => void listeners.set(event, handler),
      removeListener: (event) => void removed.push(event),
    }
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: { bitcoinTestnet: api },
      network: "Testnet",
    })
    const events: Array<BitcoinWalletEvent> = []
    const stop = connector.onEvent((event) => events.push(event))
    listeners.get("accountsChanged")?.([])
    stop()
    expect(events).toEqual([{ _tag: "disconnect" }])
    expect(removed).toEqual(["accountsChanged", "networkChanged", "disconnect"])
  })

  it("needs each test-network method to be a function, and a family object", async () => {
    const testnet = testNetworkOkx("testnet")
    for (const method of ["connect", "signMessage", "signPsbt"] as const) {
      const family = { bitcoinTestnet: { ...testnet.api, [method]: "not a function" } }
      expect(
        (
          await failureOf(() =>
            makeOkxConnectorForNetwork({ wallet: okxWalletInfo, family, network: "Testnet" }),
          )
        ).message,
      ).toBe("no wallet provider was found")
    }
    for (const family of [null, "okx", undefined])
      expect(
        (await failureOf(() => makeOkxConnectorForNetwork({ wallet: okxWalletInfo, family }))).message,
      ).toBe("no wallet provider was found")
  })

  it("keeps the wallet's name and icon on the mainnet connector", async () => {
    const { api } = okx()
    const connector = makeOkxConnectorForNetwork({
      wallet: { id: "okx", name: "OKX", icon: "data:,okx" },
      family: { bitcoin: api },
    })
    expect([connector.id, connector.name, connector.icon, connector.kind]).toEqual([
      "okx",
      "OKX",
      "data:,okx",
      "okx",
    ])
  })

  it("reads a null or missing connect reply as no account, not a crash", async () => {
    const { api } = okx()
    for (const reply of [null, undefined]) {
      const connector = makeOkxConnector({
        wallet: okxWalletInfo,
        api: { ...api, connect: async () => reply as never },
      })
      expect((await failureOf(connector.connect())).message, String(reply)).toBe("No address available")
    }
  })

  it("names the mainnet call a silent wallet did not answer: connect, getAccounts, send", async () => {
    const never = () => new Promise<never>(() => {})
    const { api } = okx()
    const silent = (overrides: Partial<OkxBitcoinApi>) =>
      makeOkxConnector({ wallet: okxWalletInfo, api: { ...api, ...overrides } })
    const transfer = [{ recipient: paymentEntry.address, amount: "1" }]
    const within = (method: string) => `The wallet did not answer ${method} within 300 s`
    expect((await failureAfter(() => silent({ connect: never }).connect())).message).toBe(within("connect"))
    expect((await failureAfter(() => silent({ getAccounts: never }).sendTransfer(transfer))).message).toBe(
      within("getAccounts"),
    )
    expect((await failureAfter(() => silent({ send: never }).sendTransfer(transfer))).message).toBe(
      within("send"),
    )
  })

  it("finds no test-network provider where the family holds null", async () => {
    expect(
      (
        await failureOf(() =>
          makeOkxConnectorForNetwork({
            wallet: okxWalletInfo,
            family: { bitcoinTestnet: null },
            network: "Testnet",
          }),
        )
      ).message,
    ).toBe("no wallet provider was found")
  })

  it("is the okx kind on a test network too", async () => {
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: { bitcoinTestnet: testNetworkOkx("testnet").api },
      network: "Testnet",
    })
    expect(connector.kind).toBe("okx")
  })

  it("sends on mainnet through the connector the okxwallet family gives", async () => {
    const mainnet = okx()
    const connector = makeOkxConnectorForNetwork({
      wallet: okxWalletInfo,
      family: { bitcoin: mainnet.api },
      network: "Mainnet",
    })
    expect(await connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])).toBe(
      "cd".repeat(32),
    )
    expect(mainnet.calls.at(-1)).toEqual({
      method: "send",
      args: [{ from: paymentEntry.address, to: paymentEntry.address, value: "0.00000001" }],
    })
  })
})
