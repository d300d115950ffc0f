import { sha256 } from "@noble/hashes/sha2.js"
import { base64 } from "@scure/base"
import { describe, expect, it } from "vitest"
import { loadVectors } from "../../../testing/vectors"
import { scriptFromAddress } from "../encoding/address"
import { ByteWriter, toReversedHex } from "../encoding/bytes"
import { encodeTransaction, type Transaction, txHash, writeWitness } from "../encoding/transaction"
import { bytes, encodePsbtMaps, filled, psbtPair } from "../testing/psbtBytes"
import { bip322ToSign, bip322ToSpend, verifyBip322 } from "./bip322"

/**
 * BIP-322 verdicts on their edges. Most signatures here are for a P2WSH output whose script is OP_TRUE: its
 * witness is the script alone, so `to_sign` can be shaped freely (versions, locktimes, extra inputs, outputs)
 * and still pass the script check, leaving exactly the rule under test to decide.
 */

const opTrue = bytes(0x51)
const anyoneCanSpend = bytes(0x00, 0x20, ...sha256(opTrue))
const message = "gm"
const witnessBytes = (witness: ReadonlyArray<Uint8Array>) => writeWitness(new ByteWriter(), witness).finish()
const toSpend = bip322ToSpend(message, anyoneCanSpend)

/** `to_sign` spending to_spend with the OP_TRUE witness, changed by `change`. */
const toSign = (change: Partial<Transaction> = {}): Transaction => ({
  ...bip322ToSign(toSpend, [opTrue]),
  ...change,
})
const full = (tx: Transaction) => `ful${base64.encode(encodeTransaction(tx))}`
const verify = (signature: string, script = anyoneCanSpend) => verifyBip322(message, script, signature)
const spendInput = (prevTxHash: Uint8Array, prevIndex: number) => ({
  prevTxHash,
  prevIndex,
  scriptSig: bytes(),
  sequence: 0,
  witness: [opTrue],
})

describe("verifyBip322 on the published vectors: the verdict, not just valid or not", () => {
  const { vectors } = loadVectors<{
    id: string
    section: string
    input: { message: string; address: string; signature: string }
  }>("bip322.json")
  const verdictOf = (id: string) => {
    const vector = vectors.find((candidate) => candidate.id.startsWith(id))
    if (!vector) throw new Error(`no vector ${id}`)
    const { message: text, address, signature } = vector.input
    return verifyBip322(text, scriptFromAddress(address) as Uint8Array, signature)
  }

  it("a simple signature is valid at lockTime 0 and sequence 0, proving no outputs", () => {
    for (const id of ["simple: p2wpkh: 'Hello World' #0", "legacy-unprefixed simple: p2wpkh: '' #1"])
      expect(verdictOf(id)).toEqual({
        valid: true,
        format: "simple",
        lockTime: 0,
        sequence: 0,
        provenOutputs: [],
      })
  })

  it("a full signature reports to_sign's lockTime and first sequence", () => {
    expect(verdictOf("full: p2tr-time-lock")).toEqual({
      valid: true,
      format: "full",
      lockTime: 2016,
      sequence: 2016,
      provenOutputs: [],
    })
  })

  it("a proof of funds lists each further input's outpoint and amount", () => {
    expect(verdictOf("proof_of_funds: p2pkh: '2JNEDD7IJDSYLREMJ6Q7PTCQJD'")).toEqual({
      valid: true,
      format: "proofOfFunds",
      lockTime: 123,
      sequence: 456,
      provenOutputs: [
        { outpoint: "e563928cc270911ad66ee44bef001b060518775d5e4491fa08a7124052e2260c:0", value: 345_678n },
        { outpoint: "fe203de265d8e2b4c9db7a0c9a20fa0393bd1bdf7d22c8f9103a71a9b26ea737:0", value: 345_678n },
      ],
    })
  })

  it("says why a signature is refused, with its format once decoded", () => {
    const refused = (reason: string, format?: string) => ({
      valid: false,
      inconclusive: false,
      reason,
      ...(format ? { format } : {}),
    })
    expect(verdictOf("error: invalid base64 encoding")).toEqual(refused("signature is not valid base64"))
    expect(verdictOf("error: empty signature")).toEqual(refused("signature is not valid base64"))
    expect(verdictOf("error: empty witness stack")).toEqual(refused("the witness stack is empty", "simple"))
    expect(verdictOf("error: incorrect prefix type")).toEqual(refused("signature is not a transaction"))
    expect(verdictOf("error: wrong message for valid simple p2wpkh")).toEqual(
      refused("input 0: signature does not verify", "simple"),
    )
    expect(verdictOf("error: wrong signer for p2wpkh simple")).toEqual(
      refused("input 0: OP_EQUALVERIFY failed", "simple"),
    )
    expect(verdictOf("error: wrong message for p2wpkh full")).toEqual(
      refused("the first input does not spend to_spend (wrong message or address)", "full"),
    )
  })
})

