import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64, hex } from "@scure/base"
import { Result } from "effect"
import { ByteFormatError, ByteReader, equalBytes, toHex } from "../encoding/bytes"
import {
  decodeTransaction,
  readTxOutput,
  readWitness,
  type Transaction,
  type TxOutput,
  txHash,
} from "../encoding/transaction"
import { InvalidPsbtError } from "../errors"

/**
 * PSBT decoding, version 0 (BIP-174) and version 2 (BIP-370), with taproot fields (BIP-371). Strict: every
 * rule the BIPs give a parser (duplicate keys, key and value shapes, fields that belong to one version only,
 * required fields, map counts) is enforced, so what decodes is safe to show and to sign.
 */

export interface PartialSignature {
  readonly publicKey: Uint8Array
  readonly signature: Uint8Array
}

export interface PsbtInput {
  readonly prevTxHash: Uint8Array
  readonly prevIndex: number
  readonly sequence: number
  readonly nonWitnessUtxo?: Transaction | undefined
  readonly witnessUtxo?: TxOutput | undefined
  /** The output this input spends, when the PSBT says (witness UTXO, else the full previous transaction). */
  readonly spentOutput?: TxOutput | undefined
  readonly partialSignatures: ReadonlyArray<PartialSignature>
  readonly sighashType?: number | undefined
  readonly redeemScript?: Uint8Array | undefined
  readonly witnessScript?: Uint8Array | undefined
  readonly finalScriptSig?: Uint8Array | undefined
  readonly finalScriptWitness?: ReadonlyArray<Uint8Array> | undefined
  readonly tapKeySignature?: Uint8Array | undefined
  readonly tapScriptSignatureCount: number
  readonly requiredTimeLocktime?: number | undefined
  readonly requiredHeightLocktime?: number | undefined
}

export interface PsbtOutput {
  readonly value: bigint
  readonly script: Uint8Array
}

export interface Psbt {
  readonly version: 0 | 2
  readonly txVersion: number
  /** The transaction's nLockTime; for v2 as BIP-370 determines it, undefined when no value satisfies every input. */
  readonly lockTime: number | undefined
  readonly inputs: ReadonlyArray<PsbtInput>
  readonly outputs: ReadonlyArray<PsbtOutput>
}

const MAGIC = Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff)
const LOCKTIME_THRESHOLD = 500_000_000

class Reject extends Error {}
const reject = (reason: string): never => {
  throw new Reject(reason)
}

interface Pair {
  readonly type: number
  readonly keyData: Uint8Array
  readonly value: Uint8Array
}

/** Reads one key-value map up to its 0x00 separator, refusing duplicate keys. */
const readMap = (reader: ByteReader, what: string): ReadonlyArray<Pair> => {
  const pairs: Array<Pair> = []
  const seen = new Set<string>()
  for (;;) {
    const keyLength = reader.compactSize(`${what} key length`)
    if (keyLength === 0) return pairs
    const key = reader.bytesOf(keyLength, `${what} key`)
    const value = reader.varBytes(`${what} value`)
    const id = toHex(key)
    if (seen.has(id)) reject(`duplicate key 0x${id} in ${what}`)
    seen.add(id)
    // Key types are CompactSize too; every type this parser knows fits one byte.
    const typeReader = new ByteReader(key)
    const type = typeReader.compactSize(`${what} key type`)
    pairs.push({ type, keyData: key.subarray(typeReader.position), value })
  }
}

const u32Value = (pair: Pair, what: string) => {
  if (pair.value.length !== 4) reject(`${what} must be 4 bytes`)
  return new ByteReader(pair.value).u32(what)
}

const exact = <A>(bytes: Uint8Array, what: string, read: (reader: ByteReader) => A): A => {
  const reader = new ByteReader(bytes)
  const value = read(reader)
  reader.expectEnd(what)
  return value
}

