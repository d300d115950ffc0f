import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64 } from "@scure/base"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadVectors } from "../../../testing/vectors"
import { ByteWriter, toHex } from "../encoding/bytes"
import { encodeTransaction, type Transaction, txHash } from "../encoding/transaction"
import {
  bytes,
  encodePsbtMaps as encode,
  filled,
  type PsbtPair as Pair,
  type PsbtMap,
  psbtPair as pair,
  u32,
  u64,
} from "../testing/psbtBytes"
import { summarizePsbt } from "./inspect"
import {
  decodePsbt,
  decodePsbtText,
  determineLockTime,
  type Psbt,
  type PsbtInput,
  psbtTextBytes,
} from "./psbt"

/**
 * Every rule the decoder enforces, each on its edge: the PSBT that just passes and the one that just fails,
 * with the reason a user is shown ('Invalid PSBT: {reason}'). PSBTs are built field by field below.
 */

const publicKey = secp256k1.Point.BASE.toBytes(true)
const xOnlyKey = publicKey.subarray(1)
/** 32 bytes that are no curve point's x coordinate (x = 5 is not on secp256k1). */
const notXOnlyKey = bytes(...filled(31, 0), 5)
const p2wpkhScript = bytes(0x00, 0x14, ...filled(20, 0x22))

const v2Globals = (overrides: PsbtMap = [], inputCount = 1, outputCount = 1): PsbtMap =>
  withPairs(
    [pair(0x02, u32(2)), pair(0x04, bytes(inputCount)), pair(0x05, bytes(outputCount)), pair(0xfb, u32(2))],
    overrides,
  )
const v2Input = (overrides: PsbtMap = []): PsbtMap =>
  withPairs([pair(0x0e, filled(32)), pair(0x0f, u32(1))], overrides)
const v2Output = (overrides: PsbtMap = []): PsbtMap =>
  withPairs([pair(0x03, u64(1000n)), pair(0x04, p2wpkhScript)], overrides)

/** `map` with each override replacing the pair of the same key, or added at the end. */
const withPairs = (map: PsbtMap, overrides: PsbtMap): PsbtMap => {
  const keyOf = ([k]: Pair) => toHex(k)
  const replaced = map.map((entry) => overrides.find((o) => keyOf(o) === keyOf(entry)) ?? entry)
  return [...replaced, ...overrides.filter((o) => !map.some((entry) => keyOf(entry) === keyOf(o)))]
}
const withoutType = (map: PsbtMap, type: number): PsbtMap =>
  map.filter(([k]) => k[0] !== type || k.length > 1)

const decodeV2 = (parts: { globals?: PsbtMap; input?: PsbtMap; output?: PsbtMap } = {}) =>
  decodePsbt(encode(parts.globals ?? v2Globals(), [parts.input ?? v2Input()], [parts.output ?? v2Output()]))

const reasonOf = (decoded: Result.Result<Psbt, { readonly reason: string }>): string | undefined =>
  Result.isFailure(decoded) ? decoded.failure.reason : undefined
const decoded = (result: Result.Result<Psbt, unknown>): Psbt => Result.getOrThrow(result)

const previousTx: Transaction = {
  version: 2,
  inputs: [
    { prevTxHash: filled(32, 0x33), prevIndex: 0, scriptSig: bytes(), sequence: 0xfffffffd, witness: [] },
  ],
  outputs: [
    { value: 5000n, script: p2wpkhScript },
    { value: 7000n, script: bytes(0x51, 0x20, ...xOnlyKey) },
  ],
  lockTime: 0,
}

