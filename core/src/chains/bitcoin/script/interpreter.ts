import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js"
import { ripemd160, sha1 } from "@noble/hashes/legacy.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { ByteFormatError, concatBytes, equalBytes } from "../encoding/bytes"
import type { Transaction, TxOutput } from "../encoding/transaction"
import {
  buildScript,
  castToBool,
  decodeScriptNumber,
  encodeScriptNumber,
  isMinimalPush,
  OP,
  parseScript,
  type ScriptOp,
} from "./script"
import { legacySighash, SIGHASH, taprootSighash, witnessV0Sighash } from "./sighash"

/**
 * A Bitcoin Script interpreter for proving, not for consensus: it verifies one input of a transaction with
 * every policy rule BIP-322 requires (SIGHASH_ALL only, no CODESEPARATOR, LOW_S, STRICTENC, NULLFAIL,
 * MINIMALDATA, MINIMALIF, CLEANSTACK, NULLDUMMY) across legacy, P2SH, segwit v0 and taproot spends. What BIP-322
 * calls upgradeable (reserved NOPs, segwit versions above 1, unknown leaf versions, OP_SUCCESSx) is
 * reported as inconclusive instead of being run.
 */
export type InputVerdict =
  | { readonly valid: true }
  | { readonly valid: false; readonly inconclusive: boolean; readonly reason: string }

class ScriptFailure extends Error {
  constructor(
    message: string,
    readonly inconclusive = false,
  ) {
    super(message)
  }
}

const fail = (reason: string): never => {
  throw new ScriptFailure(reason)
}
const upgradeable = (reason: string): never => {
  throw new ScriptFailure(reason, true)
}

type SigVersion = "base" | "witnessV0" | "tapscript"

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const MAX_ELEMENT = 520
const MAX_STACK = 1000
const MAX_OPS = 201
const LOCKTIME_THRESHOLD = 500_000_000n
const SEQUENCE_DISABLE = 1n << 31n
const SEQUENCE_TYPE = 1n << 22n
const SEQUENCE_MASK = 0xffffn
const TRUE = Uint8Array.of(1)
const FALSE = new Uint8Array()

