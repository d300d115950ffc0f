import { ripemd160, sha1 } from "@noble/hashes/legacy.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { ByteFormatError, equalBytes } from "../encoding/bytes"
import type { Transaction } from "../encoding/transaction"
import {
  checkSchnorr,
  type ExecutionContext,
  ecdsaVerifies,
  FALSE,
  fail,
  hash160,
  LOCKTIME_THRESHOLD,
  MAX_ELEMENT,
  MAX_OPS,
  MAX_STACK,
  SEQUENCE_DISABLE,
  SEQUENCE_MASK,
  SEQUENCE_TYPE,
  TRUE,
  upgradeable,
} from "./checks"
import {
  castToBool,
  decodeScriptNumber,
  encodeScriptNumber,
  isMinimalPush,
  OP,
  parseScript,
  type ScriptOp,
} from "./script"

/**
 * A Bitcoin Script interpreter for proving, not for consensus: it runs one script with every policy rule
 * BIP-322 requires (no CODESEPARATOR, NULLFAIL, MINIMALDATA, MINIMALIF, NULLDUMMY, the stack and opcode
 * limits), over legacy, segwit v0 and tapscript signature versions. Reserved NOPs and OP_SUCCESSx are
 * inconclusive rather than run.
 */
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

/** Runs one script on `stack` (mutated), enforcing the BIP-322 rules; throws ScriptFailure on failure. */
export const execute = (
  script: Uint8Array,
  stack: Array<Uint8Array>,
  context: ExecutionContext,
): undefined => {
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
