import { describe, expect, it } from "vitest"
import { failureAfter } from "../testing/fakeClock.testSupport"
import {
  failure,
  failureHeadOf,
  failureOf,
  fakeRequestApi,
  ordinalsEntry,
  paymentEntry,
  samplePsbt,
  success,
} from "../testing/fakeWallets"
import type { BitcoinWalletEvent } from "./BitcoinConnector"
import { fromXverseNetwork, makeRequestApiConnector, networkOfEvent } from "./xverse"

const wallet = {
  id: "XverseProviders.BitcoinProvider",
  name: "Xverse",
  icon: "data:image/svg+xml;base64,AA==",
}

const connectorWith = (
  answer: (method: string, params: unknown) => unknown,
  network?: "Mainnet" | "Testnet4" | "Testnet",
) => {
  const fake = fakeRequestApi(answer)
  const connector = makeRequestApiConnector({ wallet, provider: fake.provider, network })
  return { ...fake, connector }
}

describe("the request-API (Xverse) connector", () => {
  it("connects with wallet_connect, naming the network as Xverse does", async () => {
    const { connector, calls } = connectorWith(() =>
      success({ addresses: [paymentEntry, ordinalsEntry], network: { bitcoin: { name: "Testnet4" } } }),
    )
    const addresses = await connector.connect({ network: "Testnet4", message: "Connect to AppKit" })
    expect(calls).toEqual([
      { method: "wallet_connect", args: [{ network: "Testnet4", message: "Connect to AppKit" }] },
    ])
    expect(addresses).toEqual([paymentEntry, ordinalsEntry])
    expect(connector.network()).toBe("Testnet4")
  })

  it("keeps the entries it knows when a newer wallet also lists purposes this layer does not (starknet, spark)", async () => {
    // sats-connect's wallets have added Starknet and Spark addresses; one such entry made the whole reply
    // "malformed", and connecting or reading addresses failed although the payment address was there.
    const spark = { ...paymentEntry, address: "sp1qexample", purpose: "spark", addressType: "spark" }
    const { connector } = connectorWith((method) =>
      method === "wallet_connect"
        ? success({
            addresses: [paymentEntry, spark, ordinalsEntry],
            network: { bitcoin: { name: "Mainnet" } },
          })
        : success({ addresses: [spark, paymentEntry] }),
    )
    expect(await connector.connect()).toEqual([paymentEntry, ordinalsEntry])
    expect(await connector.getAccountAddresses({ purposes: ["payment"] })).toEqual([paymentEntry])
  })

  it("still calls a reply malformed when its addresses are not a list", async () => {
    const { connector } = connectorWith(() => success({ addresses: "bc1q" }))
    expect(await failureHeadOf(connector.getAccountAddresses())).toBe(
      "The wallet's reply to getAddresses is malformed",
    )
  })

  it("refuses testnet3 before asking the wallet: 'Network {id} not supported by Xverse wallet'", async () => {
    const { connector, calls } = connectorWith(() => success(null))
    const error = await failureOf(connector.switchNetwork("Testnet"))
    expect(error.message).toBe(
      "Network bip122:000000000933ea01ad0ee984209779ba not supported by Xverse wallet",
    )
    expect(calls).toEqual([])
  })

  it("switches networks with wallet_changeNetwork {name}", async () => {
    const { connector, calls } = connectorWith(() => success(null))
    await connector.switchNetwork("Signet")
    expect(calls).toEqual([{ method: "wallet_changeNetwork", args: [{ name: "Signet" }] }])
  })

  it("says 'No address available' when the wallet connects without Bitcoin addresses", async () => {
    const stacksOnly = {
      ...paymentEntry,
      purpose: "stacks",
      addressType: "stacks",
      address: "SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7",
    }
    const { connector } = connectorWith(() => success({ addresses: [stacksOnly] }))
    expect((await failureOf(connector.connect())).message).toBe("No address available")
  })

  it("asks getAddresses for the purposes and checks the 80-character message rule first", async () => {
    const { connector, calls } = connectorWith(() => success({ addresses: [paymentEntry, ordinalsEntry] }))
    const payment = await connector.getAccountAddresses({ purposes: ["payment"], message: "x".repeat(80) })
    expect(payment).toEqual([paymentEntry])
    expect(calls[0]).toEqual({
      method: "getAddresses",
      args: [{ purposes: ["payment"], message: "x".repeat(80) }],
    })
    const tooLong = await failureOf(connector.getAccountAddresses({ message: "x".repeat(81) }))
    expect(tooLong.message).toBe("The message must not exceed 80 characters.")
    expect(calls).toHaveLength(1)
  })

  it("signs messages with the protocol upper-cased: BIP322 for segwit and taproot, ECDSA for legacy", async () => {
    const { connector, calls } = connectorWith(() =>
      success({ signature: "c2ln", messageHash: "", address: "" }),
    )
    await connector.signMessage({ address: paymentEntry.address, message: "hi" })
    await connector.signMessage({ address: "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", message: "hi" })
    await connector.signMessage({ address: ordinalsEntry.address, message: "hi", protocol: "ecdsa" })
    expect(calls.map((call) => call.args[0])).toEqual([
      { address: paymentEntry.address, message: "hi", protocol: "BIP322" },
      { address: "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", message: "hi", protocol: "ECDSA" },
      { address: ordinalsEntry.address, message: "hi", protocol: "ECDSA" },
    ])
  })

  it("groups signPsbt inputs by address into sorted index lists", async () => {
    const { connector, calls } = connectorWith(() => success({ psbt: samplePsbt }))
    await connector.signPsbt({
      psbt: samplePsbt,
      broadcast: true,
      signInputs: [
        { address: paymentEntry.address, index: 2 },
        { address: ordinalsEntry.address, index: 1 },
        { address: paymentEntry.address, index: 0 },
      ],
    })
    expect(calls[0]?.args[0]).toEqual({
      psbt: samplePsbt,
      signInputs: { [paymentEntry.address]: [0, 2], [ordinalsEntry.address]: [1] },
      broadcast: true,
    })
  })

  it("sends satoshi amounts as numbers, and refuses a non-numeric amount with 'Invalid amount'", async () => {
    const txid = "ab".repeat(32)
    const { connector, calls } = connectorWith(() => success({ txid }))
    expect(await connector.sendTransfer([{ recipient: paymentEntry.address, amount: "12345" }])).toBe(txid)
    expect(calls[0]?.args[0]).toEqual({ recipients: [{ address: paymentEntry.address, amount: 12345 }] })
    for (const amount of ["1.5", "abc", "0", "-1", ""])
      expect(
        (await failureOf(connector.sendTransfer([{ recipient: paymentEntry.address, amount }]))).message,
      ).toBe("Invalid amount")
    expect(calls).toHaveLength(1)
  })

  it("holds a transfer's recipients to the wallet's network, in sendTransfer and in a raw request", async () => {
    const txid = "ab".repeat(32)
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    const onMainnet = connectorWith(() => success({ txid }), "Mainnet")
    const message = "Invalid address: a testnet/signet address, expected mainnet"
    expect(
      (await failureOf(onMainnet.connector.sendTransfer([{ recipient: testnet, amount: "1" }]))).message,
    ).toBe(message)
    const raw = onMainnet.connector.request("sendTransfer", { recipients: [{ address: testnet, amount: 1 }] })
    expect((await failureOf(raw)).message).toBe(message)
    expect(onMainnet.calls).toEqual([])
    const onTestnet = connectorWith(() => success({ txid }), "Testnet4")
    expect(await onTestnet.connector.sendTransfer([{ recipient: testnet, amount: "1" }])).toBe(txid)
  })

  it("answers a null reply with 'Wallet Error processing the request' and rethrows error replies as RPCError", async () => {
    const empty = connectorWith(() => null).connector
    expect((await failureOf(empty.getAccountAddresses())).message).toBe("Wallet Error processing the request")
    const refusing = connectorWith(() => failure(-32000, "User rejected")).connector
    const rejected = await failureOf(refusing.getAccountAddresses())
    expect(rejected).toMatchObject({
      _tag: "BitcoinRpcError",
      code: -32000,
      message: "User rejected",
      isUserRejection: true,
    })
  })

  it("never waits forever on a wallet: 'The wallet did not answer getAddresses within 300 s'", async () => {
    const silent = connectorWith(() => new Promise(() => {})).connector
    const error = await failureAfter(() => silent.getAccountAddresses())
    expect(error.message).toBe("The wallet did not answer getAddresses within 300 s")
  })

  it("reads a network change from bitcoin.name, never from the Stacks network's name", async () => {
    expect(
      networkOfEvent({ type: "networkChange", bitcoin: { name: "Testnet4" }, stacks: { name: "Mainnet" } }),
    ).toBe("Testnet4")
    const { connector, emit } = connectorWith(() => success(null))
    const events: Array<BitcoinWalletEvent> = []
    connector.onEvent((event) => events.push(event))
    emit("networkChange", {
      type: "networkChange",
      bitcoin: { name: "Signet" },
      stacks: { name: "Mainnet" },
    })
    emit("disconnect", { type: "disconnect" })
    expect(events).toEqual([{ _tag: "networkChanged", network: "Signet" }, { _tag: "disconnect" }])
    expect(connector.network()).toBe("Signet")
  })
})

