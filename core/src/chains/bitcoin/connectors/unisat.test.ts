import { base64, hex } from "@scure/base"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { failureOf, ordinalsEntry, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
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
    connector: Effect.runSync(
      makeUnisatConnector({ wallet: { id: "unisat", name: "Unisat", icon: "" }, api }),
    ),
  }
}

describe("the Unisat connector", () => {
  it("offers its one account for payments and ordinals, with an x-only key for taproot", async () => {
    const { connector } = unisat()
    const addresses = await Effect.runPromise(connector.connect())
    expect(addresses).toEqual([
      { ...ordinalsEntry, purpose: "payment" },
      { ...ordinalsEntry, purpose: "ordinals" },
    ])
  })

  it("sends the amount in satoshis, unchanged (AppKit converted it to BTC)", async () => {
    const { connector, calls } = unisat()
    expect(
      await Effect.runPromise(
        connector.sendTransfer([{ recipient: paymentEntry.address, amount: "150000" }]),
      ),
    ).toBe(txid)
    expect(calls).toEqual([{ method: "sendBitcoin", args: [paymentEntry.address, 150000] }])
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
    const signed = await Effect.runPromise(
      connector.signPsbt({
        psbt: samplePsbt,
        broadcast: true,
        signInputs: [
          { address: paymentEntry.address, index: 0 },
          { address: ordinalsEntry.address, index: 1, sighashTypes: [1] },
        ],
      }),
    )
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
    await Effect.runPromise(connector.signMessage({ address: ordinalsEntry.address, message: "a" }))
    await Effect.runPromise(
      connector.signMessage({ address: "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", message: "b" }),
    )
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