describe("decodePsbt: the reason each BIP-174/370 test vector is refused", () => {
  const { vectors } = loadVectors<{ id: string; valid: boolean; input: string }>("psbt.json")
  const reasons: Record<string, string> = {
    "BIP-174 invalid #1": "missing the magic bytes 'psbt' 0xff",
    "BIP-174 invalid #2": "output map 0 key length: needs 1 bytes, 0 left",
    "BIP-174 invalid #3": "the unsigned transaction must have empty scriptSigs and witnesses",
    "BIP-174 invalid #4": "PSBTv0 needs PSBT_GLOBAL_UNSIGNED_TX",
    "BIP-174 invalid #5": "duplicate key 0x00 in input map 0",
    "BIP-174 invalid #6": "PSBT_GLOBAL_UNSIGNED_TX key must be one byte",
    "BIP-174 invalid #7": "input 0 field 0x01 key must be one byte",
    "BIP-174 invalid #8": "input 0 partial signature has an invalid public key",
    "BIP-174 invalid #9": "input 0 field 0x04 key must be one byte",
    "BIP-174 invalid #10": "input 0 field 0x05 key must be one byte",
    "BIP-174 invalid #11": "input 0 BIP-32 derivation has an invalid public key",
    "BIP-174 invalid #12": "input 0 field 0x00 key must be one byte",
    "BIP-174 invalid #13": "input 0 field 0x07 key must be one byte",
    "BIP-174 invalid #14": "input 1 field 0x08 key must be one byte",
    "BIP-174 invalid #15": "output 0 BIP-32 derivation has an invalid public key",
    "BIP-174 invalid #16": "input 0 field 0x03 key must be one byte",
    "BIP-174 invalid #17": "output 0 field 0x00 key must be one byte",
    "BIP-174 invalid #18": "output 1 field 0x01 key must be one byte",
    "BIP-174 invalid #19": "output script: needs 133 bytes, 105 left",
    "BIP-174 invalid #20": "transaction: 22 unexpected trailing bytes",
    "BIP-370 invalid #1": "PSBTv2 must not have PSBT_GLOBAL_UNSIGNED_TX",
    "BIP-370 invalid #2": "global field 0x02 is PSBTv2-only",
    "BIP-370 invalid #3": "global field 0x03 is PSBTv2-only",
    "BIP-370 invalid #4": "global field 0x04 is PSBTv2-only",
    "BIP-370 invalid #5": "global field 0x05 is PSBTv2-only",
    "BIP-370 invalid #6": "global field 0x06 is PSBTv2-only",
    "BIP-370 invalid #7": "input 0 field 0x0e is PSBTv2-only",
    "BIP-370 invalid #8": "input 0 field 0x0f is PSBTv2-only",
    "BIP-370 invalid #9": "input 0 field 0x10 is PSBTv2-only",
    "BIP-370 invalid #10": "input 0 field 0x11 is PSBTv2-only",
    "BIP-370 invalid #11": "input 0 field 0x12 is PSBTv2-only",
    "BIP-370 invalid #12": "output 0 field 0x03 is PSBTv2-only",
    "BIP-370 invalid #13": "output 0 field 0x04 is PSBTv2-only",
    "BIP-370 invalid #14": "PSBTv2 must not have PSBT_GLOBAL_UNSIGNED_TX",
    "BIP-370 invalid #15": "PSBTv2 needs PSBT_GLOBAL_INPUT_COUNT",
    "BIP-370 invalid #16": "PSBTv2 needs PSBT_GLOBAL_OUTPUT_COUNT",
    "BIP-370 invalid #17": "PSBTv2 needs PSBT_GLOBAL_TX_VERSION",
    "BIP-370 invalid #18": "PSBTv2 input 0 needs PSBT_IN_PREVIOUS_TXID",
    "BIP-370 invalid #19": "PSBTv2 input 0 needs PSBT_IN_OUTPUT_INDEX",
    "BIP-370 invalid #20": "PSBTv2 output 0 needs PSBT_OUT_AMOUNT",
    "BIP-370 invalid #21": "PSBTv2 output 0 needs PSBT_OUT_SCRIPT",
    "BIP-370 invalid #22": "input 0 required time locktime must be at least 500000000",
    "BIP-370 invalid #23": "input 0 required height locktime must be between 1 and 499999999",
    "BIP-370 invalid #24": "input 0 required height locktime must be between 1 and 499999999",
  }

  it("names one reason for every invalid vector", () => {
    const invalid = vectors.filter((vector) => !vector.valid).map((vector) => vector.id.split(":")[0])
    expect(invalid.sort()).toEqual(Object.keys(reasons).sort())
  })

  for (const vector of vectors.filter((candidate) => !candidate.valid)) {
    const id = vector.id.split(":")[0] as string
    it(id, () => expect(reasonOf(decodePsbtText(vector.input))).toBe(reasons[id]))
  }
})

