import { base64 } from "@scure/base"
import { Effect, Option, Stream } from "effect"
import { describe, expect, it, vi } from "vitest"
import type { ConnectorEvent, RpcRequest } from "../../../connectors/Connector"
import type { CaipAccountId, CaipNetworkId } from "../../../domain/caip"
import { bitcoinChainIds } from "../networks"
import { failureAfter } from "../testing/fakeClock.testSupport"
import { failureHeadOf, failureOf, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import type { BitcoinWalletEvent } from "./BitcoinConnector"
import { makeWalletConnectBitcoinConnector, type WalletConnectBitcoinSession } from "./walletConnect"

const mainnet = bitcoinChainIds.Mainnet
// Sessions as the WalletConnect connector hands them over (its ids decoded at the wallet boundary); the
// malformed one below could only come from a wallet past that boundary, and must still be refused.
const account = (id: string) => id as CaipAccountId
const address = paymentEntry.address

const walletConnect = (options: {
  session?: WalletConnectBitcoinSession | undefined
  answer?: (request: RpcRequest) => unknown
  network?: "Mainnet" | "Testnet4" | undefined
  events?: ReadonlyArray<ConnectorEvent>
  disconnectFails?: boolean
  name?: string
  icon?: string
}) => {
  const { calls, record, answer } = recorder()
  const session =
    "session" in options
      ? options.session
      : {
          accounts: [account(`${mainnet}:${address}`)],
          chainId: mainnet,
          methods: { bip122: ["signMessage", "sendTransfer", "getAccountAddresses", "signPsbt"] },
        }
  const connector = makeWalletConnectBitcoinConnector({
    connector: {
      request: (request) => Effect.sync(() => answer(options.answer?.(request), "request", request)),
      switchChain: (chainId) => Effect.sync(() => record("switchChain", chainId)),
      disconnect: () =>
        options.disconnectFails ? Effect.fail(new Error("relay gone") as never) : Effect.void,
      events: Stream.fromIterable(options.events ?? []),
      session: Effect.succeed(Option.fromNullishOr(session)),
    },
    activeNetwork: () => ("network" in options ? options.network : "Mainnet"),
    name: options.name,
    icon: options.icon,
  })
  return { calls, connector }
}

describe("the WalletConnect bip122 adapter", () => {
  it("signs a message as the session's account and turns a hex signature into base64", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ signature: "010203", address }) })
    const signed = await connector.signMessage({ address, message: "gm" })
    expect(calls).toEqual([
      {
        method: "request",
        args: [
          { method: "signMessage", params: { message: "gm", account: address, address, protocol: "bip322" } },
        ],
      },
    ])
    expect(signed.signature).toBe(base64.encode(Uint8Array.of(1, 2, 3)))
  })

  it("sends one recipient with recipientAddress and a satoshi string", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ txid: "ab".repeat(32) }) })
    await connector.sendTransfer([{ recipient: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "5000" }])
    expect(calls[0]?.args[0]).toEqual({
      method: "sendTransfer",
      params: { account: address, recipientAddress: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "5000" },
    })
  })

  it("signs PSBTs with the account and the inputs as listed", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ psbt: samplePsbt }) })
    await connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address, index: 0 }], broadcast: false })
    expect(calls[0]?.args[0]).toEqual({
      method: "signPsbt",
      params: { account: address, psbt: samplePsbt, signInputs: [{ address, index: 0 }], broadcast: false },
    })
  })

  it("lists account addresses by intention", async () => {
    const { connector } = walletConnect({
      answer: () => [
        { address, publicKey: paymentEntry.publicKey, intention: "payment" },
        { address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", intention: "ordinal" },
      ],
    })
    const addresses = await connector.getAccountAddresses()
    expect(addresses.map((entry) => [entry.purpose, entry.addressType])).toEqual([
      ["payment", "p2wpkh"],
      ["ordinals", "p2tr"],
    ])
  })

  it("uses the adapter's exact messages", async () => {
    const sign = { address, message: "gm" }
    expect((await failureOf(walletConnect({ network: undefined }).connector.signMessage(sign))).message).toBe(
      "Chain not found",
    )
    expect((await failureOf(walletConnect({ session: undefined }).connector.signMessage(sign))).message).toBe(
      "Account not found",
    )
    expect(
      (
        await failureOf(
          walletConnect({
            session: { accounts: [account(`${bitcoinChainIds.Testnet4}:${address}`)], chainId: mainnet },
          }).connector.signMessage(sign),
        )
      ).message,
    ).toBe("Account not found")
    expect(
      (
        await failureOf(
          walletConnect({
            session: { accounts: [account(`${mainnet}:`)], chainId: mainnet },
          }).connector.signMessage(sign),
        )
      ).message,
    ).toBe("Address not found")
    const limited = walletConnect({
      session: {
        accounts: [account(`${mainnet}:${address}`)],
        chainId: mainnet,
        methods: { bip122: ["signMessage"] },
      },
    })
    expect((await failureOf(limited.connector.signPsbt({ psbt: samplePsbt, signInputs: [] }))).message).toBe(
      "Method signPsbt is not supported",
    )
    for (const reply of [undefined, null])
      expect(
        (await failureOf(walletConnect({ answer: () => reply }).connector.signMessage(sign))).message,
        String(reply),
      ).toBe("No response from wallet")
  })

  it("moves the WalletConnect connector to the active Bitcoin chain before asking", async () => {
    const { connector, calls } = walletConnect({
      session: {
        accounts: [
          account(`${mainnet}:${address}`),
          account("eip155:1:0x0000000000000000000000000000000000000001"),
        ],
        chainId: "eip155:1" as CaipNetworkId,
      },
      answer: () => ({ signature: "c2ln" }),
    })
    await connector.signMessage({ address, message: "gm" })
    expect(calls.map((call) => call.method)).toEqual(["switchChain", "request"])
    expect(calls[0]?.args).toEqual([mainnet])
  })
})

