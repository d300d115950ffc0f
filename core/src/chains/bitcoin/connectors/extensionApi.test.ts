import { base64, hex } from "@scure/base"
import { describe, expect, it } from "vitest"
import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { failureAfter } from "../testing/fakeClock.testSupport"
import {
  failureHeadOf,
  failureOf,
  ordinalsEntry,
  paymentEntry,
  recorder,
  samplePsbt,
} from "../testing/fakeWallets"
import type { BitcoinWalletEvent } from "./BitcoinConnector"
import {
  type ExtensionBitcoinApi,
  isExtensionBitcoinApi,
  makeExtensionConnector,
  singleAccountEntries,
} from "./extensionApi"

const psbtHex = hex.encode(base64.decode(samplePsbt))
const txid = "ab".repeat(32)
const legacyAddress = "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV"

/** An extension API (recording every call) behind the shared connector, with the parts a wallet passes in. */
const extension = (
  overrides: Partial<ExtensionBitcoinApi> = {},
  options: {
    accounts?: ReadonlyArray<string>
    network?: BitcoinNetwork
    listens?: boolean
    namesNetworks?: boolean
  } = {},
) => {
  const { calls, answer } = recorder()
  const listeners = new Map<string, (value: unknown) => void>()
  const api: ExtensionBitcoinApi = {
    getAccounts: async () => answer(options.accounts ?? [paymentEntry.address], "getAccounts"),
    getPublicKey: async () => answer(paymentEntry.publicKey, "getPublicKey"),
    signMessage: async (message, type) => answer("c2ln", "signMessage", message, type),
    signPsbt: async (psbt, signOptions) => answer(psbtHex, "signPsbt", psbt, signOptions),
    pushPsbt: async (psbt) => answer(txid, "pushPsbt", psbt),
    ...(options.listens === false
      ? {}
      : {
          on: (event: string, handler: (value: unknown) => void) =>
            void answer(listeners.set(event, handler), "on", event),
          removeListener: (event: string, handler: (value: unknown) => void) =>
            void answer(listeners.get(event) === handler && listeners.delete(event), "removeListener", event),
        }),
    ...overrides,
  }
  const connector = makeExtensionConnector({
    wallet: { id: "ext", name: "Extension", icon: "data:," },
    kind: "unisat",
    api,
    network: options.network ?? "Mainnet",
    requestAccounts: async () => answer(options.accounts ?? [paymentEntry.address], "requestAccounts"),
    sendOne: async (address, satoshis) => answer(txid, "sendOne", address, satoshis),
    switchNetwork: async (network) => {
      if (network === "Regtest") throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
      answer(undefined, "switchNetwork", network)
    },
    request: async () => "served",
    ...(options.namesNetworks === false
      ? {}
      : {
          networkOfEvent: (value: unknown) =>
            value === "livenet" ? "Mainnet" : value === "signet" ? "Signet" : undefined,
        }),
  })
  const emit = (event: string, value: unknown) => listeners.get(event)?.(value)
  return { api, calls, connector, listeners, emit }
}

/** The first `count` events the connector gives while `act` runs; it stops listening after them. */
const eventsDuring = (
  connector: ReturnType<typeof extension>["connector"],
  count: number,
  act: () => void,
): ReadonlyArray<BitcoinWalletEvent> => {
  const events: Array<BitcoinWalletEvent> = []
  const stop = connector.onEvent((event) => {
    if (events.length < count) events.push(event)
    if (events.length === count) stop()
  })
  act()
  stop()
  return events
}

describe("isExtensionBitcoinApi", () => {
  it("needs getAccounts, getPublicKey, signMessage and signPsbt as functions", () => {
    const complete = { getAccounts() {}, getPublicKey() {}, signMessage() {}, signPsbt() {} }
    expect(isExtensionBitcoinApi(complete)).toBe(true)
    for (const method of Object.keys(complete)) {
      expect(isExtensionBitcoinApi({ ...complete, [method]: undefined })).toBe(false)
      expect(isExtensionBitcoinApi({ ...complete, [method]: "function" })).toBe(false)
    }
    expect(isExtensionBitcoinApi(null)).toBe(false)
    expect(isExtensionBitcoinApi("unisat")).toBe(false)
  })
})

