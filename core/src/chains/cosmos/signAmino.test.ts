import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { inProcessWallet, osmosisAddressOf, wrongChainSigner } from "../../testing/cosmosWallet"
import { type AminoSignDoc, makeAdr036SignDoc } from "./adr036"
import { signCosmosAdr036, signCosmosAmino } from "./signAmino"

const sendDoc = (address: string): AminoSignDoc => ({
  chain_id: "cosmoshub-4",
  account_number: "1",
  sequence: "0",
  fee: { amount: [], gas: "200000" },
  msgs: [{ type: "cosmos-sdk/MsgSend", value: { from_address: address, amount: [] } }],
  memo: "",
})

describe("signCosmosAmino", () => {
  it("sends cosmos_signAmino with the signer and the document, and checks the signature", async () => {
    const wallet = inProcessWallet()
    const signDoc = sendDoc(wallet.address)
    const response = await Effect.runPromise(
      signCosmosAmino(wallet.request, { signerAddress: wallet.address, signDoc }),
    )
    expect(wallet.requests).toEqual([
      { method: "cosmos_signAmino", params: { signerAddress: wallet.address, signDoc } },
    ])
    expect(response.signed).toEqual(signDoc)
  })

  it("verifies over the document the wallet returned, fields it added included", async () => {
    // A wallet that sets the fee (with a field AppKit does not model) before signing.
    const edit = (doc: AminoSignDoc) => ({
      ...doc,
      fee: { amount: [{ denom: "uatom", amount: "500" }], gas: "250000", granter: "" },
    })
    const editing = inProcessWallet((rpc, { signAmino }) => {
      const signed = edit((rpc.params as { signDoc: AminoSignDoc }).signDoc)
      return { signed, signature: signAmino(signed) }
    })
    const signDoc = sendDoc(editing.address)
    const response = await Effect.runPromise(
      signCosmosAmino(editing.request, { signerAddress: editing.address, signDoc }),
    )
    expect(response.signed).toEqual(edit(signDoc))
    // Returning the edited document with the signature of the original one does not verify.
    const lying = inProcessWallet((rpc, { signAmino }) => {
      const asked = (rpc.params as { signDoc: AminoSignDoc }).signDoc
      return { signed: edit(asked), signature: signAmino(asked) }
    })
    const exit = await Effect.runPromiseExit(
      signCosmosAmino(lying.request, { signerAddress: lying.address, signDoc: sendDoc(lying.address) }),
    )
    expect(exit).toMatchObject(Exit.fail({ _tag: "CosmosSignatureError", reason: "invalidSignature" }))
  })

  it("refuses a signer whose bech32 prefix is not the document chain's (osmo1… on cosmoshub-4) before asking", async () => {
    const wallet = inProcessWallet()
    const osmo = osmosisAddressOf(wallet.address)
    const exit = await Effect.runPromiseExit(
      signCosmosAmino(wallet.request, { signerAddress: osmo, signDoc: sendDoc(osmo) }),
    )
    expect(exit).toMatchObject(wrongChainSigner(osmo))
    expect(wallet.requests).toEqual([])
  })

  it("refuses a bad signer or document before asking the wallet", async () => {
    const wallet = inProcessWallet()
    const badSigner = await Effect.runPromiseExit(
      signCosmosAmino(wallet.request, { signerAddress: "cosmos1nope", signDoc: sendDoc(wallet.address) }),
    )
    expect(badSigner).toMatchObject(Exit.fail({ reason: "invalidAddress" }))
    const badDoc = { ...sendDoc(wallet.address), sequence: 0 } as unknown as AminoSignDoc
    const refused = await Effect.runPromiseExit(
      signCosmosAmino(wallet.request, { signerAddress: wallet.address, signDoc: badDoc }),
    )
    expect(refused).toMatchObject(Exit.fail({ reason: "invalidSignDoc" }))
    expect(wallet.requests).toEqual([])
  })

  it("refuses replies that are not a signed document", async () => {
    for (const reply of [
      null,
      { signature: "x" },
      { signed: {}, signature: { pub_key: {}, signature: "" } },
    ]) {
      const wallet = inProcessWallet(() => reply)
      const exit = await Effect.runPromiseExit(
        signCosmosAmino(wallet.request, { signerAddress: wallet.address, signDoc: sendDoc(wallet.address) }),
      )
      expect(exit).toMatchObject(Exit.fail({ reason: "invalidReply" }))
    }
  })

  it("passes the wallet's own refusal through", async () => {
    const rejected = new ProviderRpcError({ code: 4001, message: "User rejected the request." })
    const exit = await Effect.runPromiseExit(
      signCosmosAmino(() => Effect.fail(rejected), {
        signerAddress: inProcessWallet().address,
        signDoc: sendDoc("x"),
      }),
    )
    expect(exit).toEqual(Exit.fail(rejected))
  })
})

describe("signCosmosAdr036", () => {
  it("signs arbitrary data as the ADR-036 document", async () => {
    const wallet = inProcessWallet()
    const response = await Effect.runPromise(
      signCosmosAdr036(wallet.request, { signer: wallet.address, data: "sign in" }),
    )
    expect(wallet.requests[0]?.params).toEqual({
      signerAddress: wallet.address,
      signDoc: makeAdr036SignDoc(wallet.address, "sign in"),
    })
    expect(response.signed).toEqual(makeAdr036SignDoc(wallet.address, "sign in"))
  })

  it("refuses a wallet that signed a different document, even with a valid signature", async () => {
    const wallet = inProcessWallet((rpc, { signAmino }) => {
      const signed = { ...(rpc.params as { signDoc: AminoSignDoc }).signDoc, memo: "changed" }
      return { signed, signature: signAmino(signed) }
    })
    const exit = await Effect.runPromiseExit(
      signCosmosAdr036(wallet.request, { signer: wallet.address, data: "x" }),
    )
    expect(exit).toMatchObject(Exit.fail({ _tag: "CosmosSignatureError", reason: "invalidReply" }))
  })
})