describe("verifyBip322: decoding the three encodings", () => {
  it("accepts the OP_TRUE spend as a simple signature, prefixed or not, blanks around it ignored", () => {
    const witness = base64.encode(witnessBytes([opTrue]))
    for (const signature of [`smp${witness}`, witness, ` smp${witness}\n`])
      expect(verify(signature)).toMatchObject({ valid: true, format: "simple" })
  })

  it("refuses an empty or non-base64 body under each prefix", () => {
    for (const prefix of ["smp", "ful", "pof"]) {
      expect(verify(prefix)).toMatchObject({ valid: false, reason: "signature is not valid base64" })
      expect(verify(`${prefix}@@@@`)).toMatchObject({ valid: false, reason: "signature is not valid base64" })
    }
  })

  it("names what the body under each prefix failed to be", () => {
    const trailing = base64.encode(bytes(...witnessBytes([opTrue]), 0))
    expect(verify(`smp${trailing}`)).toEqual({
      valid: false,
      inconclusive: false,
      reason: "signature is not a witness stack",
    })
    expect(verify(`ful${base64.encode(bytes(1, 2, 3))}`)).toMatchObject({
      reason: "signature is not a transaction",
    })
    expect(verify(`pof${base64.encode(bytes(1, 2, 3, 4, 5))}`)).toMatchObject({
      reason: "signature is not a PSBT: Invalid PSBT: missing the magic bytes 'psbt' 0xff",
    })
    expect(verify(base64.encode(bytes(1, 2, 3)))).toMatchObject({
      reason: "signature is neither a witness stack nor a transaction",
    })
  })

  it("reads an unprefixed transaction as a full signature", () => {
    const tx = toSign({ version: 2, lockTime: 5 })
    expect(verify(base64.encode(encodeTransaction(tx)))).toMatchObject({
      valid: true,
      format: "full",
      lockTime: 5,
    })
  })
})

describe("verifyBip322: the rules on to_sign", () => {
  it("reports a full signature's lockTime and first-input sequence, for versions 0 and 2", () => {
    const tx = toSign({ version: 2, lockTime: 840_000 })
    const input = { ...(tx.inputs[0] as Transaction["inputs"][number]), sequence: 144 }
    expect(verify(full({ ...tx, inputs: [input] }))).toEqual({
      valid: true,
      format: "full",
      lockTime: 840_000,
      sequence: 144,
      provenOutputs: [],
    })
    expect(verify(full(toSign({ version: 0 })))).toMatchObject({ valid: true })
  })

  it("is inconclusive for any other to_sign version", () => {
    for (const version of [1, 3])
      expect(verify(full(toSign({ version })))).toEqual({
        valid: false,
        inconclusive: true,
        reason: "to_sign version must be 0 or 2",
        format: "full",
      })
  })

  it("needs the first input to spend output 0 of to_spend", () => {
    const wrong = "the first input does not spend to_spend (wrong message or address)"
    expect(verify(full(toSign({ inputs: [spendInput(txHash(toSpend), 1)] })))).toMatchObject({
      reason: wrong,
    })
    expect(verify(full(toSign({ inputs: [spendInput(filled(32), 0)] })))).toMatchObject({ reason: wrong })
    expect(verifyBip322("gn", anyoneCanSpend, full(toSign()))).toMatchObject({
      reason: wrong,
      format: "full",
    })
  })

  it("needs exactly one output paying 0 sat to a bare OP_RETURN", () => {
    const rule = "to_sign must have exactly one output: 0 sat to OP_RETURN"
    const opReturn = { value: 0n, script: bytes(0x6a) }
    for (const outputs of [
      [],
      [opReturn, opReturn],
      [{ value: 1n, script: bytes(0x6a) }],
      [{ value: 0n, script: bytes(0x6a, 0x01, 0x00) }],
      [{ value: 0n, script: bytes(0x51) }],
    ])
      expect(verify(full(toSign({ outputs })))).toEqual({
        valid: false,
        inconclusive: false,
        reason: rule,
        format: "full",
      })
  })

  it("cannot conclude on a full signature with extra inputs: their spent outputs are unknown", () => {
    const inputs = [spendInput(txHash(toSpend), 0), spendInput(filled(32, 7), 3)]
    expect(verify(full(toSign({ inputs })))).toEqual({
      valid: false,
      inconclusive: true,
      reason: "extra inputs need their spent outputs: use a proof of funds",
      format: "full",
    })
  })

  it("passes the script check's verdict on, naming the input, inconclusive for reserved segwit versions", () => {
    const witness = `smp${base64.encode(witnessBytes([opTrue]))}`
    expect(verify(witness, bytes(0x00, 0x20, ...filled(32)))).toEqual({
      valid: false,
      inconclusive: false,
      reason: "input 0: witness script does not match the program",
      format: "simple",
    })
    expect(verify(witness, bytes(0x52, 0x20, ...filled(32)))).toMatchObject({
      valid: false,
      inconclusive: true,
      reason: expect.stringMatching(/^input 0: segwit version 2 is reserved for upgrades/),
    })
  })
})