describe("singleAccountEntries", () => {
  it("offers the account for payment then ordinals, as a software wallet with the address's type", () => {
    expect(singleAccountEntries(paymentEntry.address, paymentEntry.publicKey)).toEqual([
      { ...paymentEntry, purpose: "payment" },
      { ...paymentEntry, purpose: "ordinals" },
    ])
    expect(singleAccountEntries(legacyAddress, paymentEntry.publicKey)[0]).toMatchObject({
      addressType: "p2pkh",
      publicKey: paymentEntry.publicKey,
    })
  })

  it("gives a taproot key x-only (the 66-hex compressed key without its prefix byte), other keys as given", () => {
    const compressed = `03${ordinalsEntry.publicKey}`
    expect(singleAccountEntries(ordinalsEntry.address, compressed).map((entry) => entry.publicKey)).toEqual([
      ordinalsEntry.publicKey,
      ordinalsEntry.publicKey,
    ])
    expect(singleAccountEntries(ordinalsEntry.address, ordinalsEntry.publicKey)[0]?.publicKey).toBe(
      ordinalsEntry.publicKey,
    )
    expect(singleAccountEntries(ordinalsEntry.address, `${compressed}00`)[0]?.publicKey).toBe(
      `${compressed}00`,
    )
    expect(singleAccountEntries(paymentEntry.address, compressed)[0]?.publicKey).toBe(compressed)
  })
})

