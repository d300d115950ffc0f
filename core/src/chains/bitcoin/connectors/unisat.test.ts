import { base64, hex } from "@scure/base"
import { describe, expect, it } from "vitest"
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
import { makeUnisatConnector, type UnisatApi } from "./unisat"

const psbtHex = hex.encode(base64.decode(samplePsbt))
const txid = "ab".repeat(32)

const unisat = (overrides: Partial<UnisatApi> = {}) => {
  const { calls, answer } = recorder()
  const api: UnisatApi = {
    requestAccounts: async () => answer([ordinalsEntry.address], "requestAccounts"),
    getAccounts: async () => answer([ordinalsEntry.address], "getAccounts"),
    getPublicKey: async () => answer(`02${ordinalsEntry.publicKey}`, "getPublicKey"),
    signMessage: async (message, type) => answer("c2ln", "signMessage", message, type),
    sendBitcoin: async (address, satoshis) => answer(txid, "sendBitcoin", address, satoshis),
    signPsbt: async (psbt, options) => answer(psbtHex, "signPsbt", psbt, options),
    pushPsbt: async (psbt) => answer(txid, "pushPsbt", psbt),
    ...overrides,
  }
  return {
    calls,
    connector: makeUnisatConnector({ wallet: { id: "unisat", name: "Unisat", icon: "" }, api }),
  }
}

describe("the Unisat connector", () => {
  it("offers its one account for payments and ordinals, with an x-only key for taproot", async () => {
    const { connector } = unisat()
    const addresses = await connector.connect()
    expect(addresses).toEqual([
      { ...ordinalsEntry, purpose: "payment" },
      { ...ordinalsEntry, purpose: "ordinals" },
    ])
  })

  it("answers a sats-connect getAddresses by asking to connect when the site is not connected yet", async () => {
    // sats-connect's Unisat adapter asks requestAccounts for getAddresses, the first call of a sats-connect
    // dApp; reading getAccounts alone answered 'No address available' until something else connected.
    let connected = false
    const { connector } = unisat({
      getAccounts: async () => (connected ? [ordinalsEntry.address] : []),
      requestAccounts: async () => {
        connected = true
        return [ordinalsEntry.address]
      },
    })
    expect(await connector.request("getAddresses", { purposes: ["payment"] })).toEqual({
      addresses: [{ ...ordinalsEntry, purpose: "payment" }],
    })
  })

  it("sends the amount in satoshis, unchanged (AppKit converted it to BTC)", async () => {
    const { connector, calls } = unisat()
    expect(await connector.sendTransfer([{ recipient: paymentEntry.address, amount: "150000" }])).toBe(txid)
    expect(calls).toEqual([{ method: "sendBitcoin", args: [paymentEntry.address, 150000] }])
  })

  it("calls a transfer answered with anything but a txid malformed", async () => {
    for (const reply of [42, "", { txid: "ab".repeat(32) }, undefined]) {
      const { connector } = unisat({ sendBitcoin: async () => reply as never })
      expect(
        await failureHeadOf(connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])),
        JSON.stringify(reply),
      ).toBe("The wallet's reply to sendBitcoin is malformed")
    }
  })

  it("refuses a second recipient: 'Only one recipient is supported by this wallet provider'", async () => {
    const { connector, calls } = unisat()
    const error = await failureOf(
      connector.sendTransfer([
        { recipient: paymentEntry.address, amount: "1" },
        { recipient: ordinalsEntry.address, amount: "1" },
      ]),
    )
    expect(error.message).toBe("Only one recipient is supported by this wallet provider")
    expect(calls).toEqual([])
  })

  it("signs PSBTs as hex with every input to sign, finalizing and pushing when asked to broadcast", async () => {
    const { connector, calls } = unisat()
    const signed = await connector.signPsbt({
      psbt: samplePsbt,
      broadcast: true,
      signInputs: [
        { address: paymentEntry.address, index: 0 },
        { address: ordinalsEntry.address, index: 1, sighashTypes: [1] },
      ],
    })
    expect(calls).toEqual([
      {
        method: "signPsbt",
        args: [
          psbtHex,
          {
            autoFinalized: true,
            toSignInputs: [
              { index: 0, address: paymentEntry.address },
              { index: 1, address: ordinalsEntry.address, sighashTypes: [1] },
            ],
          },
        ],
      },
      { method: "pushPsbt", args: [psbtHex] },
    ])
    expect(signed).toEqual({ psbt: samplePsbt, txid })
  })

  it("signs messages bip322-simple for segwit and taproot, ecdsa for legacy", async () => {
    const { connector, calls } = unisat()
    await connector.signMessage({ address: ordinalsEntry.address, message: "a" })
    await connector.signMessage({ address: "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", message: "b" })
    expect(calls.map((call) => call.args)).toEqual([
      ["a", "bip322-simple"],
      ["b", "ecdsa"],
    ])
  })

  it("reports a thrown 4001 as the Bitcoin table's user rejection (-32000)", async () => {
    const { connector } = unisat({
      signMessage: async () => {
        throw { code: 4001, message: "User rejected the request." }
      },
    })
    const error = await failureOf(connector.signMessage({ address: paymentEntry.address, message: "a" }))
    expect(error).toMatchObject({
      _tag: "BitcoinRpcError",
      code: -32000,
      message: "User rejected the request.",
    })
  })
})