/** BIP-66 strict DER, hash type byte included. */
const isStrictDer = (sig: Uint8Array): boolean => {
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

const isStrictPubKey = (key: Uint8Array, sigVersion: SigVersion): boolean =>
  (key.length === 33 && (key[0] === 2 || key[0] === 3)) ||
  (sigVersion === "base" && key.length === 65 && key[0] === 4)

/** OP_SUCCESSx of BIP-342: opcodes that make a tapscript succeed unconditionally (reserved for upgrades). */
const isOpSuccess = (op: number) =>
  op === 80 ||
  op === 98 ||
  (op >= 126 && op <= 129) ||
  (op >= 131 && op <= 134) ||
  (op >= 137 && op <= 138) ||
  (op >= 141 && op <= 142) ||
  (op >= 149 && op <= 153) ||
  (op >= 187 && op <= 254)

const disabledOps = new Set([
  0x7e, 0x7f, 0x80, 0x81, 0x83, 0x84, 0x85, 0x86, 0x8d, 0x8e, 0x95, 0x96, 0x97, 0x98, 0x99,
])

interface ExecutionContext {
  readonly tx: Transaction
  readonly index: number
  readonly prevouts: ReadonlyArray<TxOutput>
  readonly sigVersion: SigVersion
  /** Taproot script path: the leaf being run and the annex, for the signature hash. */
  readonly leafHash?: Uint8Array | undefined
  readonly annex?: Uint8Array | undefined
}

/** Whether a non-empty ECDSA signature verifies; encoding and policy violations fail the script. */
const ecdsaVerifies = (
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

const checkSchnorr = (context: ExecutionContext, sig: Uint8Array, key: Uint8Array): void => {
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

/** Runs one script on `stack` (mutated), enforcing the BIP-322 rules; throws ScriptFailure on failure. */
const execute = (script: Uint8Array, stack: Array<Uint8Array>, context: ExecutionContext): undefined => {
  let ops: ReadonlyArray<ScriptOp>
  try {
    ops = parseScript(script)
  } catch {
    return fail("malformed script")
  }
  if (context.sigVersion === "tapscript" && ops.some((op) => op.kind === "op" && isOpSuccess(op.opcode)))
    upgradeable("OP_SUCCESS opcodes are reserved for upgrades")
  if (context.sigVersion !== "tapscript" && script.length > 10_000) fail("script too large")
  const alt: Array<Uint8Array> = []
  const conditions: Array<boolean> = []
  let opCount = 0
  const pop = (): Uint8Array => stack.pop() ?? fail("stack underflow")
  const top = (depth = 1): Uint8Array => stack[stack.length - depth] ?? fail("stack underflow")
  const num = (bytes: Uint8Array, max = 4) => {
    try {
      return decodeScriptNumber(bytes, max)
    } catch (error) {
      return fail(error instanceof ByteFormatError ? error.message : "bad number")
    }
  }
  const pushBool = (value: boolean): undefined => {
    stack.push(value ? TRUE : FALSE)
  }
  const pushNum = (value: bigint): undefined => {
    stack.push(encodeScriptNumber(value))
  }

  for (const op of ops) {
    const executing = conditions.every(Boolean)
    if (op.kind === "push") {
      if (op.data.length > MAX_ELEMENT) fail("push larger than 520 bytes")
      if (executing) {
        if (!isMinimalPush(op)) fail("push is not minimally encoded")
        stack.push(op.data)
      }
    } else {
      const code = op.opcode
      if (code > OP[16] && context.sigVersion !== "tapscript" && ++opCount > MAX_OPS) fail("too many opcodes")
      if (disabledOps.has(code)) fail("disabled opcode")
      if (code === OP.CODESEPARATOR) fail("OP_CODESEPARATOR is forbidden")
      if (code === OP.VERIF || code === OP.VERNOTIF) fail("reserved opcode")
      if (code === OP.IF || code === OP.NOTIF) {
        let value = false
        if (executing) {
          const condition = pop()
          if (condition.length > 1 || (condition.length === 1 && condition[0] !== 1))
            fail("IF argument must be empty or 0x01 (MINIMALIF)")
          value = castToBool(condition) === (code === OP.IF)
        }
        conditions.push(value)
      } else if (code === OP.ELSE) {
        if (conditions.length === 0) fail("ELSE without IF")
        conditions.push(!(conditions.pop() as boolean))
      } else if (code === OP.ENDIF) {
        if (conditions.length === 0) fail("ENDIF without IF")
        conditions.pop()
      } else if (executing) executeOp(code)
    }
    if (stack.length + alt.length > MAX_STACK) fail("stack too large")
  }
  if (conditions.length > 0) fail("unbalanced IF")

  function verify(ok: boolean, what: string): undefined {
    if (!ok) fail(`${what} failed`)
  }

  function executeOp(code: number): undefined {
    if (code === OP["1NEGATE"]) return pushNum(-1n)
    if (code >= OP[1] && code <= OP[16]) return pushNum(BigInt(code - OP[1] + 1))
    switch (code) {
      case OP.NOP:
        return
      case OP.NOP1:
      case OP.NOP4:
      case 0xb4:
      case 0xb5:
      case 0xb6:
      case 0xb7:
      case 0xb8:
      case OP.NOP10:
        return upgradeable("NOPs reserved for upgrades are forbidden")
      case OP.CHECKLOCKTIMEVERIFY: {
        const lock = num(top(), 5)
        if (lock < 0n) fail("negative locktime")
        const txLock = BigInt(context.tx.lockTime)
        if (lock < LOCKTIME_THRESHOLD !== txLock < LOCKTIME_THRESHOLD || lock > txLock)
          fail("CHECKLOCKTIMEVERIFY failed")
        if ((context.tx.inputs[context.index] as Transaction["inputs"][number]).sequence === 0xffffffff)
          fail("CHECKLOCKTIMEVERIFY on a final input")
        return
      }
      case OP.CHECKSEQUENCEVERIFY: {
        const sequence = num(top(), 5)
        if (sequence < 0n) fail("negative sequence")
        if (sequence & SEQUENCE_DISABLE) return
        const txSequence = BigInt(
          (context.tx.inputs[context.index] as Transaction["inputs"][number]).sequence,
        )
        if (context.tx.version < 2 || txSequence & SEQUENCE_DISABLE) fail("CHECKSEQUENCEVERIFY failed")
        if ((sequence & SEQUENCE_TYPE) !== (txSequence & SEQUENCE_TYPE)) fail("CHECKSEQUENCEVERIFY failed")
        if ((sequence & SEQUENCE_MASK) > (txSequence & SEQUENCE_MASK)) fail("CHECKSEQUENCEVERIFY failed")
        return
      }
      case OP.VERIFY:
        return verify(castToBool(pop()), "OP_VERIFY")
      case OP.RETURN:
        return fail("OP_RETURN")
      case OP.TOALTSTACK:
        return void alt.push(pop())
      case OP.FROMALTSTACK:
        return void stack.push(alt.pop() ?? fail("alt stack underflow"))
      case OP["2DROP"]:
        pop()
        pop()
        return
      case OP["2DUP"]:
        return void stack.push(top(2), top(2))
      case OP["3DUP"]:
        return void stack.push(top(3), top(3), top(3))
      case OP["2OVER"]:
        return void stack.push(top(4), top(4))
      case OP["2ROT"]: {
        const moved = stack.splice(stack.length - 6, 2)
        if (moved.length !== 2) fail("stack underflow")
        return void stack.push(...moved)
      }
      case OP["2SWAP"]: {
        const moved = stack.splice(stack.length - 4, 2)
        if (moved.length !== 2 || stack.length < 2) fail("stack underflow")
        return void stack.push(...moved)
      }
      case OP.IFDUP:
        if (castToBool(top())) stack.push(top())
        return
      case OP.DEPTH:
        return pushNum(BigInt(stack.length))
      case OP.DROP:
        return void pop()
      case OP.DUP:
        return void stack.push(top())
      case OP.NIP: {
        const last = pop()
        pop()
        return void stack.push(last)
      }
      case OP.OVER:
        return void stack.push(top(2))
      case OP.PICK:
      case OP.ROLL: {
        const n = num(pop())
        if (n < 0n || n >= BigInt(stack.length)) fail("PICK/ROLL out of range")
        const at = stack.length - 1 - Number(n)
        const item = stack[at] as Uint8Array
        if (code === OP.ROLL) stack.splice(at, 1)
        return void stack.push(item)
      }
      case OP.ROT: {
        const moved = stack.splice(stack.length - 3, 1)
        if (moved.length !== 1 || stack.length < 2) fail("stack underflow")
        return void stack.push(moved[0] as Uint8Array)
      }
      case OP.SWAP: {
        const a = pop()
        const b = pop()
        return void stack.push(a, b)
      }
      case OP.TUCK: {
        const a = pop()
        const b = pop()
        return void stack.push(a, b, a)
      }
      case OP.SIZE:
        return pushNum(BigInt(top().length))
      case OP.EQUAL:
      case OP.EQUALVERIFY: {
        const equal = equalBytes(pop(), pop())
        return code === OP.EQUAL ? pushBool(equal) : verify(equal, "OP_EQUALVERIFY")
      }
      case OP["1ADD"]:
        return pushNum(num(pop()) + 1n)
      case OP["1SUB"]:
        return pushNum(num(pop()) - 1n)
      case OP.NEGATE:
        return pushNum(-num(pop()))
      case OP.ABS: {
        const n = num(pop())
        return pushNum(n < 0n ? -n : n)
      }
      case OP.NOT:
        return pushBool(num(pop()) === 0n)
      case OP["0NOTEQUAL"]:
        return pushBool(num(pop()) !== 0n)
      case OP.ADD:
      case OP.SUB:
      case OP.BOOLAND:
      case OP.BOOLOR:
      case OP.NUMEQUAL:
      case OP.NUMEQUALVERIFY:
      case OP.NUMNOTEQUAL:
      case OP.LESSTHAN:
      case OP.GREATERTHAN:
      case OP.LESSTHANOREQUAL:
      case OP.GREATERTHANOREQUAL:
      case OP.MIN:
      case OP.MAX: {
        const b = num(pop())
        const a = num(pop())
        if (code === OP.ADD) return pushNum(a + b)
        if (code === OP.SUB) return pushNum(a - b)
        if (code === OP.BOOLAND) return pushBool(a !== 0n && b !== 0n)
        if (code === OP.BOOLOR) return pushBool(a !== 0n || b !== 0n)
        if (code === OP.NUMEQUAL) return pushBool(a === b)
        if (code === OP.NUMEQUALVERIFY) return verify(a === b, "OP_NUMEQUALVERIFY")
        if (code === OP.NUMNOTEQUAL) return pushBool(a !== b)
        if (code === OP.LESSTHAN) return pushBool(a < b)
        if (code === OP.GREATERTHAN) return pushBool(a > b)
        if (code === OP.LESSTHANOREQUAL) return pushBool(a <= b)
        if (code === OP.GREATERTHANOREQUAL) return pushBool(a >= b)
        // biome-ignore lint/complexity/useMathMinMax: script numbers are bigints, which Math.min refuses
        const smaller = a < b ? a : b
        // biome-ignore lint/complexity/useMathMinMax: as above
        const larger = a < b ? b : a
        return pushNum(code === OP.MIN ? smaller : larger)
      }
      case OP.WITHIN: {
        const max = num(pop())
        const min = num(pop())
        const x = num(pop())
        return pushBool(min <= x && x < max)
      }
      case OP.RIPEMD160:
        return void stack.push(ripemd160(pop()))
      case OP.SHA1:
        return void stack.push(sha1(pop()))
      case OP.SHA256:
        return void stack.push(sha256(pop()))
      case OP.HASH160:
        return void stack.push(hash160(pop()))
      case OP.HASH256:
        return void stack.push(sha256(sha256(pop())))
      case OP.CHECKSIG:
      case OP.CHECKSIGVERIFY: {
        const key = pop()
        const sig = pop()
        const ok = checkSig(sig, key)
        return code === OP.CHECKSIG ? pushBool(ok) : verify(ok, "OP_CHECKSIGVERIFY")
      }
      case OP.CHECKSIGADD: {
        if (context.sigVersion !== "tapscript") fail("OP_CHECKSIGADD outside tapscript")
        const key = pop()
        const n = num(pop())
        const sig = pop()
        return pushNum(n + (checkSig(sig, key) ? 1n : 0n))
      }
      case OP.CHECKMULTISIG:
      case OP.CHECKMULTISIGVERIFY:
        return checkMultisig(code === OP.CHECKMULTISIGVERIFY)
      default:
        return fail(`unknown opcode 0x${code.toString(16)}`)
    }
  }

  function checkSig(sig: Uint8Array, key: Uint8Array): boolean {
    if (context.sigVersion !== "tapscript") {
      if (sig.length === 0) return false
      // NULLFAIL: a signature that does not verify must be the empty push.
      return ecdsaVerifies(context, sig, key, script) || fail("signature does not verify")
    }
    if (key.length === 0) fail("empty public key")
    if (sig.length === 0) return false
    if (key.length !== 32) return upgradeable("unknown public key type")
    checkSchnorr(context, sig, key)
    return true
  }

  function checkMultisig(verifyOnly: boolean): undefined {
    if (context.sigVersion === "tapscript") fail("OP_CHECKMULTISIG is disabled in tapscript")
    const keyCount = Number(num(pop()))
    if (keyCount < 0 || keyCount > 20) fail("bad public key count")
    opCount += keyCount
    if (opCount > MAX_OPS) fail("too many opcodes")
    // Popped top first; the script lists keys and signatures bottom first, and matches them in that order.
    const keys = Array.from({ length: keyCount }, () => pop()).reverse()
    const sigCount = Number(num(pop()))
    if (sigCount < 0 || sigCount > keyCount) fail("bad signature count")
    const sigs = Array.from({ length: sigCount }, () => pop()).reverse()
    if (pop().length !== 0) fail("CHECKMULTISIG dummy must be empty (NULLDUMMY)")
    let sigIndex = 0
    let keyIndex = 0
    let success = true
    while (success && sigIndex < sigs.length) {
      const sig = sigs[sigIndex] as Uint8Array
      if (sig.length > 0 && ecdsaVerifies(context, sig, keys[keyIndex] as Uint8Array, script)) sigIndex++
      keyIndex++
      if (sigs.length - sigIndex > keys.length - keyIndex) success = false
    }
    if (!success && sigs.some((sig) => sig.length > 0)) fail("signature does not verify")
    if (verifyOnly) verify(success, "OP_CHECKMULTISIGVERIFY")
    else pushBool(success)
  }
}

const isPushOnly = (script: Uint8Array): boolean => {
  try {
    return parseScript(script).every(
      (op) =>
        op.kind === "push" ||
        (op.opcode >= OP["1NEGATE"] && op.opcode <= OP[16] && op.opcode !== OP.RESERVED),
    )
  } catch {
    return false
  }
}

const witnessProgram = (script: Uint8Array): { version: number; program: Uint8Array } | undefined => {
  if (script.length < 4 || script.length > 42) return undefined
  const first = script[0] as number
  if (first !== OP[0] && (first < OP[1] || first > OP[16])) return undefined
  if ((script[1] as number) + 2 !== script.length) return undefined
  return { version: first === OP[0] ? 0 : first - OP[1] + 1, program: script.subarray(2) }
}

const isP2sh = (script: Uint8Array) =>
  script.length === 23 && script[0] === OP.HASH160 && script[1] === 20 && script[22] === OP.EQUAL

const requireCleanTrue = (stack: ReadonlyArray<Uint8Array>, what: string): undefined => {
  if (stack.length !== 1) fail(`${what} must leave exactly one stack element (CLEANSTACK)`)
  if (!castToBool(stack[0] as Uint8Array)) fail(`${what} evaluated to false`)
}

const tapBranch = (a: Uint8Array, b: Uint8Array) => {
  const [first, second] = compareBytes(a, b) <= 0 ? [a, b] : [b, a]
  return schnorr.utils.taggedHash("TapBranch", first, second)
}

const compareBytes = (a: Uint8Array, b: Uint8Array): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++)
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number)
  return a.length - b.length
}