describe("the shared extension connector", () => {
  it("carries the wallet's id, name, icon and kind on the bip122 chain", () => {
    const { connector } = extension()
    expect([connector.id, connector.name, connector.icon, connector.kind, connector.chain]).toEqual([
      "ext",
      "Extension",
      "data:,",
      "unisat",
      "bip122",
    ])
  })

  it("connects without switching when the network is already the one asked", async () => {
    const { connector, calls } = extension()
    await connector.connect({ network: "Mainnet" })
    expect(calls.map((call) => call.method)).toEqual(["requestAccounts", "getPublicKey"])
  })

  it("switches first when asked for another network, and a refused switch stops the prompt", async () => {
    const { connector, calls } = extension()
    await connector.connect({ network: "Signet" })
    expect(calls.map((call) => call.method)).toEqual(["switchNetwork", "requestAccounts", "getPublicKey"])
    const refused = extension()
    const error = await failureOf(refused.connector.connect({ network: "Regtest" }))
    expect(error.message).toBe("This network is not supported by the wallet")
    expect(refused.calls).toEqual([])
  })

  it("refuses an 81-character prompt message before the wallet is asked, and allows 80", async () => {
    const { connector, calls } = extension()
    expect((await failureOf(connector.connect({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect((await failureOf(connector.getAccountAddresses({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect(calls).toEqual([])
    await connector.connect({ message: "m".repeat(80) })
    expect(calls).toHaveLength(2)
  })

  it("says 'No address available' when the wallet gives no account, without asking for a key", async () => {
    for (const accounts of [[], [""]]) {
      const { connector, calls } = extension({}, { accounts })
      expect((await failureOf(connector.connect())).message).toBe("No address available")
      expect((await failureOf(connector.getAccountAddresses())).message).toBe("No address available")
      expect(calls.map((call) => call.method)).toEqual(["requestAccounts", "getAccounts"])
    }
  })

  it("calls a public key that is not a string a malformed reply", async () => {
    const { connector } = extension({ getPublicKey: async () => undefined as unknown as string })
    expect(await failureOf(connector.connect())).toMatchObject({
      _tag: "BitcoinRpcError",
      code: -32603,
      message: "The wallet's reply to getPublicKey is malformed: not a hex key",
    })
  })

  it("calls text that is no secp256k1 public key a malformed reply: compressed (02/03), x-only or uncompressed (04) hex only", async () => {
    const compressed = `02${"ab".repeat(32)}`
    for (const key of [compressed, `03${"AB".repeat(32)}`, "cd".repeat(32), `04${"ef".repeat(64)}`]) {
      const { connector } = extension({ getPublicKey: async () => key })
      expect((await connector.connect())[0]?.address).toBe(paymentEntry.address)
    }
    for (const key of [
      "",
      `05${"ab".repeat(32)}`,
      compressed.slice(0, -1),
      `${compressed}a`,
      `02${"ab".repeat(31)}zz`,
      `04${"ef".repeat(63)}`,
    ]) {
      const { connector } = extension({ getPublicKey: async () => key })
      expect(await failureOf(connector.connect())).toMatchObject({
        _tag: "BitcoinRpcError",
        message: "The wallet's reply to getPublicKey is malformed: not a hex key",
      })
    }
  })

  it("lists the account's addresses for the asked purposes only", async () => {
    const { connector } = extension()
    const addresses = await connector.getAccountAddresses({ purposes: ["ordinals"] })
    expect(addresses).toEqual([{ ...paymentEntry, purpose: "ordinals" }])
  })

  it("signs messages with the protocol asked, and calls an empty signature a malformed reply", async () => {
    const { connector, calls } = extension()
    const signed = await connector.signMessage({ address: legacyAddress, message: "hi", protocol: "bip322" })
    expect(signed).toEqual({ address: legacyAddress, signature: "c2ln", protocol: "bip322" })
    await connector.signMessage({ address: paymentEntry.address, message: "a", protocol: "ecdsa" })
    expect(calls.map((call) => call.args)).toEqual([
      ["hi", "bip322-simple"],
      ["a", "ecdsa"],
    ])
    for (const reply of ["", 42, null, { signature: "c2ln" }]) {
      const garbled = extension({ signMessage: async () => reply as string })
      expect(
        await failureOf(garbled.connector.signMessage({ address: paymentEntry.address, message: "a" })),
        JSON.stringify(reply),
      ).toMatchObject({
        code: -32603,
        message: "The wallet's reply to signMessage is malformed: no signature",
      })
    }
  })

  it("refuses to broadcast through a wallet without pushPsbt before the wallet prompts", async () => {
    const { connector, calls } = extension({ pushPsbt: undefined })
    const input = { psbt: samplePsbt, signInputs: [{ address: paymentEntry.address, index: 0 }] }
    const error = await failureOf(connector.signPsbt({ ...input, broadcast: true }))
    expect(error).toMatchObject({
      message: "This wallet does not broadcast PSBTs; broadcast the signed transaction manually",
      code: -32001,
    })
    expect(calls).toEqual([])
    expect(await connector.signPsbt(input)).toEqual({ psbt: samplePsbt })
    expect(calls.map((call) => call.method)).toEqual(["signPsbt"])
  })

  it("signs without pushing when not broadcasting, even when the wallet could push", async () => {
    const { connector, calls } = extension()
    const signed = await connector.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: false })
    expect(signed).toEqual({ psbt: samplePsbt })
    expect(calls).toEqual([
      { method: "signPsbt", args: [psbtHex, { autoFinalized: false, toSignInputs: [] }] },
    ])
  })

  it("refuses a PSBT that is not one, and a wallet reply that is not a hex PSBT", async () => {
    const { connector, calls } = extension()
    expect((await failureOf(connector.signPsbt({ psbt: "cHNidA==", signInputs: [] }))).message).toBe(
      "Invalid PSBT: not a base64 PSBT",
    )
    expect(calls).toEqual([])
    const garbled = extension({ signPsbt: async () => samplePsbt })
    expect(
      (await failureOf(garbled.connector.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: true })))
        .message,
    ).toBe("The wallet's reply to signPsbt is malformed: not a hex PSBT")
    expect(garbled.calls).toEqual([])
  })

  it("calls a broadcast answered with anything but a txid malformed", async () => {
    for (const reply of [42, "", "ab".repeat(31), null]) {
      const { connector } = extension({ pushPsbt: async () => reply as never })
      expect(
        await failureHeadOf(connector.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: true })),
        String(reply),
      ).toBe("The wallet's reply to pushPsbt is malformed")
    }
  })

  it("sends one recipient's satoshis through the wallet, refusing none, two, a bad address or a bad amount", async () => {
    const { connector, calls } = extension()
    expect(await connector.sendTransfer([{ recipient: ordinalsEntry.address, amount: " 2100 " }])).toBe(txid)
    expect(calls).toEqual([{ method: "sendOne", args: [ordinalsEntry.address, 2100] }])
    const refusals: Array<[ReadonlyArray<{ recipient: string; amount: string }>, string]> = [
      [[], "Invalid amount"],
      [
        [
          { recipient: paymentEntry.address, amount: "1" },
          { recipient: paymentEntry.address, amount: "1" },
        ],
        "Only one recipient is supported by this wallet provider",
      ],
      [[{ recipient: "bc1qinvalid", amount: "1" }], "Invalid address"],
      [
        [{ recipient: "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", amount: "1" }],
        "Invalid address: a testnet/signet address, expected mainnet",
      ],
      [[{ recipient: paymentEntry.address, amount: "0" }], "Invalid amount"],
      [[{ recipient: paymentEntry.address, amount: "1.5" }], "Invalid amount"],
    ]
    for (const [recipients, message] of refusals)
      expect((await failureOf(connector.sendTransfer(recipients))).message).toBe(message)
    expect(calls).toHaveLength(1)
  })

  it("remembers a switched network, and keeps the old one when the switch is refused", async () => {
    const { connector } = extension()
    await connector.switchNetwork("Testnet4")
    expect(connector.network()).toBe("Testnet4")
    await failureOf(connector.switchNetwork("Regtest"))
    expect(connector.network()).toBe("Testnet4")
  })

  it("serves request through the wallet's own request part", async () => {
    expect(await extension().connector.request("getInfo")).toBe("served")
  })

  it("disconnects without asking the wallet", async () => {
    const { connector, calls } = extension()
    await connector.disconnect()
    expect(calls).toEqual([])
  })
})

describe("the shared extension connector's events", () => {
  it("reads an empty account list as a disconnect, any other as an account change", async () => {
    const { connector, emit } = extension()
    const events = eventsDuring(connector, 3, () => {
      emit("accountsChanged", [paymentEntry.address])
      emit("accountsChanged", [])
      emit("accountsChanged", "not a list")
    })
    expect(events).toEqual([{ _tag: "accountsChanged" }, { _tag: "disconnect" }, { _tag: "disconnect" }])
  })

  it("follows a network change the wallet names, ignores one it does not, and passes disconnects on", async () => {
    const { connector, emit } = extension()
    const events = eventsDuring(connector, 2, () => {
      emit("networkChanged", "regtest-ish")
      emit("networkChanged", "signet")
      emit("disconnect", undefined)
    })
    expect(events).toEqual([{ _tag: "networkChanged", network: "Signet" }, { _tag: "disconnect" }])
    expect(connector.network()).toBe("Signet")
  })

  it("ignores network changes from a wallet whose names it cannot read, without throwing into the wallet", async () => {
    const { connector, emit } = extension({}, { namesNetworks: false })
    const events = eventsDuring(connector, 1, () => {
      expect(() => emit("networkChanged", "signet")).not.toThrow()
      emit("disconnect", undefined)
    })
    expect(events).toEqual([{ _tag: "disconnect" }])
    expect(connector.network()).toBe("Mainnet")
  })

  it("attaches its three listeners while the stream runs and detaches each when it ends", async () => {
    const { connector, calls, listeners, emit } = extension()
    eventsDuring(connector, 1, () => emit("disconnect", undefined))
    const subscriptions = calls.filter((call) => call.method === "on" || call.method === "removeListener")
    expect(subscriptions).toEqual([
      { method: "on", args: ["accountsChanged"] },
      { method: "on", args: ["networkChanged"] },
      { method: "on", args: ["disconnect"] },
      { method: "removeListener", args: ["accountsChanged"] },
      { method: "removeListener", args: ["networkChanged"] },
      { method: "removeListener", args: ["disconnect"] },
    ])
    expect(listeners.size).toBe(0)
  })

  it("stays quiet for a wallet without `on`", async () => {
    const { connector } = extension({}, { listens: false })
    expect(eventsDuring(connector, 1, () => {})).toEqual([])
  })
})

describe("the shared extension connector's bounds", () => {
  it("names the wallet call a silent wallet did not answer", async () => {
    const never = () => new Promise<never>(() => {})
    const silent = async (
      overrides: Partial<ExtensionBitcoinApi>,
      run: (connector: ReturnType<typeof extension>["connector"]) => Promise<unknown>,
    ) => (await failureAfter(() => run(extension(overrides).connector))).message
    const within = (method: string) => `The wallet did not answer ${method} within 300 s`
    expect(await silent({ getPublicKey: never }, (c) => c.connect())).toBe(within("getPublicKey"))
    expect(await silent({ getAccounts: never }, (c) => c.getAccountAddresses())).toBe(within("getAccounts"))
    expect(
      await silent({ signMessage: never }, (c) =>
        c.signMessage({ address: paymentEntry.address, message: "a" }),
      ),
    ).toBe(within("signMessage"))
    expect(await silent({ signPsbt: never }, (c) => c.signPsbt({ psbt: samplePsbt, signInputs: [] }))).toBe(
      within("signPsbt"),
    )
    expect(
      await silent({ pushPsbt: never }, (c) =>
        c.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: true }),
      ),
    ).toBe(within("pushPsbt"))
  })
})