describe("the Unisat connector's networks", () => {
  it("switches chains by Unisat's names, refusing regtest and a Unisat without switchChain before asking", async () => {
    const switched: Array<string> = []
    const { connector } = unisat({ switchChain: async (chain) => switched.push(chain) })
    for (const network of ["Mainnet", "Testnet", "Testnet4", "Signet"] as const)
      await connector.switchNetwork(network)
    expect(switched).toEqual(["BITCOIN_MAINNET", "BITCOIN_TESTNET", "BITCOIN_TESTNET4", "BITCOIN_SIGNET"])
    expect(connector.network()).toBe("Signet")
    expect((await failureOf(connector.switchNetwork("Regtest"))).message).toBe(
      "This network is not supported by the wallet",
    )
    expect(switched).toHaveLength(4)
    expect((await failureOf(unisat().connector.switchNetwork("Signet"))).message).toBe(
      "This network is not supported by the wallet",
    )
    expect(unisat().connector.network()).toBe("Mainnet")
  })

  it("reads Unisat's network names, old and new, in its networkChanged event", async () => {
    const listeners = new Map<string, (value: unknown) => void>()
    const { connector } = unisat({ on: (event, handler) => void listeners.set(event, handler) })
    const events: Array<BitcoinWalletEvent> = []
    connector.onEvent((event) => events.push(event))
    for (const name of [
      "livenet",
      "testnet",
      7,
      ["livenet"],
      "BITCOIN_TESTNET4",
      "fractal",
      "BITCOIN_SIGNET",
      "BITCOIN_MAINNET",
      "BITCOIN_TESTNET",
    ])
      listeners.get("networkChanged")?.(name)
    expect(events.map((event) => (event._tag === "networkChanged" ? event.network : event._tag))).toEqual([
      "Mainnet",
      "Testnet",
      "Testnet4",
      "Signet",
      "Mainnet",
      "Testnet",
    ])
  })

  it("names the Unisat call a silent wallet did not answer", async () => {
    const never = () => new Promise<never>(() => {})
    const { connector } = unisat({ requestAccounts: never, sendBitcoin: never, switchChain: never })
    const silent = async (start: () => Promise<unknown>) => (await failureAfter(start)).message
    expect(await silent(() => connector.connect())).toBe(
      "The wallet did not answer requestAccounts within 300 s",
    )
    expect(
      await silent(() => connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }])),
    ).toBe("The wallet did not answer sendBitcoin within 300 s")
    expect(await silent(() => connector.switchNetwork("Signet"))).toBe(
      "The wallet did not answer switchChain within 300 s",
    )
  })

  it("serves §7 requests through its operations", async () => {
    const { connector, calls } = unisat()
    expect(await connector.request("getAddresses", { purposes: ["ordinals"] })).toEqual({
      addresses: [{ ...ordinalsEntry, purpose: "ordinals" }],
    })
    expect(calls.map((call) => call.method)).toEqual(["requestAccounts", "getPublicKey"])
  })
})