describe("decodePsbt: the envelope", () => {
  it("needs the magic bytes and base64 text", () => {
    expect(reasonOf(decodePsbt(bytes(0x70, 0x73, 0x62, 0x74)))).toBe("missing the magic bytes 'psbt' 0xff")
    expect(reasonOf(decodePsbt(bytes(0x70, 0x73, 0x62, 0x74, 0xfe, 0)))).toBe(
      "missing the magic bytes 'psbt' 0xff",
    )
    expect(reasonOf(decodePsbtText("cHNidP8*"))).toBe("not base64 or hex")
    const valid = base64.encode(encode(v2Globals(), [v2Input()], [v2Output()]))
    expect(reasonOf(decodePsbtText(`\n ${valid} \t`))).toBeUndefined()
  })

  it("reads a PSBT's text as base64 or hex, white space anywhere ignored, one hex digit short refused", () => {
    const raw = encode(v2Globals(), [v2Input()], [v2Output()])
    const hexText = Buffer.from(raw).toString("hex")
    const b64 = base64.encode(raw)
    expect(psbtTextBytes(b64)).toEqual(raw)
    expect(psbtTextBytes(hexText.toUpperCase())).toEqual(raw)
    expect(psbtTextBytes(`${b64.slice(0, 20)}\n${b64.slice(20)}\n`)).toEqual(raw)
    expect(psbtTextBytes(`${hexText.slice(0, 30)}\n ${hexText.slice(30)}`)).toEqual(raw)
    expect(psbtTextBytes(hexText.slice(0, -1))).toBeUndefined()
    expect(psbtTextBytes(" \n")).toBeUndefined()
    expect(reasonOf(decodePsbtText(hexText))).toBeUndefined()
  })

  it("names the part of a map that runs out", () => {
    const magic = bytes(0x70, 0x73, 0x62, 0x74, 0xff)
    expect(reasonOf(decodePsbt(magic))).toBe("global map key length: needs 1 bytes, 0 left")
    expect(reasonOf(decodePsbt(bytes(...magic, 5, 0xfb, 0)))).toBe("global map key: needs 5 bytes, 2 left")
    expect(reasonOf(decodePsbt(bytes(...magic, 1, 0xfb, 4, 2, 0)))).toBe(
      "global map value: needs 4 bytes, 2 left",
    )
    expect(reasonOf(decodePsbt(bytes(...magic, 1, 0xfd, 0)))).toBe(
      "global map key type: needs 1 bytes, 0 left",
    )
    for (const [type, label] of [
      [0x04, "input count"],
      [0x05, "output count"],
    ] as const)
      expect(reasonOf(decodeV2({ globals: v2Globals([pair(type, bytes())]) }))).toBe(
        `${label}: needs 1 bytes, 0 left`,
      )
  })

  it("refuses bytes after the last output map", () => {
    const psbt = encode(v2Globals(), [v2Input()], [v2Output()])
    expect(reasonOf(decodePsbt(bytes(...psbt, 0, 0)))).toBe("PSBT: 2 unexpected trailing bytes")
  })

  it("refuses a key given twice in one map", () => {
    const globals = [...v2Globals(), pair(0xfc, bytes(1), bytes(7)), pair(0xfc, bytes(2), bytes(7))]
    expect(reasonOf(decodeV2({ globals }))).toBe("duplicate key 0xfc07 in global map")
  })

  it("reads the maps the counts announce: one input and output more or less is refused", () => {
    expect(reasonOf(decodePsbt(encode(v2Globals([], 2, 1), [v2Input()], [])))).toBe(
      "input map 1 key length: needs 1 bytes, 0 left",
    )
    expect(reasonOf(decodeV2({ globals: v2Globals([], 1, 0) }))).toBe("PSBT: 37 unexpected trailing bytes")
  })
})

