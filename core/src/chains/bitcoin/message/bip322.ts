import { schnorr } from "@noble/curves/secp256k1.js"
import { base64 } from "@scure/base"
import { ByteFormatError, ByteReader, equalBytes, toHex, toReversedHex } from "../encoding/bytes"
import {
  decodeTransaction,
  readWitness,
  type Transaction,
  type TxInput,
  type TxOutput,
  txHash,
} from "../encoding/transaction"
import { decodePsbt, type Psbt } from "../psbt/psbt"
import { hash160 } from "../script/checks"
import { buildScript, OP } from "../script/script"
import { verifyInput } from "../script/verifyInput"

/** BIP-322 generic signed messages: the virtual transactions, and verification of all three encodings. */

export const bip322MessageHash = (message: string): Uint8Array =>
  schnorr.utils.taggedHash("BIP0322-signed-message", new TextEncoder().encode(message))

/** `to_spend`: a virtual transaction paying 0 to the address's script, committing to the message. */
export const bip322ToSpend = (message: string, scriptPubKey: Uint8Array): Transaction => ({
  version: 0,
  inputs: [
    {
      prevTxHash: new Uint8Array(32),
      prevIndex: 0xffffffff,
      scriptSig: buildScript([OP[0], bip322MessageHash(message)]),
      sequence: 0,
      witness: [],
    },
  ],
  outputs: [{ value: 0n, script: scriptPubKey }],
  lockTime: 0,
})

/** The unsigned `to_sign` of a simple signature: spends `to_spend` into a single OP_RETURN. */
export const bip322ToSign = (toSpend: Transaction, witness: ReadonlyArray<Uint8Array> = []): Transaction => ({
  version: 0,
  inputs: [{ prevTxHash: txHash(toSpend), prevIndex: 0, scriptSig: new Uint8Array(), sequence: 0, witness }],
  outputs: [{ value: 0n, script: Uint8Array.of(OP.RETURN) }],
  lockTime: 0,
})

export type Bip322Format = "simple" | "full" | "proofOfFunds"

/** What a proof of funds claims beyond the message: outputs the signer showed it can spend. */
export interface ProvenOutput {
  /** txid:vout */
  readonly outpoint: string
  /** Satoshis, as the proof states them (a verifier checks them against the UTXO set). */
  readonly value: bigint
}

export type Bip322Verdict =
  | {
      readonly valid: true
      readonly format: Bip322Format
      /** `to_sign`'s nLockTime and its first input's nSequence: the signature is valid at time T and age S. */
      readonly lockTime: number
      readonly sequence: number
      readonly provenOutputs: ReadonlyArray<ProvenOutput>
    }
  | {
      readonly valid: false
      readonly inconclusive: boolean
      readonly reason: string
      readonly format?: Bip322Format
    }

const invalid = (reason: string, format?: Bip322Format): Bip322Verdict => ({
  valid: false,
  inconclusive: false,
  reason,
  ...(format ? { format } : {}),
})

const decodeBase64 = (text: string): Uint8Array | undefined => {
  try {
    return base64.decode(text)
  } catch {
    return undefined
  }
}

const decodeWitness = (bytes: Uint8Array): ReadonlyArray<Uint8Array> | undefined => {
  try {
    const reader = new ByteReader(bytes)
    const witness = readWitness(reader)
    reader.expectEnd("witness")
    return witness
  } catch {
    return undefined
  }
}

const decodeFull = (bytes: Uint8Array): Transaction | undefined => {
  try {
    return decodeTransaction(bytes)
  } catch (error) {
    if (error instanceof ByteFormatError) return undefined
    throw error
  }
}

type Decoded =
  | { readonly format: "simple"; readonly witness: ReadonlyArray<Uint8Array> }
  | { readonly format: "full"; readonly toSign: Transaction }
  | { readonly format: "proofOfFunds"; readonly psbt: Psbt }

/** The smp/ful/pof prefix of BIP-322 1.0+, or the older unprefixed encoding (simple, else full). */
const decodeSignature = (signature: string): Decoded | string => {
  const prefix = signature.slice(0, 3)
  const body = signature.slice(3)
  if (prefix === "smp" || prefix === "ful" || prefix === "pof") {
    const bytes = decodeBase64(body)
    if (bytes === undefined || bytes.length === 0) return "signature is not valid base64"
    if (prefix === "smp") {
      const witness = decodeWitness(bytes)
      return witness ? { format: "simple", witness } : "signature is not a witness stack"
    }
    if (prefix === "ful") {
      const toSign = decodeFull(bytes)
      return toSign ? { format: "full", toSign } : "signature is not a transaction"
    }
    const psbt = decodePsbt(bytes)
    return psbt._tag === "Success"
      ? { format: "proofOfFunds", psbt: psbt.success }
      : `signature is not a PSBT: ${psbt.failure.message}`
  }
  const bytes = decodeBase64(signature)
  if (bytes === undefined || bytes.length === 0) return "signature is not valid base64"
  const witness = decodeWitness(bytes)
  if (witness) return { format: "simple", witness }
  const toSign = decodeFull(bytes)
  return toSign ? { format: "full", toSign } : "signature is neither a witness stack nor a transaction"
}

/**
 * The final transaction a proof-of-funds PSBT carries, with the outputs its inputs spend. An input spending
 * another output of a transaction some other input already carries in full may leave it out (btcd does).
 */
