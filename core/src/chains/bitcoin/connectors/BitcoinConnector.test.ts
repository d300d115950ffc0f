import { base64, hex } from "@scure/base"
import { describe, expect, it } from "vitest"
import type { BitcoinAddressEntry } from "../../../domain/bitcoin"
import { failureOf, ordinalsEntry, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import {
  addressTypeOf,
  type BitcoinConnector,
  forPurposes,
  psbtBytes,
  psbtFromWalletHex,
  requestThroughConnector,
  requireAddresses,
} from "./BitcoinConnector"

const stacksEntry: BitcoinAddressEntry = {
  address: "SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7",
  purpose: "stacks",
  publicKey: "",
  addressType: "p2wpkh",
  walletType: "software",
}
const txid = "ab".repeat(32)

/** A connector whose every operation records what it was given and answers a fixed value. */
const recordingConnector = () => {
  const { calls, answer } = recorder()
  const connector: BitcoinConnector = {
    id: "fake",
    name: "Fake",
    icon: "",
    kind: "unisat",
    chain: "bip122",
    connect: async (options) => answer([paymentEntry], "connect", options),
    disconnect: async () => answer(undefined, "disconnect"),
    getAccountAddresses: async (params) =>
      answer([paymentEntry, ordinalsEntry], "getAccountAddresses", params),
    signMessage: async (input) =>
      answer(
        { address: input.address, signature: "c2ln", protocol: input.protocol ?? "ecdsa" },
        "signMessage",
        input,
      ),
    signPsbt: async (input) => answer({ psbt: input.psbt }, "signPsbt", input),
    sendTransfer: async (recipients) => answer(txid, "sendTransfer", recipients),
    switchNetwork: async (network) => answer(undefined, "switchNetwork", network),
    network: () => "Mainnet",
    request: () => Promise.reject(new Error("not used")),
    onEvent: () => () => {},
  }
  const request = (method: string, params?: unknown) => requestThroughConnector(connector, method, params)
  return { calls, connector, request }
}

describe("requestThroughConnector: §7 requests served by a connector's operations", () => {
  it("getAddresses connects (the prompt, as in sats-connect) with the message, and answers { addresses } of the purposes", async () => {
    const { calls, request } = recordingConnector()
    expect(await request("getAddresses", { purposes: ["ordinals"], message: "Hi" })).toEqual({
      addresses: [],
    })
    expect(await request("getAddresses", { purposes: "payment", message: 7 })).toEqual({
      addresses: [paymentEntry],
    })
    expect(calls).toEqual([
      { method: "connect", args: [{ message: "Hi" }] },
      { method: "connect", args: [{ message: undefined }] },
    ])
  })

  it("wallet_connect connects on the asked network and answers the connector's network by name", async () => {
    const { calls, request } = recordingConnector()
    expect(await request("wallet_connect", { network: "Signet", message: "Connect" })).toEqual({
      addresses: [paymentEntry],
      network: { bitcoin: { name: "Mainnet" } },
    })
    await request("wallet_connect", { message: 1 })
    expect(calls).toEqual([
      { method: "connect", args: [{ network: "Signet", message: "Connect" }] },
      { method: "connect", args: [{ network: undefined, message: undefined }] },
    ])
  })

  it("checks the 80-character prompt rule before the connector is asked", async () => {
    const { calls, connector } = recordingConnector()
    const tooLong = "x".repeat(81)
    for (const method of ["getAddresses", "wallet_connect"]) {
      const error = await failureOf(requestThroughConnector(connector, method, { message: tooLong }))
      expect(error.message).toBe("The message must not exceed 80 characters.")
    }
    expect(calls).toEqual([])
  })

  it("wallet_disconnect and wallet_renouncePermissions disconnect and answer null", async () => {
    const { calls, request } = recordingConnector()
    expect(await request("wallet_disconnect")).toBeNull()
    expect(await request("wallet_renouncePermissions", {})).toBeNull()
    expect(calls.map((call) => call.method)).toEqual(["disconnect", "disconnect"])
  })

  it("wallet_changeNetwork switches to the network named and answers null", async () => {
    const { calls, request } = recordingConnector()
    expect(await request("wallet_changeNetwork", { name: "Signet" })).toBeNull()
    expect(calls).toEqual([{ method: "switchNetwork", args: ["Signet"] }])
  })

  it("signMessage lower-cases the wire protocol for the connector and upper-cases it in the answer", async () => {
    const { calls, request } = recordingConnector()
    const address = paymentEntry.address
    expect(await request("signMessage", { address, message: "gm", protocol: "BIP322" })).toEqual({
      address,
      signature: "c2ln",
      messageHash: "",
      protocol: "BIP322",
    })
    expect(await request("signMessage", {})).toMatchObject({ address: "", protocol: "ECDSA" })
    expect(calls).toEqual([
      { method: "signMessage", args: [{ address, message: "gm", protocol: "bip322" }] },
      { method: "signMessage", args: [{ address: "", message: "", protocol: undefined }] },
    ])
  })

  it("signPsbt spreads the address → indexes map into one input per index, broadcasting only on true", async () => {
    const { calls, request } = recordingConnector()
    const signInputs = { [paymentEntry.address]: [0, "2"], [ordinalsEntry.address]: [1], other: "3" }
    expect(await request("signPsbt", { psbt: samplePsbt, signInputs, broadcast: true })).toEqual({
      psbt: samplePsbt,
    })
    await request("signPsbt", { psbt: samplePsbt, signInputs: [], broadcast: "true" })
    await request("signPsbt", {})
    expect(calls).toEqual([
      {
        method: "signPsbt",
        args: [
          {
            psbt: samplePsbt,
            signInputs: [
              { address: paymentEntry.address, index: 0 },
              { address: paymentEntry.address, index: 2 },
              { address: ordinalsEntry.address, index: 1 },
            ],
            broadcast: true,
          },
        ],
      },
      { method: "signPsbt", args: [{ psbt: samplePsbt, signInputs: [], broadcast: false }] },
      { method: "signPsbt", args: [{ psbt: "", signInputs: [], broadcast: false }] },
    ])
  })

  it("sendTransfer passes each recipient's satoshi amount as a string and answers { txid }", async () => {
    const { calls, request } = recordingConnector()
    const recipients = [
      { address: paymentEntry.address, amount: 1500 },
      { address: ordinalsEntry.address, amount: 1 },
    ]
    expect(await request("sendTransfer", { recipients })).toEqual({ txid })
    expect(calls).toEqual([
      {
        method: "sendTransfer",
        args: [
          [
            { recipient: paymentEntry.address, amount: "1500" },
            { recipient: ordinalsEntry.address, amount: "1" },
          ],
        ],
      },
    ])
  })

  it("refuses a bad transfer before the connector is asked", async () => {
    const { calls, connector } = recordingConnector()
    const send = (recipients: unknown) =>
      failureOf(requestThroughConnector(connector, "sendTransfer", { recipients }))
    expect((await send([{ address: paymentEntry.address, amount: 0 }])).message).toBe("Invalid amount")
    expect((await send([{ address: "bc1qnotanaddress", amount: 1 }])).message).toBe("Invalid address")
    // The connector's network (mainnet here) is the one a recipient's address must be of.
    expect(
      (await send([{ address: "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", amount: 1 }]))
        .message,
    ).toBe("Invalid address: a testnet/signet address, expected mainnet")
    expect(calls).toEqual([])
  })

  it("reads null or non-object params as none: getAddresses with null asks for every purpose", async () => {
    const { calls, request } = recordingConnector()
    for (const params of [null, undefined, "payment"])
      expect(await request("getAddresses", params)).toEqual({ addresses: [paymentEntry] })
    expect(calls.map((call) => call.args)).toEqual(Array.from({ length: 3 }, () => [{ message: undefined }]))
  })

  it("any other method: 'Method not supported by the selected wallet' (-32001)", async () => {
    const { calls, connector } = recordingConnector()
    for (const method of ["getInfo", "stx_signTransactions", "signpsbt"]) {
      const error = await failureOf(requestThroughConnector(connector, method, { transactions: ["00"] }))
      expect(error).toMatchObject({ message: "Method not supported by the selected wallet", code: -32001 })
    }
    expect(calls).toEqual([])
  })
})

describe("address entries", () => {
  it("addressTypeOf reads the type from the address, p2wpkh when it cannot", () => {
    expect(addressTypeOf("1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV")).toBe("p2pkh")
    expect(addressTypeOf("3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM")).toBe("p2sh")
    expect(addressTypeOf(paymentEntry.address)).toBe("p2wpkh")
    expect(addressTypeOf("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")).toBe("p2wsh")
    expect(addressTypeOf(ordinalsEntry.address)).toBe("p2tr")
    expect(addressTypeOf("not an address")).toBe("p2wpkh")
  })

  it("forPurposes keeps the asked purposes in the wallet's order, all of them when none are asked", () => {
    const entries = [ordinalsEntry, stacksEntry, paymentEntry]
    expect(forPurposes(entries, undefined)).toBe(entries)
    expect(forPurposes(entries, ["payment", "ordinals"])).toEqual([ordinalsEntry, paymentEntry])
    expect(forPurposes(entries, [])).toEqual([])
  })

  it("requireAddresses needs one Bitcoin (non-Stacks) entry: 'No address available'", async () => {
    expect(requireAddresses([stacksEntry, ordinalsEntry])).toEqual([stacksEntry, ordinalsEntry])
    for (const entries of [[], [stacksEntry]]) {
      const error = await failureOf(() => requireAddresses(entries))
      expect(error).toMatchObject({ _tag: "BitcoinError", message: "No address available" })
    }
  })
})

describe("PSBT bytes at the wallet boundary", () => {
  it("psbtBytes decodes a base64 PSBT (surrounding blanks allowed) and refuses anything without the magic", async () => {
    const bytes = base64.decode(samplePsbt)
    expect(psbtBytes(` ${samplePsbt}\n`)).toEqual(bytes)
    const notPsbt = [
      "",
      "!!!",
      base64.encode(Uint8Array.of(0x70, 0x73, 0x62, 0x74)),
      base64.encode(Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xfe, 0x00)),
      base64.encode(Uint8Array.of(0x71, 0x73, 0x62, 0x74, 0xff, 0x00)),
    ]
    for (const psbt of notPsbt) {
      const error = await failureOf(() => psbtBytes(psbt))
      expect(error).toMatchObject({ _tag: "InvalidPsbtError", message: "Invalid PSBT: not a base64 PSBT" })
    }
  })

  it("psbtFromWalletHex turns a hex PSBT into base64 and calls anything else malformed", async () => {
    const psbtHex = hex.encode(base64.decode(samplePsbt))
    expect(psbtFromWalletHex("signPsbt", psbtHex)).toBe(samplePsbt)
    for (const reply of [samplePsbt, "00ff", "70736274fg", "70736274ff0", 7, null]) {
      const error = await failureOf(() => psbtFromWalletHex("signPsbtX", reply))
      expect(error).toMatchObject({
        _tag: "BitcoinRpcError",
        code: -32603,
        message: "The wallet's reply to signPsbtX is malformed: not a hex PSBT",
      })
    }
  })
})
