import { base64, hex } from "@scure/base"
import { describe, expect, it } from "vitest"
import {
  failureHeadOf,
  failureOf,
  fakeRequestApi,
  ordinalsEntry,
  paymentEntry,
  samplePsbt,
  success,
} from "../testing/fakeWallets"
import { makeLeatherConnector } from "./leather"

const wallet = { id: "LeatherProvider", name: "Leather", icon: "" }
const leatherAddresses = {
  addresses: [
    {
      symbol: "BTC",
      type: "p2wpkh",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      publicKey: "02aa",
    },
    {
      symbol: "BTC",
      type: "p2tr",
      address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
      publicKey: "bb",
    },
    { symbol: "STX", address: "SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7" },
  ],
}
const psbtHex = hex.encode(base64.decode(samplePsbt))

const leather = (network?: "Mainnet" | "Testnet4" | "Signet") => {
  const fake = fakeRequestApi((method) => {
    if (method === "getAddresses") return success(leatherAddresses)
    if (method === "signPsbt") return success({ hex: psbtHex, txid: "cd".repeat(32) })
    if (method === "sendTransfer") return success({ txid: "ef".repeat(32) })
    if (method === "signMessage") return success({ signature: "c2ln", address: "" })
    return success(null)
  })
  return {
    ...fake,
    connector: makeLeatherConnector({ wallet, provider: fake.provider, network }),
  }
}