const isPublicKey = (bytes: Uint8Array) => {
  if (bytes.length !== 33 && bytes.length !== 65) return false
  try {
    secp256k1.Point.fromBytes(bytes)
    return true
  } catch {
    return false
  }
}

const isXOnlyKey = (bytes: Uint8Array) => {
  if (bytes.length !== 32) return false
  try {
    secp256k1.Point.fromBytes(Uint8Array.of(2, ...bytes))
    return true
  } catch {
    return false
  }
}

const noKeyData = (pair: Pair, what: string) => {
  if (pair.keyData.length !== 0) reject(`${what} key must be one byte`)
}

/** A BIP-32 derivation value: a 4-byte fingerprint then 4-byte path elements. */
const checkDerivation = (value: Uint8Array, what: string) => {
  if (value.length < 4 || value.length % 4 !== 0) reject(`${what} derivation path is malformed`)
}

// Field types that exist only in one PSBT version.
const v2Globals = new Set([0x02, 0x03, 0x04, 0x05, 0x06])
const v2Inputs = new Set([0x0e, 0x0f, 0x10, 0x11, 0x12])
const v2Outputs = new Set([0x03, 0x04])

interface Globals {
  readonly version: 0 | 2
  readonly unsignedTx?: Transaction
  readonly txVersion?: number
  readonly fallbackLocktime?: number
  readonly inputCount?: number
  readonly outputCount?: number
}

const readGlobals = (pairs: ReadonlyArray<Pair>): Globals => {
  const versionPair = pairs.find((pair) => pair.type === 0xfb)
  if (versionPair) noKeyData(versionPair, "PSBT_GLOBAL_VERSION")
  const version = versionPair ? u32Value(versionPair, "PSBT_GLOBAL_VERSION") : 0
  if (version !== 0 && version !== 2) reject(`unsupported PSBT version ${version}`)
  const globals: { -readonly [K in keyof Globals]: Globals[K] } = { version: version as 0 | 2 }
  for (const pair of pairs) {
    if (version === 0 && v2Globals.has(pair.type)) reject(`global field 0x0${pair.type} is PSBTv2-only`)
    switch (pair.type) {
      case 0x00:
        noKeyData(pair, "PSBT_GLOBAL_UNSIGNED_TX")
        if (version === 2) reject("PSBTv2 must not have PSBT_GLOBAL_UNSIGNED_TX")
        globals.unsignedTx = decodeTransaction(pair.value, false)
        break
      case 0x01:
        if (pair.keyData.length !== 78) reject("PSBT_GLOBAL_XPUB key must hold a 78-byte extended key")
        checkDerivation(pair.value, "PSBT_GLOBAL_XPUB")
        break
      case 0x02:
        noKeyData(pair, "PSBT_GLOBAL_TX_VERSION")
        globals.txVersion = u32Value(pair, "PSBT_GLOBAL_TX_VERSION") | 0
        break
      case 0x03:
        noKeyData(pair, "PSBT_GLOBAL_FALLBACK_LOCKTIME")
        globals.fallbackLocktime = u32Value(pair, "PSBT_GLOBAL_FALLBACK_LOCKTIME")
        break
      case 0x04:
        noKeyData(pair, "PSBT_GLOBAL_INPUT_COUNT")
        globals.inputCount = exact(pair.value, "PSBT_GLOBAL_INPUT_COUNT", (r) => r.compactSize("input count"))
        break
      case 0x05:
        noKeyData(pair, "PSBT_GLOBAL_OUTPUT_COUNT")
        globals.outputCount = exact(pair.value, "PSBT_GLOBAL_OUTPUT_COUNT", (r) =>
          r.compactSize("output count"),
        )
        break
      case 0x06:
        noKeyData(pair, "PSBT_GLOBAL_TX_MODIFIABLE")
        if (pair.value.length !== 1) reject("PSBT_GLOBAL_TX_MODIFIABLE must be 1 byte")
        break
    }
  }
  if (version === 0) {
    const tx = globals.unsignedTx ?? reject("PSBTv0 needs PSBT_GLOBAL_UNSIGNED_TX")
    if (tx.inputs.some((input) => input.scriptSig.length > 0 || input.witness.length > 0))
      reject("the unsigned transaction must have empty scriptSigs and witnesses")
  } else {
    if (globals.txVersion === undefined) reject("PSBTv2 needs PSBT_GLOBAL_TX_VERSION")
    if (globals.txVersion !== undefined && globals.txVersion < 2)
      reject("PSBTv2 transaction version must be at least 2")
    if (globals.inputCount === undefined) reject("PSBTv2 needs PSBT_GLOBAL_INPUT_COUNT")
    if (globals.outputCount === undefined) reject("PSBTv2 needs PSBT_GLOBAL_OUTPUT_COUNT")
  }
  return globals
}