describe("the WalletConnect bip122 adapter on the edges", () => {
  const taproot = "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"
  const testnet4 = bitcoinChainIds.Testnet4

  it("is named WalletConnect unless told otherwise, and follows the dApp's network (Mainnet when none)", async () => {
    const plain = walletConnect({}).connector
    expect([plain.id, plain.name, plain.icon, plain.kind, plain.chain]).toEqual([
      "walletConnect",
      "WalletConnect",
      "",
      "walletConnect",
      "bip122",
    ])
    const named = walletConnect({ name: "Xverse via WC", icon: "data:," }).connector
    expect([named.name, named.icon]).toEqual(["Xverse via WC", "data:,"])
    expect(walletConnect({ network: "Testnet4" }).connector.network()).toBe("Testnet4")
    expect(walletConnect({ network: undefined }).connector.network()).toBe("Mainnet")
  })

  it("asks for the intentions of the purposes asked (payment, ordinal; Stacks has none)", async () => {
    const { connector, calls } = walletConnect({ answer: () => [address] })
    await connector.getAccountAddresses()
    await connector.getAccountAddresses({ purposes: ["stacks", "ordinals"] })
    expect(calls.map((call) => (call.args[0] as RpcRequest).params)).toEqual([
      { account: address, intentions: ["payment", "ordinal"] },
      { account: address, intentions: ["ordinal"] },
    ])
  })

  it("reads plain addresses as payment ones, byte keys as hex, and keeps only the purposes asked", async () => {
    const { connector } = walletConnect({
      answer: () => [
        address,
        { address: taproot, publicKey: Uint8Array.of(0xab, 0xcd), intention: "ordinal" },
      ],
    })
    expect(await connector.getAccountAddresses()).toEqual([
      { address, purpose: "payment", publicKey: "", addressType: "p2wpkh", walletType: "software" },
      {
        address: taproot,
        purpose: "ordinals",
        publicKey: "abcd",
        addressType: "p2tr",
        walletType: "software",
      },
    ])
    expect((await connector.getAccountAddresses({ purposes: ["ordinals"] })).map((e) => e.address)).toEqual([
      taproot,
    ])
  })

  it("checks the 80-character prompt message before asking the wallet", async () => {
    const { connector, calls } = walletConnect({ answer: () => [address] })
    expect((await failureOf(connector.connect({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect(calls).toEqual([])
  })

  it("needs a payment or ordinals address to connect: 'No address available'", async () => {
    const { connector } = walletConnect({ answer: () => [] })
    expect((await failureOf(connector.connect())).message).toBe("No address available")
  })

  it("switches to a network only when the session has an account on it", async () => {
    const both = {
      accounts: [
        account(`${mainnet}:${address}`),
        account(`${testnet4}:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx`),
      ],
      chainId: mainnet,
    }
    const { connector, calls } = walletConnect({ session: both })
    await connector.switchNetwork("Testnet4")
    expect(calls).toEqual([{ method: "switchChain", args: [testnet4] }])
    const error = await failureOf(walletConnect({}).connector.switchNetwork("Signet"))
    expect(error.message).toBe("This network is not supported by the wallet")
  })

  it("connects on the network asked: the switch comes first", async () => {
    const { connector, calls } = walletConnect({ answer: () => [address] })
    await connector.connect({ network: "Mainnet" })
    expect(calls.map((call) => call.method)).toEqual(["switchChain", "request"])
  })

  it("does not switch chains when the session is already on the active one", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ signature: "c2ln" }) })
    await connector.signMessage({ address, message: "gm", protocol: "ecdsa" })
    expect(calls.map((call) => call.method)).toEqual(["request"])
    expect(calls[0]?.args[0]).toMatchObject({ params: { protocol: "ecdsa" } })
  })

  it("turns only whole hex signatures into base64", async () => {
    const signed = async (signature: string) =>
      (
        await walletConnect({ answer: () => ({ signature }) }).connector.signMessage({
          address,
          message: "gm",
        })
      ).signature
    expect(await signed("0A0b")).toBe(base64.encode(Uint8Array.of(10, 11)))
    expect(await signed("abc")).toBe("abc")
    expect(await signed("c2lnbmF0dXJl")).toBe("c2lnbmF0dXJl")
  })

  it("refuses a bad transfer or PSBT before the wallet is asked", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ txid: "ab".repeat(32) }) })
    const to = (amount: string) => ({ recipient: address, amount })
    expect((await failureOf(connector.sendTransfer([to("1"), to("2")]))).message).toBe(
      "Only one recipient is supported by this wallet provider",
    )
    expect((await failureOf(connector.sendTransfer([]))).message).toBe("Invalid amount")
    expect((await failureOf(connector.sendTransfer([to("0")]))).message).toBe("Invalid amount")
    expect(
      (await failureOf(connector.sendTransfer([{ recipient: "bc1qinvalid", amount: "1" }]))).message,
    ).toBe("Invalid address")
    // The session's active network (mainnet here) is the one the recipient's address must be of.
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    expect((await failureOf(connector.sendTransfer([{ recipient: testnet, amount: "1" }]))).message).toBe(
      "Invalid address: a testnet/signet address, expected mainnet",
    )
    expect((await failureOf(connector.signPsbt({ psbt: "cHNidA==", signInputs: [] }))).message).toBe(
      "Invalid PSBT: not a base64 PSBT",
    )
    expect(calls).toEqual([])
  })

  it("passes broadcast on (false unless asked) and checks the wallet's PSBT reply", async () => {
    const { connector, calls } = walletConnect({
      answer: () => ({ psbt: samplePsbt, txid: "ab".repeat(32) }),
    })
    expect(await connector.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: true })).toEqual({
      psbt: samplePsbt,
      txid: "ab".repeat(32),
    })
    await connector.signPsbt({ psbt: samplePsbt, signInputs: [] })
    expect(
      calls.map((call) => (call.args[0] as { params: { broadcast: boolean } }).params.broadcast),
    ).toEqual([true, false])
    const garbled = walletConnect({ answer: () => ({ psbt: "not a psbt" }) })
    expect((await failureOf(garbled.connector.signPsbt({ psbt: samplePsbt, signInputs: [] })))._tag).toBe(
      "BitcoinRpcError",
    )
  })

  it("sends raw requests through the session's approved methods", async () => {
    const { connector } = walletConnect({ answer: () => ({ ok: true }) })
    expect(await connector.request("signPsbt", {})).toEqual({ ok: true })
    expect((await failureOf(connector.request("getBalance", {}))).message).toBe(
      "Method getBalance is not supported",
    )
  })

  it("reports a failed disconnect as the wallet's error", async () => {
    const error = await failureOf(walletConnect({ disconnectFails: true }).connector.disconnect())
    expect(error).toMatchObject({ _tag: "BitcoinRpcError", message: "relay gone" })
  })

  it("passes disconnects, account changes and Bitcoin chain changes on, and nothing else", async () => {
    const { connector } = walletConnect({
      events: [
        { _tag: "chainChanged", chainId: testnet4 },
        { _tag: "chainChanged", chainId: "eip155:1" as CaipNetworkId },
        { _tag: "display_uri", uri: "wc:..." },
        { _tag: "connect", chainId: mainnet },
        { _tag: "accountsChanged", accounts: [] },
        { _tag: "disconnect" },
      ],
    })
    const events: Array<BitcoinWalletEvent> = []
    const stop = connector.onEvent((event) => events.push(event))
    await vi.waitFor(() => expect(events).toHaveLength(3))
    stop()
    expect(events).toEqual([
      { _tag: "networkChanged", network: "Testnet4" },
      { _tag: "accountsChanged" },
      { _tag: "disconnect" },
    ])
  })

  it("stops reading the WalletConnect connector's events when the last listener stops", async () => {
    let stopped = 0
    const connector = makeWalletConnectBitcoinConnector({
      connector: {
        request: () => Effect.void,
        switchChain: () => Effect.void,
        disconnect: () => Effect.void,
        events: Stream.never.pipe(Stream.ensuring(Effect.sync(() => stopped++))),
        session: Effect.succeed(Option.none()),
      },
      activeNetwork: () => "Mainnet",
    })
    const stop = connector.onEvent(() => {})
    expect(stopped).toBe(0)
    stop()
    await vi.waitFor(() => expect(stopped).toBe(1))
  })
})

