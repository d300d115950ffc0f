import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64 } from "@scure/base"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { inProcessWallet } from "../../testing/cosmosWallet"
import { getCosmosAccounts } from "./getAccounts"

describe("getCosmosAccounts", () => {
  it("asks cosmos_getAccounts and returns each account with its key as bytes", async () => {
    const wallet = inProcessWallet()
    const accounts = await Effect.runPromise(getCosmosAccounts(wallet.request))
    expect(wallet.requests).toEqual([{ method: "cosmos_getAccounts", params: {} }])
    expect(accounts).toEqual([{ algo: "secp256k1", address: wallet.address, pubkey: wallet.publicKey }])
  })

  it("refuses an account whose secp256k1 key is not the address's key, or whose address is not cosmos", async () => {
    const otherKey = base64.encode(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()))
    const replies = [
      (address: string) => [{ algo: "secp256k1", address, pubkey: otherKey }],
      () => [{ algo: "secp256k1", address: "0x0000000000000000000000000000000000000000", pubkey: otherKey }],
      (address: string) => [{ algo: "secp256k1", address, pubkey: "not base64" }],
      () => ({ accounts: [] }),
    ]
    for (const reply of replies) {
      const wallet = inProcessWallet()
      const lying = inProcessWallet(() => reply(wallet.address))
      const exit = await Effect.runPromiseExit(getCosmosAccounts(lying.request))
      expect(exit).toMatchObject(Exit.fail({ _tag: "CosmosSignatureError", reason: "invalidReply" }))
    }
  })

  it("keeps accounts of other key types, whose addresses derive differently", async () => {
    const wallet = inProcessWallet()
    const ethermint = inProcessWallet(() => [
      { algo: "ethsecp256k1", address: wallet.address, pubkey: base64.encode(new Uint8Array(33)) },
    ])
    const accounts = await Effect.runPromise(getCosmosAccounts(ethermint.request))
    expect(accounts.map((account) => account.algo)).toEqual(["ethsecp256k1"])
  })
})