export const tapLeafHash = (script: Uint8Array, leafVersion = 0xc0): Uint8Array =>
  schnorr.utils.taggedHash("TapLeaf", Uint8Array.of(leafVersion), buildCompactSized(script))

const buildCompactSized = (bytes: Uint8Array): Uint8Array => {
  const length = bytes.length
  const prefix =
    length < 0xfd ? Uint8Array.of(length) : Uint8Array.of(0xfd, length & 0xff, (length >>> 8) & 0xff)
  return concatBytes(prefix, bytes)
}

/** Q = P + H_TapTweak(P || root)·G; the output key's x and y parity. */
export const tweakKey = (internalKey: Uint8Array, merkleRoot: Uint8Array | undefined) => {
  const tweak = schnorr.utils.taggedHash("TapTweak", internalKey, merkleRoot ?? new Uint8Array())
  const t = BigInt(`0x${Array.from(tweak, (b) => b.toString(16).padStart(2, "0")).join("")}`)
  if (t >= secp256k1.Point.CURVE().n) return undefined
  const point = schnorr.utils.lift_x(
    BigInt(`0x${Array.from(internalKey, (b) => b.toString(16).padStart(2, "0")).join("")}`),
  )
  const q = point.add(secp256k1.Point.BASE.multiply(t)).toAffine()
  const x = Uint8Array.from(q.x.toString(16).padStart(64, "0").match(/../g) ?? [], (h) =>
    Number.parseInt(h, 16),
  )
  return { x, parity: Number(q.y & 1n) }
}