describe("the request-API (Xverse) connector on the edges", () => {
  const silentFor = <A, E>(run: (connector: ReturnType<typeof connectorWith>["connector"]) => Promise<A>) =>
    failureAfter<E>(() => run(connectorWith(() => new Promise(() => {})).connector))

  it("names the request a silent wallet did not answer", async () => {
    const operations: ReadonlyArray<
      readonly [string, (connector: ReturnType<typeof connectorWith>["connector"]) => Promise<unknown>]
    > = [
      ["wallet_connect", (c) => c.connect()],
      ["wallet_disconnect", (c) => c.disconnect()],
      ["getAddresses", (c) => c.getAccountAddresses()],
      ["signMessage", (c) => c.signMessage({ address: paymentEntry.address, message: "gm" })],
      ["signPsbt", (c) => c.signPsbt({ psbt: samplePsbt, signInputs: [] })],
      ["sendTransfer", (c) => c.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])],
      ["wallet_changeNetwork", (c) => c.switchNetwork("Signet")],
    ]
    for (const [method, run] of operations)
      expect(((await silentFor(run)) as Error).message).toBe(
        `The wallet did not answer ${method} within 300 s`,
      )
  })

  it("names the request whose reply is malformed", async () => {
    const { connector } = connectorWith(() => success({ unexpected: true }))
    expect(await failureHeadOf(connector.connect())).toBe("The wallet's reply to wallet_connect is malformed")
    expect(await failureHeadOf(connector.getAccountAddresses())).toBe(
      "The wallet's reply to getAddresses is malformed",
    )
    expect(await failureHeadOf(connector.signMessage({ address: paymentEntry.address, message: "gm" }))).toBe(
      "The wallet's reply to signMessage is malformed",
    )
    expect(await failureHeadOf(connector.signPsbt({ psbt: samplePsbt, signInputs: [] }))).toBe(
      "The wallet's reply to signPsbt is malformed",
    )
    expect(
      await failureHeadOf(connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])),
    ).toBe("The wallet's reply to sendTransfer is malformed")
  })

  it("calls a connect reply whose network has no Bitcoin name text malformed", async () => {
    for (const network of [{}, { bitcoin: {} }, { bitcoin: { name: 4 } }]) {
      const { connector } = connectorWith(() => success({ addresses: [paymentEntry], network }))
      expect(await failureHeadOf(connector.connect()), JSON.stringify(network)).toBe(
        "The wallet's reply to wallet_connect is malformed",
      )
    }
  })

  it("names mainnet 'Mainnet' to the wallet when connecting on its current network", async () => {
    const { connector, calls } = connectorWith(() => success({ addresses: [paymentEntry] }))
    await connector.connect()
    expect(calls).toEqual([{ method: "wallet_connect", args: [{ network: "Mainnet" }] }])
  })

  it("answers the protocol it asked for", async () => {
    const { connector } = connectorWith(() => success({ signature: "c2ln" }))
    const legacy = "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV"
    expect(await connector.signMessage({ address: paymentEntry.address, message: "a" })).toEqual({
      address: paymentEntry.address,
      signature: "c2ln",
      protocol: "bip322",
    })
    expect((await connector.signMessage({ address: legacy, message: "a" })).protocol).toBe("ecdsa")
  })

  it("reads no network from a reply or event without a Bitcoin name (it once read testnet3 there)", () => {
    expect(fromXverseNetwork(undefined)).toBeUndefined()
    expect(fromXverseNetwork("Testnet")).toBeUndefined()
    expect(fromXverseNetwork("Regtest")).toBe("Regtest")
    expect(networkOfEvent({ type: "networkChange", stacks: { name: "Mainnet" } })).toBeUndefined()
    expect(networkOfEvent(undefined)).toBeUndefined()
  })

  it("takes the network the wallet connected on, else the one asked, else its current one", async () => {
    const onSignet = connectorWith(() =>
      success({ addresses: [paymentEntry], network: { bitcoin: { name: "Signet" } } }),
    )
    await onSignet.connector.connect({ network: "Testnet4" })
    expect(onSignet.connector.network()).toBe("Signet")
    const silent = connectorWith(() => success({ addresses: [paymentEntry] }), "Testnet4")
    await silent.connector.connect()
    expect(silent.calls[0]?.args[0]).toEqual({ network: "Testnet4" })
    expect(silent.connector.network()).toBe("Testnet4")
    const regtest = connectorWith(() =>
      success({ addresses: [paymentEntry], network: { bitcoin: { name: "Regtest" } } }),
    )
    await regtest.connector.connect({ network: "Regtest" })
    expect(regtest.calls[0]?.args[0]).toEqual({ network: "Regtest" })
    expect(regtest.connector.network()).toBe("Regtest")
  })

  it("remembers a switched network, and asks every purpose by default", async () => {
    const { connector, calls } = connectorWith(() => success({ addresses: [] }))
    await connector.switchNetwork("Testnet4")
    expect(connector.network()).toBe("Testnet4")
    await connector.getAccountAddresses()
    expect(calls.at(-1)?.args[0]).toEqual({ purposes: ["payment", "ordinals", "stacks"] })
    await connector.disconnect()
    expect(calls.at(-1)).toEqual({ method: "wallet_disconnect", args: [null] })
  })

  it("checks a raw request's parameters, then passes it on as is", async () => {
    const { connector, calls } = connectorWith(() => success({ anything: 1 }))
    expect(await connector.request("getInfo", { x: 1 })).toEqual({ anything: 1 })
    expect((await failureOf(connector.request("stx_signTransactions", { transactions: [] }))).message).toBe(
      "A Stacks batch needs at least one item",
    )
    expect(calls).toEqual([{ method: "getInfo", args: [{ x: 1 }] }])
  })

  it("passes account changes on with the new addresses when they decode", async () => {
    const { connector, emit } = connectorWith(() => success(null))
    const events: Array<BitcoinWalletEvent> = []
    connector.onEvent((event) => events.push(event))
    emit("accountChange", { type: "accountChange", addresses: [paymentEntry] })
    emit("accountChange", { type: "accountChange", addresses: "not a list" })
    emit("networkChange", { type: "networkChange", stacks: { name: "Mainnet" } })
    emit("accountChange", undefined)
    expect(events).toEqual([
      { _tag: "accountsChanged", addresses: [paymentEntry] },
      { _tag: "accountsChanged", addresses: undefined },
      { _tag: "accountsChanged", addresses: undefined },
    ])
  })

  it("stops listening when the last listener stops, and stays quiet for a provider without listeners", async () => {
    const fake = fakeRequestApi(() => success(null))
    const stopped: Array<string> = []
    const provider = {
      request: fake.provider.request,
      addListener:
        ({ eventName }: { eventName: string }) =>
        () =>
          stopped.push(eventName),
    }
    const connector = makeRequestApiConnector({ wallet, provider })
    const stop = connector.onEvent(() => {})
    expect(stopped).toEqual([])
    stop()
    expect(stopped).toEqual(["accountChange", "networkChange", "disconnect"])
    const bare = makeRequestApiConnector({ wallet, provider: { request: fake.provider.request } })
    const events: Array<BitcoinWalletEvent> = []
    bare.onEvent((event) => events.push(event))()
    expect(events).toEqual([])
  })

  it("stops every listener that gave a way to stop, past one that gave none", async () => {
    const fake = fakeRequestApi(() => success(null))
    const stopped: Array<string> = []
    const provider = {
      request: fake.provider.request,
      addListener: ({ eventName }: { eventName: string }) =>
        eventName === "accountChange" ? undefined : () => void stopped.push(eventName),
    }
    const connector = makeRequestApiConnector({ wallet, provider })
    connector.onEvent(() => {})()
    expect(stopped).toEqual(["networkChange", "disconnect"])
  })
})
