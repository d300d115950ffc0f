import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { decodeScriptNumber, encodeScriptNumber, parseScript } from "../script/script"
import { addressFromScript, scriptFromAddress } from "./address"
import { ByteFormatError, toHex } from "./bytes"
import { decodeTransaction, encodeTransaction, type Transaction, txid } from "./transaction"

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max })

const transaction: fc.Arbitrary<Transaction> = fc
  .record({
    version: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    inputs: fc.array(
      fc.record({
        prevTxHash: bytes(32, 32),
        prevIndex: fc.nat({ max: 0xffffffff }),
        scriptSig: bytes(0, 80),
        sequence: fc.nat({ max: 0xffffffff }),
        witness: fc.array(bytes(0, 80), { maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    outputs: fc.array(
      fc.record({ value: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), script: bytes(0, 60) }),
      { maxLength: 4 },
    ),
    lockTime: fc.nat({ max: 0xffffffff }),
  })
  // A witness serialization must carry at least one witness item (BIP-144).
  .filter(
    (tx) =>
      tx.inputs.every((input) => input.witness.length === 0) ||
      tx.inputs.some((input) => input.witness.length > 0),
  )

describe("the transaction codec", () => {
  it("decodes what it encodes, with and without witnesses", () => {
    fc.assert(
      fc.property(transaction, (tx) => {
        expect(decodeTransaction(encodeTransaction(tx))).toEqual(tx)
        const withoutWitness = { ...tx, inputs: tx.inputs.map((input) => ({ ...input, witness: [] })) }
        expect(txid(decodeTransaction(encodeTransaction(tx, false)))).toBe(txid(withoutWitness))
      }),
    )
  })

  it("refuses truncated and padded bytes with a ByteFormatError, never anything else", () => {
    fc.assert(
      fc.property(transaction, fc.nat(), (tx, cut) => {
        const encoded = encodeTransaction(tx)
        const truncated = encoded.subarray(0, cut % encoded.length)
        expect(() => decodeTransaction(truncated)).toThrow(ByteFormatError)
        expect(() => decodeTransaction(Uint8Array.of(...encoded, 0))).toThrow(ByteFormatError)
      }),
    )
    fc.assert(
      fc.property(bytes(0, 200), (random) => {
        try {
          decodeTransaction(random)
        } catch (error) {
          expect(error).toBeInstanceOf(ByteFormatError)
        }
      }),
    )
  })
})

describe("script numbers and parsing", () => {
  it("round-trip every 4-byte script number minimally", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 31n) + 1n, max: 2n ** 31n - 1n }), (value) => {
        expect(decodeScriptNumber(encodeScriptNumber(value))).toBe(value)
      }),
    )
    expect(() => decodeScriptNumber(Uint8Array.of(0x01, 0x00))).toThrow("non-minimally encoded script number")
    expect(() => decodeScriptNumber(Uint8Array.of(1, 2, 3, 4, 5))).toThrow("script number overflow")
  })

  it("parses any bytes into ops or a ByteFormatError", () => {
    fc.assert(
      fc.property(bytes(0, 100), (script) => {
        try {
          parseScript(script)
        } catch (error) {
          expect(error).toBeInstanceOf(ByteFormatError)
        }
      }),
    )
  })
})

describe("addresses and output scripts", () => {
  it("map both ways for every standard type", () => {
    const program = (length: number) => bytes(length, length)
    const scripts = fc.oneof(
      program(20).map((hash) => Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac)),
      program(20).map((hash) => Uint8Array.of(0xa9, 0x14, ...hash, 0x87)),
      program(20).map((hash) => Uint8Array.of(0x00, 0x14, ...hash)),
      program(32).map((hash) => Uint8Array.of(0x00, 0x20, ...hash)),
      program(32).map((key) => Uint8Array.of(0x51, 0x20, ...key)),
    )
    fc.assert(
      fc.property(
        scripts,
        fc.constantFrom("mainnet", "testnet", "regtest") as fc.Arbitrary<"mainnet" | "testnet" | "regtest">,
        (script, network) => {
          const address = addressFromScript(script, network) as string
          expect(toHex(scriptFromAddress(address, network) as Uint8Array)).toBe(toHex(script))
        },
      ),
    )
  })

  it("names no address for OP_RETURN or bare scripts", () => {
    expect(addressFromScript(Uint8Array.of(0x6a, 0x01, 0x00), "mainnet")).toBeUndefined()
    expect(addressFromScript(Uint8Array.of(0x51), "mainnet")).toBeUndefined()
  })
})