const readInput = (
  pairs: ReadonlyArray<Pair>,
  index: number,
  version: 0 | 2,
  txInput: Transaction["inputs"][number] | undefined,
) => {
  const what = `input ${index}`
  let prevTxHash = txInput?.prevTxHash
  let prevIndex = txInput?.prevIndex
  let sequence = txInput?.sequence
  const input: {
    -readonly [K in keyof PsbtInput]?: PsbtInput[K]
  } & { partialSignatures: Array<PartialSignature>; tapScriptSignatureCount: number } = {
    partialSignatures: [],
    tapScriptSignatureCount: 0,
  }
  for (const pair of pairs) {
    const field = `${what} field 0x${pair.type.toString(16).padStart(2, "0")}`
    if (version === 0 && v2Inputs.has(pair.type)) reject(`${field} is PSBTv2-only`)
    switch (pair.type) {
      case 0x00:
        noKeyData(pair, field)
        input.nonWitnessUtxo = decodeTransaction(pair.value)
        break
      case 0x01:
        noKeyData(pair, field)
        input.witnessUtxo = exact(pair.value, `${what} witness UTXO`, readTxOutput)
        break
      case 0x02:
        if (!isPublicKey(pair.keyData)) reject(`${what} partial signature has an invalid public key`)
        input.partialSignatures.push({ publicKey: pair.keyData, signature: pair.value })
        break
      case 0x03:
        noKeyData(pair, field)
        input.sighashType = u32Value(pair, `${what} sighash type`)
        break
      case 0x04:
        noKeyData(pair, field)
        input.redeemScript = pair.value
        break
      case 0x05:
        noKeyData(pair, field)
        input.witnessScript = pair.value
        break
      case 0x06:
        if (!isPublicKey(pair.keyData)) reject(`${what} BIP-32 derivation has an invalid public key`)
        checkDerivation(pair.value, what)
        break
      case 0x07:
        noKeyData(pair, field)
        input.finalScriptSig = pair.value
        break
      case 0x08:
        noKeyData(pair, field)
        input.finalScriptWitness = exact(pair.value, `${what} final witness`, readWitness)
        break
      case 0x0a:
      case 0x0c:
        if (pair.keyData.length !== 20) reject(`${field} key must hold a 20-byte hash`)
        break
      case 0x0b:
      case 0x0d:
        if (pair.keyData.length !== 32) reject(`${field} key must hold a 32-byte hash`)
        break
      case 0x0e:
        noKeyData(pair, field)
        if (pair.value.length !== 32) reject(`${what} previous txid must be 32 bytes`)
        prevTxHash = pair.value
        break
      case 0x0f:
        noKeyData(pair, field)
        prevIndex = u32Value(pair, `${what} output index`)
        break
      case 0x10:
        noKeyData(pair, field)
        sequence = u32Value(pair, `${what} sequence`)
        break
      case 0x11: {
        noKeyData(pair, field)
        const time = u32Value(pair, `${what} required time locktime`)
        if (time < LOCKTIME_THRESHOLD) reject(`${what} required time locktime must be at least 500000000`)
        input.requiredTimeLocktime = time
        break
      }
      case 0x12: {
        noKeyData(pair, field)
        const height = u32Value(pair, `${what} required height locktime`)
        if (height === 0 || height >= LOCKTIME_THRESHOLD)
          reject(`${what} required height locktime must be between 1 and 499999999`)
        input.requiredHeightLocktime = height
        break
      }
      case 0x13:
        noKeyData(pair, field)
        if (pair.value.length !== 64 && pair.value.length !== 65)
          reject(`${what} taproot key signature must be 64 or 65 bytes`)
        input.tapKeySignature = pair.value
        break
      case 0x14:
        if (pair.keyData.length !== 64 || !isXOnlyKey(pair.keyData.subarray(0, 32)))
          reject(`${what} taproot script signature key is malformed`)
        if (pair.value.length !== 64 && pair.value.length !== 65)
          reject(`${what} taproot script signature must be 64 or 65 bytes`)
        input.tapScriptSignatureCount++
        break
      case 0x15:
        if (pair.keyData.length < 33 || (pair.keyData.length - 33) % 32 !== 0)
          reject(`${what} taproot control block is malformed`)
        break
      case 0x16:
        if (!isXOnlyKey(pair.keyData)) reject(`${what} taproot derivation key is malformed`)
        break
      case 0x17:
        noKeyData(pair, field)
        if (!isXOnlyKey(pair.value)) reject(`${what} taproot internal key is malformed`)
        break
      case 0x18:
        noKeyData(pair, field)
        if (pair.value.length !== 32) reject(`${what} taproot merkle root must be 32 bytes`)
        break
    }
  }
  if (prevTxHash === undefined) return reject(`PSBTv2 ${what} needs PSBT_IN_PREVIOUS_TXID`)
  if (prevIndex === undefined) return reject(`PSBTv2 ${what} needs PSBT_IN_OUTPUT_INDEX`)
  if (input.nonWitnessUtxo && !equalBytes(txHash(input.nonWitnessUtxo), prevTxHash))
    reject(`${what} non-witness UTXO is not the transaction it spends`)
  // Bitcoin Core's rule too: the spent output must exist, or the amount (and the fee) would be unknowable.
  if (input.nonWitnessUtxo && prevIndex >= input.nonWitnessUtxo.outputs.length)
    reject(
      `${what} spends output ${prevIndex}, but its non-witness UTXO has ${input.nonWitnessUtxo.outputs.length} outputs`,
    )
  const spentOutput = input.witnessUtxo ?? input.nonWitnessUtxo?.outputs[prevIndex]
  return {
    ...input,
    prevTxHash,
    prevIndex,
    sequence: sequence ?? 0xffffffff,
    spentOutput,
  } satisfies PsbtInput
}