describe("the Leather connector", () => {
  it("maps Leather's address list to payment (p2wpkh), ordinals (p2tr) and stacks, asking once", async () => {
    const { connector, calls } = leather()
    const addresses = await connector.connect()
    expect(addresses.map((entry) => [entry.purpose, entry.addressType])).toEqual([
      ["payment", "p2wpkh"],
      ["ordinals", "p2tr"],
      ["stacks", "stacks"],
    ])
    await connector.getAccountAddresses({ purposes: ["payment"] })
    expect(calls).toEqual([{ method: "getAddresses", args: [undefined] }])
  })

  it("signs every requested input (signAtIndex lists them all, not just the first)", async () => {
    const { connector, calls } = leather()
    const signed = await connector.signPsbt({
      psbt: samplePsbt,
      broadcast: true,
      signInputs: [
        { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", index: 3 },
        { address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", index: 0 },
        { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", index: 1 },
      ],
    })
    expect(calls[0]).toEqual({
      method: "signPsbt",
      args: [{ hex: psbtHex, network: "mainnet", broadcast: true, signAtIndex: [0, 1, 3] }],
    })
    expect(signed).toEqual({ psbt: samplePsbt, txid: "cd".repeat(32) })
  })

  it("sends amounts as satoshi strings with the network", async () => {
    const { connector, calls } = leather("Testnet4")
    await connector.sendTransfer([
      { recipient: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", amount: "1000" },
    ])
    expect(calls[0]?.args[0]).toEqual({
      recipients: [{ address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", amount: "1000" }],
      network: "testnet",
    })
  })

  it("signs messages for the address's payment type (BIP-322)", async () => {
    const { connector, calls } = leather()
    const signed = await connector.signMessage({
      address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
      message: "gm",
    })
    expect(calls[0]?.args[0]).toEqual({ message: "gm", paymentType: "p2tr", network: "mainnet" })
    expect(signed.protocol).toBe("bip322")
  })

  it("accepts mainnet or testnet only", async () => {
    const { connector, calls } = leather()
    expect((await failureOf(connector.switchNetwork("Signet"))).message).toBe(
      "This network is not supported by the wallet",
    )
    expect(
      (await failureOf(leather("Signet").connector.signMessage({ address: "tb1q", message: "x" }))).message,
    ).toBe("This network is not supported by the wallet")
    expect(calls).toEqual([])
  })

  it("refuses a PSBT that is not one before Leather sees it", async () => {
    const { connector, calls } = leather()
    const error = await failureOf(connector.signPsbt({ psbt: "not base64!", signInputs: [] }))
    expect(error._tag).toBe("InvalidPsbtError")
    expect(calls).toEqual([])
  })
})

describe("the Leather connector on the edges", () => {
  const answering = (answer: (method: string) => unknown, network?: "Mainnet" | "Testnet") => {
    const fake = fakeRequestApi((method) => answer(method))
    return {
      ...fake,
      connector: makeLeatherConnector({ wallet, provider: fake.provider, network }),
    }
  }

  it("keeps Leather's keys, gives a missing one as empty, and drops address types it has no purpose for", async () => {
    const { connector } = answering(() =>
      success({
        addresses: [
          { symbol: "BTC", type: "p2wpkh", address: paymentEntry.address },
          { symbol: "BTC", type: "p2sh", address: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", publicKey: "02cc" },
          { symbol: "BTC", address: "bc1qnotype" },
          // Only STX entries are Stacks ones: a BTC entry whose type names another kind is dropped too.
          { symbol: "BTC", type: "stacks", address: "SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7" },
          { symbol: "BTC", type: "p2tr", address: ordinalsEntry.address, publicKey: "dd" },
        ],
      }),
    )
    expect(await connector.getAccountAddresses()).toEqual([
      {
        address: paymentEntry.address,
        purpose: "payment",
        addressType: "p2wpkh",
        publicKey: "",
        walletType: "software",
      },
      {
        address: ordinalsEntry.address,
        purpose: "ordinals",
        addressType: "p2tr",
        publicKey: "dd",
        walletType: "software",
      },
    ])
  })

  it("is the leather kind, on mainnet unless told, with the wallet's name", async () => {
    const { connector } = leather()
    expect([connector.id, connector.name, connector.kind, connector.chain]).toEqual([
      "LeatherProvider",
      "Leather",
      "leather",
      "bip122",
    ])
    expect(connector.network()).toBe("Mainnet")
  })

  it("asks for addresses again after a disconnect", async () => {
    const { connector, calls } = leather()
    await connector.connect()
    await connector.disconnect()
    await connector.getAccountAddresses()
    expect(calls.map((call) => call.method)).toEqual(["getAddresses", "getAddresses"])
  })

  it("switches networks on connect when asked, refusing those Leather lacks before asking", async () => {
    const { connector, calls } = leather()
    await connector.connect({ network: "Testnet" })
    expect(connector.network()).toBe("Testnet")
    expect((await failureOf(connector.connect({ network: "Regtest" }))).message).toBe(
      "This network is not supported by the wallet",
    )
    expect((await failureOf(connector.connect({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect((await failureOf(connector.getAccountAddresses({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect(calls).toHaveLength(1)
  })

  it("signs messages for p2wpkh unless the address is taproot", async () => {
    const { connector, calls } = leather()
    await connector.signMessage({ address: paymentEntry.address, message: "a" })
    await connector.signMessage({ address: "not an address", message: "b" })
    expect(calls.map((call) => (call.args[0] as { paymentType: string }).paymentType)).toEqual([
      "p2wpkh",
      "p2wpkh",
    ])
  })

  it("passes sighash types on (once each), does not broadcast unless asked, and gives no txid it did not get", async () => {
    const { connector, calls } = answering((method) =>
      method === "signPsbt" ? success({ hex: psbtHex }) : success(null),
    )
    const signed = await connector.signPsbt({
      psbt: samplePsbt,
      signInputs: [
        { address: paymentEntry.address, index: 0, sighashTypes: [1, 0x81] },
        { address: paymentEntry.address, index: 0, sighashTypes: [1] },
      ],
    })
    expect(calls[0]?.args[0]).toEqual({
      hex: psbtHex,
      network: "mainnet",
      broadcast: false,
      signAtIndex: [0],
      allowedSighash: [1, 0x81],
    })
    expect(signed).toStrictEqual({ psbt: samplePsbt })
  })

  it("names the request whose reply is malformed, and refuses a bad transfer before asking", async () => {
    const { connector, calls } = answering(() => success({ unexpected: true }))
    expect(await failureHeadOf(connector.getAccountAddresses())).toBe(
      "The wallet's reply to getAddresses is malformed",
    )
    expect(await failureHeadOf(connector.signMessage({ address: paymentEntry.address, message: "a" }))).toBe(
      "The wallet's reply to signMessage is malformed",
    )
    expect(await failureHeadOf(connector.signPsbt({ psbt: samplePsbt, signInputs: [] }))).toBe(
      "The wallet's reply to signPsbt is malformed",
    )
    expect(
      await failureHeadOf(connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])),
    ).toBe("The wallet's reply to sendTransfer is malformed")
    const hexless = answering(() => success({ hex: "00" }))
    expect(await failureHeadOf(hexless.connector.signPsbt({ psbt: samplePsbt, signInputs: [] }))).toBe(
      "The wallet's reply to signPsbt is malformed",
    )
    const before = calls.length
    expect(
      (await failureOf(connector.sendTransfer([{ recipient: paymentEntry.address, amount: "0" }]))).message,
    ).toBe("Invalid amount")
    expect(calls).toHaveLength(before)
  })

  it("calls an entry without an address, or a non-text txid, a malformed reply", async () => {
    const emptyAddress = answering(() =>
      success({ addresses: [{ symbol: "BTC", type: "p2wpkh", address: "", publicKey: "02aa" }] }),
    )
    expect(await failureHeadOf(emptyAddress.connector.connect())).toBe(
      "The wallet's reply to getAddresses is malformed",
    )
    const numericTxid = answering(() => success({ hex: psbtHex, txid: 42 }))
    expect(
      await failureHeadOf(
        numericTxid.connector.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: true }),
      ),
    ).toBe("The wallet's reply to signPsbt is malformed")
    const textTxid = answering(() => success({ txid: "not a txid" }))
    expect(
      await failureHeadOf(
        textTxid.connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }]),
      ),
    ).toBe("The wallet's reply to sendTransfer is malformed")
  })

  it("names testnet3 'testnet' to Leather", async () => {
    const { connector, calls } = answering(() => success({ signature: "c2ln" }), "Testnet")
    await connector.signMessage({ address: paymentEntry.address, message: "x" })
    expect(calls[0]?.args[0]).toEqual({ message: "x", paymentType: "p2wpkh", network: "testnet" })
  })

  it("serves §7 requests through its operations and has no events", async () => {
    const { connector, calls } = leather()
    const result = await connector.request("getAddresses", { purposes: ["payment"] })
    expect(result).toEqual({ addresses: [expect.objectContaining({ purpose: "payment" })] })
    expect(calls).toHaveLength(1)
    const events: Array<unknown> = []
    connector.onEvent((event) => events.push(event))()
    expect(events).toEqual([])
  })
})