describe("decodePsbt: global fields", () => {
  it("knows versions 0 and 2 only, as a 4-byte value under a one-byte key", () => {
    for (const version of [1, 3]) {
      const globals = v2Globals([pair(0xfb, u32(version))])
      expect(reasonOf(decodeV2({ globals }))).toBe(`unsupported PSBT version ${version}`)
    }
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0xfb, bytes(2, 0, 0))]) }))).toBe(
      "PSBT_GLOBAL_VERSION must be 4 bytes",
    )
    const keyed = [...withoutType(v2Globals(), 0xfb), pair(0xfb, u32(2), bytes(0))]
    expect(reasonOf(decodeV2({ globals: keyed }))).toBe("PSBT_GLOBAL_VERSION key must be one byte")
    expect(decoded(decodeV2()).version).toBe(2)
  })

  it("needs a PSBTv2 transaction version of at least 2 (a 4-byte field)", () => {
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x02, u32(1))]) }))).toBe(
      "PSBTv2 transaction version must be at least 2",
    )
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x02, u32(0xffffffff))]) }))).toBe(
      "PSBTv2 transaction version must be at least 2",
    )
    expect(decoded(decodeV2({ globals: v2Globals([pair(0x02, u32(3))]) })).txVersion).toBe(3)
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x02, bytes(2, 0, 0, 0, 0))]) }))).toBe(
      "PSBT_GLOBAL_TX_VERSION must be 4 bytes",
    )
  })

  it("takes the input and output counts as exactly one CompactSize", () => {
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x04, bytes(1, 0))]) }))).toBe(
      "PSBT_GLOBAL_INPUT_COUNT: 1 unexpected trailing bytes",
    )
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x05, bytes(1, 0))]) }))).toBe(
      "PSBT_GLOBAL_OUTPUT_COUNT: 1 unexpected trailing bytes",
    )
  })

  it("needs a 1-byte PSBT_GLOBAL_TX_MODIFIABLE", () => {
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x06, bytes(3))]) }))).toBeUndefined()
    for (const value of [bytes(), bytes(3, 0)])
      expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x06, value)]) }))).toBe(
        "PSBT_GLOBAL_TX_MODIFIABLE must be 1 byte",
      )
  })

  it("refuses key data on every one-byte global key", () => {
    const names: Record<number, string> = {
      2: "PSBT_GLOBAL_TX_VERSION",
      3: "PSBT_GLOBAL_FALLBACK_LOCKTIME",
      4: "PSBT_GLOBAL_INPUT_COUNT",
      5: "PSBT_GLOBAL_OUTPUT_COUNT",
      6: "PSBT_GLOBAL_TX_MODIFIABLE",
    }
    for (const [type, name] of Object.entries(names)) {
      const value = Number(type) === 6 ? bytes(0) : Number(type) >= 4 ? bytes(1) : u32(2)
      const globals = [...withoutType(v2Globals(), Number(type)), pair(Number(type), value, bytes(0))]
      expect(reasonOf(decodeV2({ globals })), name).toBe(`${name} key must be one byte`)
    }
  })

  it("checks a global xpub: a 78-byte extended key and a fingerprint plus whole path elements", () => {
    const xpub = (keyLength: number, value: Uint8Array) => v2Globals([pair(0x01, value, filled(keyLength))])
    expect(reasonOf(decodeV2({ globals: xpub(78, filled(4)) }))).toBeUndefined()
    expect(reasonOf(decodeV2({ globals: xpub(78, filled(12)) }))).toBeUndefined()
    for (const keyLength of [77, 79])
      expect(reasonOf(decodeV2({ globals: xpub(keyLength, filled(8)) }))).toBe(
        "PSBT_GLOBAL_XPUB key must hold a 78-byte extended key",
      )
    for (const length of [0, 3, 6, 9])
      expect(reasonOf(decodeV2({ globals: xpub(78, filled(length)) }))).toBe(
        "PSBT_GLOBAL_XPUB derivation path is malformed",
      )
  })

  it("uses the fallback locktime when no input asks for one, else 0", () => {
    expect(decoded(decodeV2({ globals: v2Globals([pair(0x03, u32(123_456))]) })).lockTime).toBe(123_456)
    expect(decoded(decodeV2()).lockTime).toBe(0)
    expect(reasonOf(decodeV2({ globals: v2Globals([pair(0x03, bytes(1, 2))]) }))).toBe(
      "PSBT_GLOBAL_FALLBACK_LOCKTIME must be 4 bytes",
    )
  })
})