describe("verifyBip322: proofs of funds", () => {
  /** A transaction whose two outputs the prover spends (both OP_TRUE P2WSH). */
  const funding: Transaction = {
    version: 2,
    inputs: [spendInput(filled(32, 9), 0)],
    outputs: [
      { value: 7000n, script: anyoneCanSpend },
      { value: 8000n, script: anyoneCanSpend },
    ],
    lockTime: 0,
  }
  const witnessUtxo = (value: bigint) => new ByteWriter().u64(value).varBytes(anyoneCanSpend).finish()
  const unsigned = (inputs: ReadonlyArray<readonly [Uint8Array, number]>): Transaction => ({
    ...toSign({ version: 2, lockTime: 77 }),
    inputs: inputs.map(([hash, index]) => ({ ...spendInput(hash, index), witness: [], sequence: 5 })),
  })
  const proof = (
    tx: Transaction,
    inputMaps: ReadonlyArray<ReadonlyArray<readonly [Uint8Array, Uint8Array]>>,
  ) => `pof${base64.encode(encodePsbtMaps([psbtPair(0x00, encodeTransaction(tx, false))], inputMaps, [[]]))}`
  const finalWitness = psbtPair(0x08, witnessBytes([opTrue]))

  it("proves each further input's outpoint and amount, from its witness UTXO", () => {
    const tx = unsigned([
      [txHash(toSpend), 0],
      [filled(32, 0xab), 4],
    ])
    const signature = proof(tx, [[finalWitness], [psbtPair(0x01, witnessUtxo(12_345n)), finalWitness]])
    expect(verify(signature)).toEqual({
      valid: true,
      format: "proofOfFunds",
      lockTime: 77,
      sequence: 5,
      provenOutputs: [{ outpoint: `${"ab".repeat(32)}:4`, value: 12_345n }],
    })
  })

  it("takes an input's spent output from a previous transaction another input carries in full", () => {
    const fundingHash = txHash(funding)
    const tx = unsigned([
      [txHash(toSpend), 0],
      [fundingHash, 0],
      [fundingHash, 1],
    ])
    const carried = psbtPair(0x00, encodeTransaction(funding))
    const signature = proof(tx, [[finalWitness], [carried, finalWitness], [finalWitness]])
    expect(verify(signature)).toMatchObject({
      valid: true,
      provenOutputs: [
        { outpoint: `${toReversedHex(fundingHash)}:0`, value: 7000n },
        { outpoint: `${toReversedHex(fundingHash)}:1`, value: 8000n },
      ],
    })
  })

  it("refuses a proof with an input whose spent output it does not give", () => {
    const tx = unsigned([
      [txHash(toSpend), 0],
      [filled(32, 0xab), 4],
    ])
    expect(verify(proof(tx, [[finalWitness], [finalWitness]]))).toEqual({
      valid: false,
      inconclusive: false,
      reason: "the proof does not say which output an input spends",
      format: "proofOfFunds",
    })
  })

  it("names the further input whose script check fails", () => {
    const tx = unsigned([
      [txHash(toSpend), 0],
      [filled(32, 0xab), 4],
    ])
    const signature = proof(tx, [
      [finalWitness],
      [psbtPair(0x01, witnessUtxo(1n)), psbtPair(0x08, witnessBytes([bytes(0x52)]))],
    ])
    expect(verify(signature)).toMatchObject({
      valid: false,
      reason: "input 1: witness script does not match the program",
      format: "proofOfFunds",
    })
  })

  it("refuses a proof whose transaction spends nothing", () => {
    const empty: Transaction = { ...toSign({ version: 2 }), inputs: [] }
    expect(verify(proof(empty, []))).toEqual({
      valid: false,
      inconclusive: false,
      reason: "the first input does not spend to_spend (wrong message or address)",
      format: "proofOfFunds",
    })
  })

  it("checks the first input too: a proof without its final witness is refused", () => {
    const tx = unsigned([[txHash(toSpend), 0]])
    expect(verify(proof(tx, [[]]))).toMatchObject({
      valid: false,
      reason: "input 0: empty witness",
      format: "proofOfFunds",
    })
  })
})
