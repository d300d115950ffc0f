import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js"
import { ripemd160 } from "@noble/hashes/legacy.js"
import { sha256 } from "@noble/hashes/sha2.js"
import type { Transaction, TxOutput } from "../encoding/transaction"
import { legacySighash, SIGHASH, taprootSighash, witnessV0Sighash } from "./sighash"

/**
 * What the interpreter shares: how a script fails (invalid, or inconclusive for rules reserved for
 * upgrades), the limits, and the two signature checks with BIP-322's policy (SIGHASH_ALL only, strict DER,
 * low S, strict public keys).
 */
export class ScriptFailure extends Error {
  constructor(
    message: string,
    readonly inconclusive = false,
  ) {
    super(message)
  }
}

export const fail = (reason: string): never => {
  throw new ScriptFailure(reason)
}
export const upgradeable = (reason: string): never => {
  throw new ScriptFailure(reason, true)
}

export type SigVersion = "base" | "witnessV0" | "tapscript"

export const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
export const MAX_ELEMENT = 520
export const MAX_STACK = 1000
export const MAX_OPS = 201
export const LOCKTIME_THRESHOLD = 500_000_000n
export const SEQUENCE_DISABLE = 1n << 31n
export const SEQUENCE_TYPE = 1n << 22n
export const SEQUENCE_MASK = 0xffffn
export const TRUE = Uint8Array.of(1)
export const FALSE = new Uint8Array()

/** BIP-66 strict DER, hash type byte included. */
export const isStrictDer = (sig: Uint8Array): boolean => {
  const at = (i: number) => sig[i] as number
  if (sig.length < 9 || sig.length > 73 || at(0) !== 0x30 || at(1) !== sig.length - 3) return false
  const lenR = at(3)
  if (5 + lenR >= sig.length) return false
  const lenS = at(5 + lenR)
  if (lenR + lenS + 7 !== sig.length || at(2) !== 0x02 || lenR === 0 || at(4) & 0x80) return false
  if (lenR > 1 && at(4) === 0 && !(at(5) & 0x80)) return false
  if (at(lenR + 4) !== 0x02 || lenS === 0 || at(lenR + 6) & 0x80) return false
  return !(lenS > 1 && at(lenR + 6) === 0 && !(at(lenR + 7) & 0x80))
}

export const isStrictPubKey = (key: Uint8Array, sigVersion: SigVersion): boolean =>
  (key.length === 33 && (key[0] === 2 || key[0] === 3)) ||
  (sigVersion === "base" && key.length === 65 && key[0] === 4)

export interface ExecutionContext {
  readonly tx: Transaction
  readonly index: number
  readonly prevouts: ReadonlyArray<TxOutput>
  readonly sigVersion: SigVersion
  /** Taproot script path: the leaf being run and the annex, for the signature hash. */
  readonly leafHash?: Uint8Array | undefined
  readonly annex?: Uint8Array | undefined
}

/** Whether a non-empty ECDSA signature verifies; encoding and policy violations fail the script. */
export const ecdsaVerifies = (
  context: ExecutionContext,
  sig: Uint8Array,
  key: Uint8Array,
  scriptCode: Uint8Array,
): boolean => {
  if (!isStrictDer(sig)) fail("signature is not strict DER")
  const hashType = sig[sig.length - 1] as number
  if (hashType !== SIGHASH.ALL) fail("signatures must use SIGHASH_ALL")
  const der = sig.subarray(0, sig.length - 1)
  try {
    if (secp256k1.Signature.fromBytes(der, "der").hasHighS()) fail("signature has a high S value")
  } catch (error) {
    if (error instanceof ScriptFailure) throw error
    fail("signature is not strict DER")
  }
  if (!isStrictPubKey(key, context.sigVersion)) fail("public key is not a valid compressed key")
  const { tx, index, prevouts } = context
  const hash =
    context.sigVersion === "witnessV0"
      ? witnessV0Sighash(tx, index, scriptCode, (prevouts[index] as TxOutput).value, hashType)
      : legacySighash(tx, index, scriptCode, hashType)
  try {
    return secp256k1.verify(der, hash, key, { prehash: false, lowS: true, format: "der" })
  } catch {
    return false
  }
}

export const checkSchnorr = (context: ExecutionContext, sig: Uint8Array, key: Uint8Array): void => {
  if (sig.length !== 64 && sig.length !== 65) fail("invalid Schnorr signature size")
  const hashType = sig.length === 65 ? (sig[64] as number) : SIGHASH.DEFAULT
  if (sig.length === 65 && hashType === SIGHASH.DEFAULT) fail("explicit SIGHASH_DEFAULT is not allowed")
  if (hashType !== SIGHASH.DEFAULT && hashType !== SIGHASH.ALL) fail("signatures must use SIGHASH_ALL")
  const hash = taprootSighash(
    context.tx,
    context.index,
    { prevouts: context.prevouts, annex: context.annex, leafHash: context.leafHash },
    hashType,
  )
  if (hash === undefined) fail("invalid signature hash type")
  let valid = false
  try {
    valid = schnorr.verify(sig.subarray(0, 64), hash as Uint8Array, key)
  } catch {
    valid = false
  }
  if (!valid) fail("signature does not verify")
}