const readOutput = (
  pairs: ReadonlyArray<Pair>,
  index: number,
  version: 0 | 2,
  txOutput: TxOutput | undefined,
): PsbtOutput => {
  const what = `output ${index}`
  let value = txOutput?.value
  let script = txOutput?.script
  for (const pair of pairs) {
    const field = `${what} field 0x${pair.type.toString(16).padStart(2, "0")}`
    if (version === 0 && v2Outputs.has(pair.type)) reject(`${field} is PSBTv2-only`)
    switch (pair.type) {
      case 0x00:
      case 0x01:
        noKeyData(pair, field)
        break
      case 0x02:
        if (!isPublicKey(pair.keyData)) reject(`${what} BIP-32 derivation has an invalid public key`)
        checkDerivation(pair.value, what)
        break
      case 0x03:
        noKeyData(pair, field)
        if (pair.value.length !== 8) reject(`${what} amount must be 8 bytes`)
        value = new ByteReader(pair.value).u64("amount")
        break
      case 0x04:
        noKeyData(pair, field)
        script = pair.value
        break
      case 0x05:
        noKeyData(pair, field)
        if (!isXOnlyKey(pair.value)) reject(`${what} taproot internal key is malformed`)
        break
      case 0x07:
        if (!isXOnlyKey(pair.keyData)) reject(`${what} taproot derivation key is malformed`)
        break
    }
  }
  if (value === undefined) return reject(`PSBTv2 ${what} needs PSBT_OUT_AMOUNT`)
  if (script === undefined) return reject(`PSBTv2 ${what} needs PSBT_OUT_SCRIPT`)
  return { value, script }
}