describe("decodePsbt: input fields", () => {
  const inputReason = (...pairs: ReadonlyArray<Pair>) => reasonOf(decodeV2({ input: v2Input(pairs) }))
  const inputOf = (...pairs: ReadonlyArray<Pair>) =>
    decoded(decodeV2({ input: v2Input(pairs) })).inputs[0] as PsbtInput

  it("reads the previous outpoint and the sequence (0xffffffff when absent)", () => {
    const input = inputOf(pair(0x0f, u32(7)))
    expect(input.prevTxHash).toEqual(filled(32))
    expect(input.prevIndex).toBe(7)
    expect(input.sequence).toBe(0xffffffff)
    expect(inputOf(pair(0x10, u32(0xfffffffd))).sequence).toBe(0xfffffffd)
    expect(inputReason(pair(0x0e, filled(31)))).toBe("input 0 previous txid must be 32 bytes")
    expect(inputReason(pair(0x0e, filled(33)))).toBe("input 0 previous txid must be 32 bytes")
    expect(inputReason(pair(0x0f, bytes(1, 0, 0)))).toBe("input 0 output index must be 4 bytes")
    expect(inputReason(pair(0x10, bytes(1, 0, 0, 0, 0)))).toBe("input 0 sequence must be 4 bytes")
  })

  it("refuses key data on every one-byte input key", () => {
    const values: Record<number, Uint8Array> = {
      0: encodeTransaction(previousTx),
      1: u64(1n),
      3: u32(1),
      4: bytes(),
      5: bytes(),
      7: bytes(),
      8: bytes(0),
      14: filled(32),
      15: u32(0),
      16: u32(0),
      17: u32(500_000_000),
      18: u32(1),
      19: filled(64),
      23: xOnlyKey,
      24: filled(32),
    }
    for (const [type, value] of Object.entries(values)) {
      const field = `0x${Number(type).toString(16).padStart(2, "0")}`
      const input = [...withoutType(v2Input(), Number(type)), pair(Number(type), value, bytes(1))]
      expect(reasonOf(decodeV2({ input })), field).toBe(`input 0 field ${field} key must be one byte`)
    }
  })

  it("takes the spent output from the witness UTXO, else from the previous transaction at the index", () => {
    const witnessUtxo = new ByteWriter().u64(4321n).varBytes(p2wpkhScript).finish()
    expect(inputOf(pair(0x01, witnessUtxo)).spentOutput).toEqual({ value: 4321n, script: p2wpkhScript })
    expect(inputReason(pair(0x01, bytes(...witnessUtxo, 0)))).toBe(
      "input 0 witness UTXO: 1 unexpected trailing bytes",
    )
    const spending = [pair(0x0e, txHash(previousTx)), pair(0x0f, u32(1))]
    const fromTx = inputOf(...spending, pair(0x00, encodeTransaction(previousTx)))
    expect(fromTx.spentOutput).toEqual(previousTx.outputs[1])
    expect(fromTx.nonWitnessUtxo?.outputs).toHaveLength(2)
    expect(inputOf(...spending).spentOutput).toBeUndefined()
    const both = inputOf(...spending, pair(0x00, encodeTransaction(previousTx)), pair(0x01, witnessUtxo))
    expect(both.spentOutput?.value).toBe(4321n)
  })

  it("refuses a previous transaction that is not the one the input spends", () => {
    expect(inputReason(pair(0x00, encodeTransaction(previousTx)))).toBe(
      "input 0 non-witness UTXO is not the transaction it spends",
    )
  })

  it("refuses a previous transaction with no output at the input's index (Bitcoin Core's rule), not a fee 'unknown'", () => {
    // previousTx has outputs 0 and 1: index 2 names an output that does not exist.
    expect(
      inputReason(
        pair(0x0e, txHash(previousTx)),
        pair(0x0f, u32(2)),
        pair(0x00, encodeTransaction(previousTx)),
      ),
    ).toBe("input 0 spends output 2, but its non-witness UTXO has 2 outputs")
  })

  it("keeps partial signatures under valid public keys, refusing any other key", () => {
    const input = inputOf(pair(0x02, bytes(0x30, 1), publicKey), pair(0x03, u32(0x83)))
    expect(input.partialSignatures).toEqual([{ publicKey, signature: bytes(0x30, 1) }])
    expect(input.sighashType).toBe(0x83)
    expect(inputOf(pair(0x02, bytes(1), secp256k1.Point.BASE.toBytes(false))).partialSignatures).toHaveLength(
      1,
    )
    expect(inputReason(pair(0x02, bytes(1), bytes(2, ...notXOnlyKey)))).toBe(
      "input 0 partial signature has an invalid public key",
    )
    expect(inputReason(pair(0x02, bytes(1), publicKey.subarray(0, 32)))).toBe(
      "input 0 partial signature has an invalid public key",
    )
    expect(inputReason(pair(0x03, bytes(1)))).toBe("input 0 sighash type must be 4 bytes")
  })

  it("keeps the scripts and the final witness", () => {
    const input = inputOf(
      pair(0x04, bytes(0x51)),
      pair(0x05, bytes(0x52)),
      pair(0x07, bytes(0x53)),
      pair(0x08, bytes(2, 1, 0xaa, 0)),
    )
    expect([input.redeemScript, input.witnessScript, input.finalScriptSig]).toEqual([
      bytes(0x51),
      bytes(0x52),
      bytes(0x53),
    ])
    expect(input.finalScriptWitness).toEqual([bytes(0xaa), bytes()])
    expect(inputReason(pair(0x08, bytes(1, 0, 0)))).toBe("input 0 final witness: 1 unexpected trailing bytes")
  })

  it("checks a BIP-32 derivation's key and path", () => {
    expect(inputReason(pair(0x06, filled(8), publicKey))).toBeUndefined()
    expect(inputReason(pair(0x06, filled(5), publicKey))).toBe("input 0 derivation path is malformed")
    expect(inputReason(pair(0x06, filled(8), publicKey.subarray(1)))).toBe(
      "input 0 BIP-32 derivation has an invalid public key",
    )
  })

  it("keys hash preimages by 20-byte (RIPEMD160, HASH160) and 32-byte (SHA256, HASH256) hashes", () => {
    for (const [type, length] of [
      [0x0a, 20],
      [0x0b, 32],
      [0x0c, 20],
      [0x0d, 32],
    ] as const) {
      const field = `input 0 field 0x0${type.toString(16)}`
      expect(inputReason(pair(type, bytes(1), filled(length)))).toBeUndefined()
      expect(inputReason(pair(type, bytes(1), filled(length - 1)))).toBe(
        `${field} key must hold a ${length}-byte hash`,
      )
      expect(inputReason(pair(type, bytes(1), filled(length + 1)))).toBe(
        `${field} key must hold a ${length}-byte hash`,
      )
    }
  })

  it("requires a time locktime of at least 500000000 and a height locktime between 1 and 499999999", () => {
    expect(inputReason(pair(0x11, bytes(0, 0, 0)))).toBe("input 0 required time locktime must be 4 bytes")
    expect(inputReason(pair(0x12, bytes(1, 0, 0)))).toBe("input 0 required height locktime must be 4 bytes")
    expect(inputOf(pair(0x11, u32(500_000_000))).requiredTimeLocktime).toBe(500_000_000)
    expect(inputReason(pair(0x11, u32(499_999_999)))).toBe(
      "input 0 required time locktime must be at least 500000000",
    )
    expect(inputOf(pair(0x12, u32(1))).requiredHeightLocktime).toBe(1)
    expect(inputOf(pair(0x12, u32(499_999_999))).requiredHeightLocktime).toBe(499_999_999)
    for (const height of [0, 500_000_000])
      expect(inputReason(pair(0x12, u32(height)))).toBe(
        "input 0 required height locktime must be between 1 and 499999999",
      )
  })

  it("accepts 64- or 65-byte taproot signatures only", () => {
    expect(inputOf(pair(0x13, filled(64))).tapKeySignature).toEqual(filled(64))
    expect(inputOf(pair(0x13, filled(65))).tapKeySignature).toEqual(filled(65))
    for (const length of [63, 66])
      expect(inputReason(pair(0x13, filled(length)))).toBe(
        "input 0 taproot key signature must be 64 or 65 bytes",
      )
    const scriptKey = bytes(...xOnlyKey, ...filled(32))
    const counted = inputOf(
      pair(0x14, filled(64), scriptKey),
      pair(0x14, filled(65), bytes(...xOnlyKey, ...filled(32, 9))),
    )
    expect(counted.tapScriptSignatureCount).toBe(2)
    expect(inputOf().tapScriptSignatureCount).toBe(0)
    for (const length of [63, 66])
      expect(inputReason(pair(0x14, filled(length), scriptKey))).toBe(
        "input 0 taproot script signature must be 64 or 65 bytes",
      )
    for (const badKey of [
      scriptKey.subarray(0, 63),
      bytes(...scriptKey, 0),
      bytes(...notXOnlyKey, ...filled(32)),
    ])
      expect(inputReason(pair(0x14, filled(64), badKey))).toBe(
        "input 0 taproot script signature key is malformed",
      )
  })

  it("checks the taproot control block, derivation key, internal key and merkle root", () => {
    for (const length of [33, 65, 97])
      expect(inputReason(pair(0x15, bytes(0xc0), filled(length)))).toBeUndefined()
    for (const length of [1, 32, 34, 64])
      expect(inputReason(pair(0x15, bytes(0xc0), filled(length)))).toBe(
        "input 0 taproot control block is malformed",
      )
    expect(inputReason(pair(0x16, filled(5), xOnlyKey))).toBeUndefined()
    expect(inputReason(pair(0x16, filled(5), notXOnlyKey))).toBe(
      "input 0 taproot derivation key is malformed",
    )
    expect(inputReason(pair(0x16, filled(5), publicKey))).toBe("input 0 taproot derivation key is malformed")
    expect(inputReason(pair(0x17, xOnlyKey))).toBeUndefined()
    expect(inputReason(pair(0x17, notXOnlyKey))).toBe("input 0 taproot internal key is malformed")
    expect(inputReason(pair(0x18, filled(32)))).toBeUndefined()
    for (const length of [31, 33])
      expect(inputReason(pair(0x18, filled(length)))).toBe("input 0 taproot merkle root must be 32 bytes")
  })

  it("passes unknown and proprietary fields over", () => {
    expect(inputReason(pair(0x19, filled(3), filled(2)), pair(0xfc, bytes(1), bytes(1, 2)))).toBeUndefined()
  })
})

