import { sha256 } from "@noble/hashes/sha2.js"
import { ByteFormatError, ByteReader, ByteWriter, toReversedHex } from "./bytes"

/** A Bitcoin transaction as serialized on the network (BIP-144 witness serialization included). */
export interface TxInput {
  /** The previous transaction's id in internal (hash) byte order. */
  readonly prevTxHash: Uint8Array
  readonly prevIndex: number
  readonly scriptSig: Uint8Array
  readonly sequence: number
  readonly witness: ReadonlyArray<Uint8Array>
}

export interface TxOutput {
  /** Satoshis. */
  readonly value: bigint
  readonly script: Uint8Array
}

export interface Transaction {
  readonly version: number
  readonly inputs: ReadonlyArray<TxInput>
  readonly outputs: ReadonlyArray<TxOutput>
  readonly lockTime: number
}

export const hash256 = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes))

export const hasWitness = (tx: Transaction): boolean => tx.inputs.some((input) => input.witness.length > 0)

export const readTxOutput = (reader: ByteReader): TxOutput => ({
  value: reader.u64("output value"),
  script: reader.varBytes("output script"),
})

export const readWitness = (reader: ByteReader): ReadonlyArray<Uint8Array> =>
  Array.from({ length: reader.compactSize("witness item count") }, () => reader.varBytes("witness item"))

const readInputs = (reader: ByteReader, count: number): Array<Omit<TxInput, "witness">> =>
  Array.from({ length: count }, () => ({
    prevTxHash: reader.bytesOf(32, "input prevout hash"),
    prevIndex: reader.u32("input prevout index"),
    scriptSig: reader.varBytes("input scriptSig"),
    sequence: reader.u32("input sequence"),
  }))

/**
 * Reads one transaction. `allowWitness: false` reads the legacy serialization only (a PSBTv0's unsigned
 * transaction must be in it); otherwise the BIP-144 marker and flag are honoured.
 */
export const readTransaction = (reader: ByteReader, allowWitness = true): Transaction => {
  const version = reader.i32("version")
  let inputCount = reader.compactSize("input count")
  let segwit = false
  if (allowWitness && inputCount === 0 && reader.remaining > 0) {
    const flag = reader.u8("witness flag")
    if (flag !== 1) throw new ByteFormatError("witness flag must be 1")
    segwit = true
    inputCount = reader.compactSize("input count")
  }
  const inputs = readInputs(reader, inputCount)
  const outputs = Array.from({ length: reader.compactSize("output count") }, () => readTxOutput(reader))
  const witnesses = inputs.map(() => (segwit ? readWitness(reader) : []))
  if (segwit && witnesses.every((witness) => witness.length === 0))
    throw new ByteFormatError("witness serialization without any witness")
  const lockTime = reader.u32("lock time")
  return {
    version,
    inputs: inputs.map((input, index) => ({ ...input, witness: witnesses[index] ?? [] })),
    outputs,
    lockTime,
  }
}

/** Decodes exactly one transaction from `bytes` (trailing bytes are an error). */
export const decodeTransaction = (bytes: Uint8Array, allowWitness = true): Transaction => {
  const reader = new ByteReader(bytes)
  const tx = readTransaction(reader, allowWitness)
  reader.expectEnd("transaction")
  return tx
}

export const writeWitness = (writer: ByteWriter, witness: ReadonlyArray<Uint8Array>): ByteWriter => {
  writer.compactSize(witness.length)
  for (const item of witness) writer.varBytes(item)
  return writer
}

export const writeTxOutput = (writer: ByteWriter, output: TxOutput): ByteWriter =>
  writer.u64(output.value).varBytes(output.script)

export const encodeTransaction = (tx: Transaction, withWitness = hasWitness(tx)): Uint8Array => {
  const writer = new ByteWriter().u32(tx.version)
  if (withWitness) writer.u8(0).u8(1)
  writer.compactSize(tx.inputs.length)
  for (const input of tx.inputs)
    writer.bytes(input.prevTxHash).u32(input.prevIndex).varBytes(input.scriptSig).u32(input.sequence)
  writer.compactSize(tx.outputs.length)
  for (const output of tx.outputs) writeTxOutput(writer, output)
  if (withWitness) for (const input of tx.inputs) writeWitness(writer, input.witness)
  return writer.u32(tx.lockTime).finish()
}

/** The txid (display byte order): the hash of the serialization without witnesses. */
export const txid = (tx: Transaction): string => toReversedHex(hash256(encodeTransaction(tx, false)))

/** The txid's hash in internal byte order, as an input's prevout names it. */
export const txHash = (tx: Transaction): Uint8Array => hash256(encodeTransaction(tx, false))

/** Virtual size (BIP-141): weight / 4, rounded up. */
export const virtualSize = (tx: Transaction): number => {
  const base = encodeTransaction(tx, false).length
  const total = encodeTransaction(tx).length
  return Math.ceil((base * 3 + total) / 4)
}