const verifyTaproot = (
  witness: ReadonlyArray<Uint8Array>,
  program: Uint8Array,
  base: Omit<ExecutionContext, "sigVersion">,
): undefined => {
  let items = [...witness]
  if (items.length === 0) fail("empty witness")
  let annex: Uint8Array | undefined
  const last = items[items.length - 1] as Uint8Array
  if (items.length >= 2 && last[0] === 0x50) {
    annex = last
    items = items.slice(0, -1)
  }
  if (items.length === 1) {
    checkSchnorr({ ...base, sigVersion: "tapscript", annex }, items[0] as Uint8Array, program)
    return
  }
  const control = items.pop() as Uint8Array
  const script = items.pop() as Uint8Array
  if (control.length < 33 || (control.length - 33) % 32 !== 0 || control.length > 33 + 128 * 32)
    fail("invalid taproot control block")
  const leafVersion = (control[0] as number) & 0xfe
  const internalKey = control.subarray(1, 33)
  const leaf = tapLeafHash(script, leafVersion)
  let node = leaf
  for (let offset = 33; offset < control.length; offset += 32)
    node = tapBranch(node, control.subarray(offset, offset + 32))
  let tweaked: ReturnType<typeof tweakKey>
  try {
    tweaked = tweakKey(internalKey, node)
  } catch {
    return fail("invalid taproot internal key")
  }
  if (
    tweaked === undefined ||
    !equalBytes(tweaked.x, program) ||
    tweaked.parity !== ((control[0] as number) & 1)
  )
    fail("taproot commitment does not match the output key")
  if (leafVersion !== 0xc0) upgradeable("unknown taproot leaf version")
  if (items.some((item) => item.length > MAX_ELEMENT)) fail("witness element larger than 520 bytes")
  const stack = items
  execute(script, stack, { ...base, sigVersion: "tapscript", leafHash: leaf, annex })
  requireCleanTrue(stack, "tapscript")
}

