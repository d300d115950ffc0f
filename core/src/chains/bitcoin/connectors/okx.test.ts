import { base64, hex } from "@scure/base"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { failureOf, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import { makeOkxConnector, type OkxBitcoinApi } from "./okx"

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
    calls,
    connector: Effect.runSync(
      makeOkxConnector({
        wallet: { id: "okxwallet.bitcoin", name: "OKX Wallet", icon: "" },
        api,
        activeNetwork,
      }),
    ),
  }
}

describe("the OKX connector", () => {
  it("connects through okxwallet.bitcoin.connect()", async () => {
    const { connector, calls } = okx()
    expect((await Effect.runPromise(connector.connect()))[0]?.address).toBe(paymentEntry.address)
    expect(calls).toEqual([{ method: "connect", args: [] }])
  })

  it("sends from the first account with the exact BTC value of the satoshi amount", async () => {
    const { connector, calls } = okx()
    const txid = await Effect.runPromise(
      connector.sendTransfer([{ recipient: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "12345" }]),
    )
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
    await Effect.runPromise(connector.switchNetwork("Mainnet"))
    expect((await failureOf(connector.switchNetwork("Testnet4"))).message).toBe(
      "This wallet does not support switching networks",
    )
    expect(await Effect.runPromise(connector.network)).toBe("Mainnet")
  })

  it("has no raw request API: 'Wallet call is not supported' (MethodNotSupported)", async () => {
    const error = await failureOf(okx().connector.request("getAddresses", { purposes: ["payment"] }))
    expect(error).toMatchObject({ message: "Wallet call is not supported", code: -32001 })
  })

  it("passes the PSBT as hex with the inputs to sign, not finalized unless broadcasting", async () => {
    const { connector, calls } = okx()
    await Effect.runPromise(
      connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: paymentEntry.address, index: 0 }] }),
    )
    expect(calls.at(-1)).toEqual({
      method: "signPsbt",
      args: [
        hex.encode(base64.decode(samplePsbt)),
        { autoFinalized: false, toSignInputs: [{ index: 0, address: paymentEntry.address }] },
      ],
    })
  })
})
