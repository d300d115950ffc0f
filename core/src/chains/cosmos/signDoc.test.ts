import { hex } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cosmjs } from "../../testing/cosmosVectors.testSupport"
import { U64_MAX } from "../../validation/u64"
import { type CosmosSignDoc, encodeSignDoc, signDocFromJson, signDocToJson } from "./signDoc"

/** A protobuf reader for the test alone: every (field, wire type, value) in order. */
const readFields = (bytes: Uint8Array) => {
  const fields: Array<{ field: number; value: Uint8Array | bigint }> = []
  let at = 0
  const varint = () => {
    let value = 0n
    for (let shift = 0n; ; shift += 7n) {
      const byte = bytes[at++] ?? 0
      value |= BigInt(byte & 0x7f) << shift
      if (byte < 0x80) return value
    }
  }
  while (at < bytes.length) {
    const key = Number(varint())
    if ((key & 7) === 0) fields.push({ field: key >> 3, value: varint() })
    else {
      const length = Number(varint())
      fields.push({ field: key >> 3, value: bytes.slice(at, at + length) })
      at += length
    }
  }
  return fields
}

const signDoc: fc.Arbitrary<CosmosSignDoc> = fc.record({
  bodyBytes: fc.uint8Array({ maxLength: 300 }),
  authInfoBytes: fc.uint8Array({ maxLength: 200 }),
  chainId: fc.string({ maxLength: 40 }),
  accountNumber: fc.bigInt({ min: 0n, max: U64_MAX }),
})

describe("SignDoc protobuf encoding", () => {
  it("matches cosmjs makeSignBytes", () => {
    expect(hex.encode(encodeSignDoc(cosmjs.direct.signDoc))).toBe(cosmjs.direct.signBytes)
    const empty = {
      bodyBytes: new Uint8Array(),
      authInfoBytes: new Uint8Array(),
      chainId: "",
      accountNumber: 0n,
    }
    expect(encodeSignDoc(empty)).toEqual(new Uint8Array())
  })

  it("writes each non-default field once, in field order, and reads back to the same document", () => {
    fc.assert(
      fc.property(signDoc, (doc) => {
        const fields = readFields(encodeSignDoc(doc))
        const expected = [
          ...(doc.bodyBytes.length > 0 ? [{ field: 1, value: doc.bodyBytes }] : []),
          ...(doc.authInfoBytes.length > 0 ? [{ field: 2, value: doc.authInfoBytes }] : []),
          ...(doc.chainId !== "" ? [{ field: 3, value: new TextEncoder().encode(doc.chainId) }] : []),
          ...(doc.accountNumber !== 0n ? [{ field: 4, value: doc.accountNumber }] : []),
        ]
        expect(fields).toEqual(expected)
      }),
    )
  })

  it("carries the document over WalletConnect as base64 and a decimal account number, losslessly", () => {
    expect(signDocToJson(cosmjs.direct.signDoc)).toEqual({
      chainId: "cosmoshub-4",
      accountNumber: "12345678901",
      authInfoBytes: "EgIQAQ==",
      bodyBytes: "CgMBAgM=",
    })
    fc.assert(
      fc.property(signDoc, (doc) => {
        expect(Result.getOrThrow(signDocFromJson(signDocToJson(doc)))).toEqual(doc)
      }),
    )
  })

  it("refuses an account number beyond a u64", () => {
    const json = { ...signDocToJson(cosmjs.direct.signDoc), accountNumber: (U64_MAX + 1n).toString() }
    expect(Result.isFailure(signDocFromJson(json))).toBe(true)
    expect(Result.isSuccess(signDocFromJson({ ...json, accountNumber: U64_MAX.toString() }))).toBe(true)
  })
})
