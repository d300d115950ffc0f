import { schnorr } from "@noble/curves/secp256k1.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { ByteWriter } from "../encoding/bytes"
import { hash256, type Transaction, type TxOutput, writeTxOutput } from "../encoding/transaction"

/** Signature hashes of the three signing schemes: legacy, BIP-143 (segwit v0) and BIP-341 (taproot). */
export const SIGHASH = { DEFAULT: 0x00, ALL: 0x01, NONE: 0x02, SINGLE: 0x03, ANYONECANPAY: 0x80 } as const

const baseType = (hashType: number) => hashType & 0x1f
const anyoneCanPay = (hashType: number) => (hashType & SIGHASH.ANYONECANPAY) !== 0
const zero32 = new Uint8Array(32)

const outpoint = (writer: ByteWriter, tx: Transaction, index: number) => {
  const input = tx.inputs[index]
  if (input === undefined) throw new RangeError(`no input ${index}`)
  return writer.bytes(input.prevTxHash).u32(input.prevIndex)
}

/** The pre-segwit signature hash (the script code's OP_CODESEPARATORs are not handled: BIP-322 forbids them). */
export const legacySighash = (
  tx: Transaction,
  index: number,
  scriptCode: Uint8Array,
  hashType: number,
): Uint8Array => {
  const base = baseType(hashType)
  if (base === SIGHASH.SINGLE && index >= tx.outputs.length) {
    const one = new Uint8Array(32)
    one[0] = 1
    return one
  }
  const inputs = anyoneCanPay(hashType) ? [index] : tx.inputs.map((_, i) => i)
  const writer = new ByteWriter().u32(tx.version).compactSize(inputs.length)
  for (const i of inputs) {
    const input = tx.inputs[i] as Transaction["inputs"][number]
    const clearsSequence = i !== index && (base === SIGHASH.NONE || base === SIGHASH.SINGLE)
    outpoint(writer, tx, i)
      .varBytes(i === index ? scriptCode : new Uint8Array())
      .u32(clearsSequence ? 0 : input.sequence)
  }
  const outputs =
    base === SIGHASH.NONE ? [] : base === SIGHASH.SINGLE ? tx.outputs.slice(0, index + 1) : tx.outputs
  writer.compactSize(outputs.length)
  const blank = { value: 0xffffffffffffffffn, script: new Uint8Array() }
  for (const [i, output] of outputs.entries())
    writeTxOutput(writer, base === SIGHASH.SINGLE && i < index ? blank : output)
  return hash256(writer.u32(tx.lockTime).u32(hashType).finish())
}

/** BIP-143: the segwit v0 signature hash, committing to the spent amount. */
export const witnessV0Sighash = (
  tx: Transaction,
  index: number,
  scriptCode: Uint8Array,
  amount: bigint,
  hashType: number,
): Uint8Array => {
  const base = baseType(hashType)
  const acp = anyoneCanPay(hashType)
  const prevouts = acp
    ? zero32
    : hash256(tx.inputs.reduce((w, _, i) => outpoint(w, tx, i), new ByteWriter()).finish())
  const sequences =
    acp || base === SIGHASH.SINGLE || base === SIGHASH.NONE
      ? zero32
      : hash256(tx.inputs.reduce((w, input) => w.u32(input.sequence), new ByteWriter()).finish())
  const single = tx.outputs[index]
  const outputs =
    base !== SIGHASH.SINGLE && base !== SIGHASH.NONE
      ? hash256(tx.outputs.reduce((w, output) => writeTxOutput(w, output), new ByteWriter()).finish())
      : base === SIGHASH.SINGLE && single !== undefined
        ? hash256(writeTxOutput(new ByteWriter(), single).finish())
        : zero32
  const input = tx.inputs[index] as Transaction["inputs"][number]
  const writer = new ByteWriter().u32(tx.version).bytes(prevouts).bytes(sequences)
  outpoint(writer, tx, index).varBytes(scriptCode).u64(amount).u32(input.sequence)
  return hash256(writer.bytes(outputs).u32(tx.lockTime).u32(hashType).finish())
}

export interface TaprootSpend {
  /** Every input's spent output, in input order (taproot signatures commit to all of them). */
  readonly prevouts: ReadonlyArray<TxOutput>
  readonly annex?: Uint8Array | undefined
  /** Set for a script-path spend. */
  readonly leafHash?: Uint8Array | undefined
}

const taprootHashTypes = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/** BIP-341: the taproot signature hash (key path, or script path with `leafHash`); undefined for a bad type. */
export const taprootSighash = (
  tx: Transaction,
  index: number,
  spend: TaprootSpend,
  hashType: number,
): Uint8Array | undefined => {
  if (!taprootHashTypes.has(hashType)) return undefined
  const base = baseType(hashType)
  const acp = anyoneCanPay(hashType)
  const single = hashType === SIGHASH.DEFAULT ? false : base === SIGHASH.SINGLE
  const none = base === SIGHASH.NONE
  if (single && index >= tx.outputs.length) return undefined
  const writer = new ByteWriter().u8(0).u8(hashType).u32(tx.version).u32(tx.lockTime)
  if (!acp) {
    writer.bytes(sha256(tx.inputs.reduce((w, _, i) => outpoint(w, tx, i), new ByteWriter()).finish()))
    writer.bytes(sha256(spend.prevouts.reduce((w, out) => w.u64(out.value), new ByteWriter()).finish()))
    writer.bytes(sha256(spend.prevouts.reduce((w, out) => w.varBytes(out.script), new ByteWriter()).finish()))
    writer.bytes(sha256(tx.inputs.reduce((w, input) => w.u32(input.sequence), new ByteWriter()).finish()))
  }
  if (!single && !none)
    writer.bytes(
      sha256(tx.outputs.reduce((w, output) => writeTxOutput(w, output), new ByteWriter()).finish()),
    )
  const scriptPath = spend.leafHash !== undefined
  writer.u8((scriptPath ? 2 : 0) + (spend.annex ? 1 : 0))
  if (acp) {
    const input = tx.inputs[index] as Transaction["inputs"][number]
    const prevout = spend.prevouts[index] as TxOutput
    outpoint(writer, tx, index).u64(prevout.value).varBytes(prevout.script).u32(input.sequence)
  } else writer.u32(index)
  if (spend.annex) writer.bytes(sha256(new ByteWriter().varBytes(spend.annex).finish()))
  if (single) writer.bytes(sha256(writeTxOutput(new ByteWriter(), tx.outputs[index] as TxOutput).finish()))
  if (scriptPath)
    writer
      .bytes(spend.leafHash as Uint8Array)
      .u8(0)
      .u32(0xffffffff)
  return schnorr.utils.taggedHash("TapSighash", writer.finish())
}