describe("decodePsbt: output fields", () => {
  const outputReason = (...pairs: ReadonlyArray<Pair>) => reasonOf(decodeV2({ output: v2Output(pairs) }))

  it("reads the amount (8 bytes) and the script", () => {
    const psbt = decoded(decodeV2({ output: v2Output([pair(0x03, u64(2_100_000_000_000_000n))]) }))
    expect(psbt.outputs).toEqual([{ value: 2_100_000_000_000_000n, script: p2wpkhScript }])
    for (const length of [7, 9])
      expect(outputReason(pair(0x03, filled(length)))).toBe("output 0 amount must be 8 bytes")
  })

  it("refuses key data on the one-byte output keys", () => {
    for (const [type, value] of [
      [0x00, bytes()],
      [0x01, bytes()],
      [0x03, u64(1n)],
      [0x04, p2wpkhScript],
      [0x05, xOnlyKey],
    ] as const) {
      const output = [...withoutType(v2Output(), type), pair(type, value, bytes(1))]
      expect(reasonOf(decodeV2({ output }))).toBe(`output 0 field 0x0${type} key must be one byte`)
    }
  })

  it("checks derivation keys and paths and the taproot keys", () => {
    expect(outputReason(pair(0x02, filled(4), publicKey))).toBeUndefined()
    expect(outputReason(pair(0x02, filled(7), publicKey))).toBe("output 0 derivation path is malformed")
    expect(outputReason(pair(0x05, xOnlyKey))).toBeUndefined()
    expect(outputReason(pair(0x05, notXOnlyKey))).toBe("output 0 taproot internal key is malformed")
    expect(outputReason(pair(0x07, filled(5), xOnlyKey))).toBeUndefined()
    expect(outputReason(pair(0x07, filled(5), filled(31)))).toBe(
      "output 0 taproot derivation key is malformed",
    )
  })
})

