import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { BitcoinAddressEntry, SignPsbtResult as SignPsbtResultSchema } from "../../../domain/bitcoin"
import { BitcoinRpcError } from "../../../errors/bitcoin"
import { samplePsbt, thrownBy } from "../testing/fakeWallets"
import { knownAddressEntries, SendTransferResult, SignMessageResult, SignPsbtResult } from "./methods"
import { decodeResult, readAs } from "./replyShape"

// Replies close to the shapes, so both sides of each rule are reached.
const text = fc.oneof(
  fc.constantFrom("", "payment", "ordinals", "stacks", "p2tr", "p2wpkh", "software", "ledger", "bc1q"),
  fc.string(),
)
const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.constant(undefined))
const addressEntry = fc.record(
  { address: value, purpose: value, publicKey: value, addressType: value, walletType: value, extra: value },
  { requiredKeys: [] },
)
const psbtText = fc.oneof(
  fc.constantFrom(samplePsbt, `${samplePsbt}=`, samplePsbt.slice(0, -1), "cHNidP8=", "cHNidP8A", "abc"),
  fc.string(),
)
const txid = fc.oneof(fc.constantFrom("ab".repeat(32), "AB".repeat(32), "ab".repeat(31)), fc.string())
const signedPsbt = fc.record({ psbt: psbtText, txid, other: value }, { requiredKeys: [] })

describe("wallet reply guards", () => {
  it("take an address entry exactly when the §3 Schema does, and keep only its fields", () => {
    const isEntry = Schema.is(BitcoinAddressEntry)
    fc.assert(
      fc.property(addressEntry, (entry) => {
        const known = knownAddressEntries([entry])
        expect(known.length === 1, JSON.stringify(entry)).toBe(isEntry(entry))
        if (known.length === 1) expect(known[0]).toEqual(Schema.decodeUnknownSync(BitcoinAddressEntry)(entry))
      }),
    )
  })

  it("take a signed PSBT exactly when the §3 Schema does", () => {
    const isSigned = Schema.is(SignPsbtResultSchema)
    fc.assert(
      fc.property(signedPsbt, (reply) => {
        expect(readAs(SignPsbtResult, reply) !== undefined, JSON.stringify(reply)).toBe(isSigned(reply))
      }),
    )
  })

  it("give a malformed reply as the wallet's internal error naming the request and what was wrong", () => {
    const error = thrownBy(() => decodeResult("sendTransfer", SendTransferResult)({ txid: "nope" }))
    expect(error).toBeInstanceOf(BitcoinRpcError)
    expect(error).toMatchObject({
      code: -32603,
      message: 'The wallet\'s reply to sendTransfer is malformed: Expected a txid, got "nope" at ["txid"]',
    })
    expect((thrownBy(() => decodeResult("signMessage", SignMessageResult)(null)) as Error).message).toBe(
      "The wallet's reply to signMessage is malformed: Expected an object, got null",
    )
    expect(decodeResult("signMessage", SignMessageResult)({ signature: "c2ln", address: undefined })).toEqual(
      {
        signature: "c2ln",
      },
    )
  })

  it("never crash on any reply: a value of the shape or the typed error", () => {
    fc.assert(
      fc.property(fc.anything(), (reply) => {
        for (const decode of [
          decodeResult("signPsbt", SignPsbtResult),
          decodeResult("signMessage", SignMessageResult),
          decodeResult("sendTransfer", SendTransferResult),
        ]) {
          const error = thrownBy(() => decode(reply))
          if (error !== undefined) expect(error).toBeInstanceOf(BitcoinRpcError)
        }
      }),
    )
  })
})