const verifyWitnessProgram = (
  version: number,
  program: Uint8Array,
  witness: ReadonlyArray<Uint8Array>,
  base: Omit<ExecutionContext, "sigVersion">,
  nestedInP2sh: boolean,
): undefined => {
  if (version === 0) {
    if (program.length === 20) {
      if (witness.length !== 2) fail("P2WPKH witness must have two elements")
      const stack = [...witness]
      execute(buildScript([OP.DUP, OP.HASH160, program, OP.EQUALVERIFY, OP.CHECKSIG]), stack, {
        ...base,
        sigVersion: "witnessV0",
      })
      return requireCleanTrue(stack, "P2WPKH")
    }
    if (program.length === 32) {
      if (witness.length === 0) fail("empty witness")
      const script = witness[witness.length - 1] as Uint8Array
      if (!equalBytes(sha256(script), program)) fail("witness script does not match the program")
      const stack = witness.slice(0, -1)
      if (stack.some((item) => item.length > MAX_ELEMENT)) fail("witness element larger than 520 bytes")
      execute(script, stack, { ...base, sigVersion: "witnessV0" })
      return requireCleanTrue(stack, "P2WSH")
    }
    return fail("wrong witness program length")
  }
  if (version === 1 && program.length === 32 && !nestedInP2sh) return verifyTaproot(witness, program, base)
  return upgradeable(`segwit version ${version} is reserved for upgrades`)
}

