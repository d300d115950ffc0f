import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { concatBytes, equalBytes } from "../encoding/bytes"
import type { Transaction, TxOutput } from "../encoding/transaction"
import { checkSchnorr, type ExecutionContext, fail, MAX_ELEMENT, ScriptFailure, upgradeable } from "./checks"
import { execute } from "./interpreter"
import { buildScript, castToBool, OP, parseScript } from "./script"

/**
 * Verifies one input of a transaction against the output it spends, for proving, not for consensus, with
 * every policy rule BIP-322 requires (SIGHASH_ALL only, no CODESEPARATOR, LOW_S, STRICTENC, NULLFAIL,
 * MINIMALDATA, MINIMALIF, CLEANSTACK, NULLDUMMY) across legacy, P2SH, segwit v0 and taproot spends. What BIP-322
 * calls upgradeable (reserved NOPs, segwit versions above 1, unknown leaf versions, OP_SUCCESSx) is
 * reported as inconclusive instead of being run.
 */
export type InputVerdict =
  | { readonly valid: true }
  | { readonly valid: false; readonly inconclusive: boolean; readonly reason: string }

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