describe("the WalletConnect bip122 adapter's replies", () => {
  it("names the request whose reply is malformed", async () => {
    const { connector } = walletConnect({ answer: () => ({ unexpected: true }) })
    expect(await failureHeadOf(connector.getAccountAddresses())).toBe(
      "The wallet's reply to getAccountAddresses is malformed",
    )
    expect(await failureHeadOf(connector.signMessage({ address, message: "gm" }))).toBe(
      "The wallet's reply to signMessage is malformed",
    )
    expect(await failureHeadOf(connector.signPsbt({ psbt: samplePsbt, signInputs: [] }))).toBe(
      "The wallet's reply to signPsbt is malformed",
    )
    expect(await failureHeadOf(connector.sendTransfer([{ recipient: address, amount: "1" }]))).toBe(
      "The wallet's reply to sendTransfer is malformed",
    )
    for (const entry of [{ address: "" }, { intention: "payment" }, { address, intention: 1 }])
      expect(
        await failureHeadOf(walletConnect({ answer: () => [entry] }).connector.getAccountAddresses()),
        JSON.stringify(entry),
      ).toBe("The wallet's reply to getAccountAddresses is malformed")
  })

  it("names the request a silent wallet did not answer", async () => {
    let abandoned = 0
    const silent = makeWalletConnectBitcoinConnector({
      connector: {
        request: () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => abandoned++))),
        switchChain: () => Effect.void,
        disconnect: () => Effect.void,
        events: Stream.empty,
        session: Effect.succeed(
          Option.some({ accounts: [account(`${mainnet}:${address}`)], chainId: mainnet }),
        ),
      },
      activeNetwork: () => "Mainnet",
    })
    const message = async (start: () => Promise<unknown>) => (await failureAfter(start)).message
    expect(await message(() => silent.signMessage({ address, message: "gm" }))).toBe(
      "The wallet did not answer signMessage within 300 s",
    )
    expect(await message(() => silent.getAccountAddresses())).toBe(
      "The wallet did not answer getAccountAddresses within 300 s",
    )
    // The WalletConnect request given up on is interrupted, not left running.
    await vi.waitFor(() => expect(abandoned).toBe(2))
  })

  it("keeps text keys, and gives a key of any other kind as empty", async () => {
    const { connector } = walletConnect({
      answer: () => [
        { address, publicKey: "02aa" },
        { address, publicKey: 7 },
      ],
    })
    expect((await connector.getAccountAddresses()).map((entry) => entry.publicKey)).toEqual(["02aa", ""])
  })

  it("passes a signature that only ends in hex as it is", async () => {
    const { connector } = walletConnect({ answer: () => ({ signature: "g00a" }) })
    expect((await connector.signMessage({ address, message: "gm" })).signature).toBe("g00a")
  })
})