/**
 * Verifies input `index` of `tx` against its spent output. `prevouts` holds the spent output of every
 * input (taproot signatures commit to all of them; for other inputs only this one is read).
 */
export const verifyInput = (
  tx: Transaction,
  index: number,
  prevouts: ReadonlyArray<TxOutput>,
): InputVerdict => {
  try {
    const input = tx.inputs[index]
    const prevout = prevouts[index]
    if (input === undefined || prevout === undefined) return fail("no such input")
    if (!isPushOnly(input.scriptSig)) fail("scriptSig must be push-only")
    const base = { tx, index, prevouts }
    const stack: Array<Uint8Array> = []
    execute(input.scriptSig, stack, { ...base, sigVersion: "base" })
    const afterScriptSig = [...stack]
    const program = witnessProgram(prevout.script)
    if (program) {
      if (input.scriptSig.length !== 0) fail("native witness spend must have an empty scriptSig")
      verifyWitnessProgram(program.version, program.program, input.witness, base, false)
      return { valid: true }
    }
    execute(prevout.script, stack, { ...base, sigVersion: "base" })
    if (stack.length === 0 || !castToBool(stack[stack.length - 1] as Uint8Array))
      fail("script evaluated to false")
    if (isP2sh(prevout.script)) {
      const redeemScript = afterScriptSig[afterScriptSig.length - 1] as Uint8Array
      const redeemStack = afterScriptSig.slice(0, -1)
      const nested = witnessProgram(redeemScript)
      if (nested) {
        if (!equalBytes(input.scriptSig, buildScript([redeemScript])))
          fail("P2SH witness scriptSig must push only the redeem script")
        verifyWitnessProgram(nested.version, nested.program, input.witness, base, true)
        return { valid: true }
      }
      execute(redeemScript, redeemStack, { ...base, sigVersion: "base" })
      requireCleanTrue(redeemStack, "P2SH")
    } else requireCleanTrue(stack, "script")
    if (input.witness.length > 0) fail("unexpected witness")
    return { valid: true }
  } catch (error) {
    if (error instanceof ScriptFailure)
      return { valid: false, inconclusive: error.inconclusive, reason: error.message }
    return {
      valid: false,
      inconclusive: false,
      reason: error instanceof Error ? error.message : String(error),
    }
  }
}