describe("determineLockTime (BIP-370)", () => {
  const input = (locks: { time?: number; height?: number }) =>
    ({ requiredTimeLocktime: locks.time, requiredHeightLocktime: locks.height }) as PsbtInput

  it("is the fallback (else 0) when no input asks", () => {
    expect(determineLockTime([input({})], 77)).toBe(77)
    expect(determineLockTime([], undefined)).toBe(0)
  })

  it("prefers heights when every constrained input can use one, at the largest value asked", () => {
    expect(
      determineLockTime([input({ height: 9000 }), input({ height: 10_000, time: 600_000_000 })], 5),
    ).toBe(10_000)
    expect(determineLockTime([input({ height: 10_000 }), input({})], 5)).toBe(10_000)
  })

  it("uses times when some input has only a time, and nothing when no field suits every input", () => {
    expect(
      determineLockTime([input({ time: 600_000_001 }), input({ time: 600_000_000, height: 9000 })], 5),
    ).toBe(600_000_001)
    expect(determineLockTime([input({ time: 600_000_000 }), input({ height: 9000 })], 5)).toBeUndefined()
  })
})

describe("summarizePsbt on built PSBTs", () => {
  const witnessUtxo = (value: bigint, script: Uint8Array) =>
    new ByteWriter().u64(value).varBytes(script).finish()
  const taprootScript = bytes(0x51, 0x20, ...xOnlyKey)

  it("lists the outpoint in display order, the spent amount and address, signatures and finalization", () => {
    const signedInput = v2Input([
      pair(0x0e, bytes(...filled(31, 0), 0xab)),
      pair(0x0f, u32(3)),
      pair(0x10, u32(0xfffffffe)),
      pair(0x01, witnessUtxo(6000n, taprootScript)),
      pair(0x13, filled(64)),
      pair(0x14, filled(64), bytes(...xOnlyKey, ...filled(32))),
      pair(0x02, bytes(0x30), publicKey),
    ])
    const finalInput = v2Input([pair(0x01, witnessUtxo(500n, p2wpkhScript)), pair(0x08, bytes(1, 1, 0xaa))])
    const psbt = decodePsbt(
      encode(
        v2Globals([pair(0x02, u32(3)), pair(0x03, u32(99))], 2, 2),
        [signedInput, finalInput],
        [v2Output([pair(0x03, u64(4000n))]), v2Output([pair(0x03, u64(1500n)), pair(0x04, bytes(0x6a))])],
      ),
    )
    const summary = summarizePsbt(decoded(psbt), "testnet")
    expect(summary).toMatchObject({
      version: 2,
      txVersion: 3,
      lockTime: 99,
      totalOutput: 5500n,
      totalInput: 6500n,
      fee: 1000n,
    })
    expect(summary.inputs[0]).toEqual({
      index: 0,
      txid: `ab${"00".repeat(31)}`,
      vout: 3,
      sequence: 0xfffffffe,
      value: 6000n,
      address: expect.stringMatching(/^tb1p/),
      signatures: 3,
      signed: true,
      finalized: false,
    })
    expect(summary.inputs[1]).toMatchObject({
      index: 1,
      value: 500n,
      signatures: 0,
      signed: true,
      finalized: true,
    })
    expect(summary.inputs[1]?.address).toMatch(/^tb1q/)
    expect(summary.outputs).toEqual([
      { index: 0, value: 4000n, address: expect.stringMatching(/^tb1q/), script: toHex(p2wpkhScript) },
      { index: 1, value: 1500n, address: undefined, script: "6a" },
    ])
  })

  it("gives mainnet addresses by default, a negative fee when overspent, no fee when an amount is unknown", () => {
    const spending = (value: bigint) => v2Input([pair(0x01, witnessUtxo(value, p2wpkhScript))])
    const overspent = summarizePsbt(decoded(decodeV2({ input: spending(999n) })))
    expect(overspent.fee).toBe(-1n)
    expect(overspent.inputs[0]).toMatchObject({ signed: false, finalized: false, signatures: 0 })
    expect(overspent.outputs[0]?.address).toMatch(/^bc1q/)
    expect(summarizePsbt(decoded(decodeV2({ input: spending(1000n) }))).fee).toBe(0n)
    const unknown = summarizePsbt(decoded(decodeV2()))
    expect([unknown.totalInput, unknown.fee, unknown.inputs[0]?.address]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(unknown.totalOutput).toBe(1000n)
  })
})
