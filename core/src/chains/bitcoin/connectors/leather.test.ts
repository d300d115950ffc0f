import { base64, hex } from "@scure/base"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { failureOf, fakeRequestApi, samplePsbt, success } from "../testing/fakeWallets"
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
    connector: Effect.runSync(makeLeatherConnector({ wallet, provider: fake.provider, network })),
  }
}

describe("the Leather connector", () => {
  it("maps Leather's address list to payment (p2wpkh), ordinals (p2tr) and stacks, asking once", async () => {
    const { connector, calls } = leather()
    const addresses = await Effect.runPromise(connector.connect())
    expect(addresses.map((entry) => [entry.purpose, entry.addressType])).toEqual([
      ["payment", "p2wpkh"],
      ["ordinals", "p2tr"],
      ["stacks", "stacks"],
    ])
    await Effect.runPromise(connector.getAccountAddresses({ purposes: ["payment"] }))
    expect(calls).toEqual([{ method: "getAddresses", args: [undefined] }])
  })

  it("signs every requested input (signAtIndex lists them all, not just the first)", async () => {
    const { connector, calls } = leather()
    const signed = await Effect.runPromise(
      connector.signPsbt({
        psbt: samplePsbt,
        broadcast: true,
        signInputs: [
          { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", index: 3 },
          { address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", index: 0 },
          { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", index: 1 },
        ],
      }),
    )
    expect(calls[0]).toEqual({
      method: "signPsbt",
      args: [{ hex: psbtHex, network: "mainnet", broadcast: true, signAtIndex: [0, 1, 3] }],
    })
    expect(signed).toEqual({ psbt: samplePsbt, txid: "cd".repeat(32) })
  })

  it("sends amounts as satoshi strings with the network", async () => {
    const { connector, calls } = leather("Testnet4")
    await Effect.runPromise(
      connector.sendTransfer([{ recipient: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", amount: "1000" }]),
    )
    expect(calls[0]?.args[0]).toEqual({
      recipients: [{ address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", amount: "1000" }],
      network: "testnet",
    })
  })

  it("signs messages for the address's payment type (BIP-322)", async () => {
    const { connector, calls } = leather()
    const signed = await Effect.runPromise(
      connector.signMessage({
        address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
        message: "gm",
      }),
    )
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