/**
 * BIP-370's locktime: the fallback when no input asks for one; else the field (height preferred) every
 * input that asks can use, at the largest value asked; undefined when no field suits every input.
 */
export const determineLockTime = (
  inputs: ReadonlyArray<PsbtInput>,
  fallback: number | undefined,
): number | undefined => {
  const constrained = inputs.filter(
    (input) => input.requiredTimeLocktime !== undefined || input.requiredHeightLocktime !== undefined,
  )
  if (constrained.length === 0) return fallback ?? 0
  const max = (values: ReadonlyArray<number | undefined>) => Math.max(...(values as ReadonlyArray<number>))
  if (constrained.every((input) => input.requiredHeightLocktime !== undefined))
    return max(constrained.map((input) => input.requiredHeightLocktime))
  if (constrained.every((input) => input.requiredTimeLocktime !== undefined))
    return max(constrained.map((input) => input.requiredTimeLocktime))
  return undefined
}

export const decodePsbt = (bytes: Uint8Array): Result.Result<Psbt, InvalidPsbtError> => {
  try {
    if (bytes.length < MAGIC.length || !equalBytes(bytes.subarray(0, MAGIC.length), MAGIC))
      reject("missing the magic bytes 'psbt' 0xff")
    const reader = new ByteReader(bytes.subarray(MAGIC.length))
    const globals = readGlobals(readMap(reader, "global map"))
    const tx = globals.unsignedTx
    const inputCount = tx ? tx.inputs.length : (globals.inputCount as number)
    const outputCount = tx ? tx.outputs.length : (globals.outputCount as number)
    const inputs = Array.from({ length: inputCount }, (_, index) =>
      readInput(readMap(reader, `input map ${index}`), index, globals.version, tx?.inputs[index]),
    )
    const outputs = Array.from({ length: outputCount }, (_, index) =>
      readOutput(readMap(reader, `output map ${index}`), index, globals.version, tx?.outputs[index]),
    )
    reader.expectEnd("PSBT")
    return Result.succeed({
      version: globals.version,
      txVersion: tx ? tx.version : (globals.txVersion as number),
      lockTime: tx ? tx.lockTime : determineLockTime(inputs, globals.fallbackLocktime),
      inputs,
      outputs,
    })
  } catch (error) {
    if (error instanceof Reject || error instanceof ByteFormatError)
      return Result.fail(new InvalidPsbtError({ reason: error.message }))
    throw error
  }
}

const hexText = /^(?:[0-9a-f]{2})+$/i

/**
 * The bytes a PSBT's text spells, in either form users hold one: base64 (Bitcoin Core's RPCs, wallets) or hex
 * (many libraries and explorers); undefined when it is neither. White space means nothing anywhere in it:
 * `base64 FILE` and `xxd -p FILE` break their output into lines. A base64 PSBT starts "cHNidP8", which is not
 * hex, so the two forms never overlap on a PSBT.
 */
export const psbtTextBytes = (text: string): Uint8Array | undefined => {
  const compact = text.replace(/\s+/g, "")
  if (hexText.test(compact)) return hex.decode(compact.toLowerCase())
  if (compact === "") return undefined
  try {
    return base64.decode(compact)
  } catch {
    return undefined
  }
}

/** Decodes a PSBT's text: base64 or hex, white space ignored (see psbtTextBytes). */
export const decodePsbtText = (text: string): Result.Result<Psbt, InvalidPsbtError> => {
  const bytes = psbtTextBytes(text)
  return bytes === undefined
    ? Result.fail(new InvalidPsbtError({ reason: "not base64 or hex" }))
    : decodePsbt(bytes)
}