const proofTransaction = (psbt: Psbt): { tx: Transaction; prevouts: Array<TxOutput | undefined> } => {
  const carried = new Map(
    psbt.inputs.flatMap((input) =>
      input.nonWitnessUtxo ? [[toHex(input.prevTxHash), input.nonWitnessUtxo] as const] : [],
    ),
  )
  return {
    tx: {
      version: psbt.txVersion,
      lockTime: psbt.lockTime ?? 0,
      inputs: psbt.inputs.map((input) => ({
        prevTxHash: input.prevTxHash,
        prevIndex: input.prevIndex,
        scriptSig: input.finalScriptSig ?? new Uint8Array(),
        sequence: input.sequence,
        witness: input.finalScriptWitness ?? [],
      })),
      outputs: psbt.outputs.map(({ value, script }) => ({ value, script })),
    },
    prevouts: psbt.inputs.map(
      (input) => input.spentOutput ?? carried.get(toHex(input.prevTxHash))?.outputs[input.prevIndex],
    ),
  }
}

const isP2sh = (script: Uint8Array) =>
  script.length === 23 && script[0] === OP.HASH160 && script[1] === 20 && script[22] === OP.EQUAL

/**
 * The scriptSig of a simple signature. The simple format carries only the witness; for a nested segwit
 * (P2SH-P2WPKH) address the scriptSig, a push of the redeem script 0x0014{hash160(key)}, follows from the
 * witness's key, as wallets (Xverse, Unisat) and bip322-js make and read these signatures. The P2SH and
 * P2WPKH checks of the interpreter still decide; any other address has an empty scriptSig.
 */
const nestedScriptSig = (scriptPubKey: Uint8Array, witness: ReadonlyArray<Uint8Array>): Uint8Array => {
  const key = witness[1]
  if (!isP2sh(scriptPubKey) || witness.length !== 2 || key === undefined || key.length !== 33)
    return new Uint8Array()
  return buildScript([Uint8Array.of(OP[0], 20, ...hash160(key))])
}

/**
 * Verifies a BIP-322 signature of `message` by the owner of `scriptPubKey` (the address's output script).
 * Simple and full signatures are checked completely; a proof of funds is checked against the outputs its
 * PSBT says it spends (the caller confirms those exist: `provenOutputs`).
 */
export const verifyBip322 = (message: string, scriptPubKey: Uint8Array, signature: string): Bip322Verdict => {
  const decoded = decodeSignature(signature.trim())
  if (typeof decoded === "string") return invalid(decoded)
  const toSpend = bip322ToSpend(message, scriptPubKey)
  const toSpendOutput = toSpend.outputs[0] as TxOutput
  let tx: Transaction
  let prevouts: Array<TxOutput | undefined>
  if (decoded.format === "simple") {
    if (decoded.witness.length === 0) return invalid("the witness stack is empty", "simple")
    const unsigned = bip322ToSign(toSpend, decoded.witness)
    tx = {
      ...unsigned,
      inputs: [
        { ...(unsigned.inputs[0] as TxInput), scriptSig: nestedScriptSig(scriptPubKey, decoded.witness) },
      ],
    }
    prevouts = [toSpendOutput]
  } else if (decoded.format === "full") {
    tx = decoded.toSign
    prevouts = [toSpendOutput, ...tx.inputs.slice(1).map(() => undefined)]
  } else ({ tx, prevouts } = proofTransaction(decoded.psbt))
  const { format } = decoded

  const first = tx.inputs[0]
  if (first === undefined || !equalBytes(first.prevTxHash, txHash(toSpend)) || first.prevIndex !== 0)
    return invalid("the first input does not spend to_spend (wrong message or address)", format)
  const output = tx.outputs[0]
  if (
    tx.outputs.length !== 1 ||
    output === undefined ||
    output.value !== 0n ||
    !equalBytes(output.script, Uint8Array.of(OP.RETURN))
  )
    return invalid("to_sign must have exactly one output: 0 sat to OP_RETURN", format)
  if (format === "full" && tx.inputs.length > 1)
    return {
      valid: false,
      inconclusive: true,
      reason: "extra inputs need their spent outputs: use a proof of funds",
      format,
    }
  prevouts[0] = toSpendOutput
  const spent = prevouts.filter((prevout): prevout is TxOutput => prevout !== undefined)
  if (spent.length !== prevouts.length)
    return invalid("the proof does not say which output an input spends", format)
  for (let index = 0; index < tx.inputs.length; index++) {
    const verdict = verifyInput(tx, index, spent)
    if (!verdict.valid)
      return {
        valid: false,
        inconclusive: verdict.inconclusive,
        reason: `input ${index}: ${verdict.reason}`,
        format,
      }
  }
  if (tx.version !== 0 && tx.version !== 2)
    return { valid: false, inconclusive: true, reason: "to_sign version must be 0 or 2", format }
  return {
    valid: true,
    format,
    lockTime: tx.lockTime,
    sequence: first.sequence,
    provenOutputs: tx.inputs.slice(1).map((input, index) => ({
      outpoint: `${toReversedHex(input.prevTxHash)}:${input.prevIndex}`,
      value: (spent[index + 1] as TxOutput).value,
    })),
  }
}
