import { ByteFormatError, ByteWriter } from "../encoding/bytes"

/** Bitcoin Script: the opcodes this package reads or interprets, and the push/number encodings. */
export const OP = {
  0: 0x00,
  PUSHDATA1: 0x4c,
  PUSHDATA2: 0x4d,
  PUSHDATA4: 0x4e,
  "1NEGATE": 0x4f,
  RESERVED: 0x50,
  1: 0x51,
  16: 0x60,
  NOP: 0x61,
  VER: 0x62,
  IF: 0x63,
  NOTIF: 0x64,
  VERIF: 0x65,
  VERNOTIF: 0x66,
  ELSE: 0x67,
  ENDIF: 0x68,
  VERIFY: 0x69,
  RETURN: 0x6a,
  TOALTSTACK: 0x6b,
  FROMALTSTACK: 0x6c,
  "2DROP": 0x6d,
  "2DUP": 0x6e,
  "3DUP": 0x6f,
  "2OVER": 0x70,
  "2ROT": 0x71,
  "2SWAP": 0x72,
  IFDUP: 0x73,
  DEPTH: 0x74,
  DROP: 0x75,
  DUP: 0x76,
  NIP: 0x77,
  OVER: 0x78,
  PICK: 0x79,
  ROLL: 0x7a,
  ROT: 0x7b,
  SWAP: 0x7c,
  TUCK: 0x7d,
  SIZE: 0x82,
  EQUAL: 0x87,
  EQUALVERIFY: 0x88,
  "1ADD": 0x8b,
  "1SUB": 0x8c,
  NEGATE: 0x8f,
  ABS: 0x90,
  NOT: 0x91,
  "0NOTEQUAL": 0x92,
  ADD: 0x93,
  SUB: 0x94,
  BOOLAND: 0x9a,
  BOOLOR: 0x9b,
  NUMEQUAL: 0x9c,
  NUMEQUALVERIFY: 0x9d,
  NUMNOTEQUAL: 0x9e,
  LESSTHAN: 0x9f,
  GREATERTHAN: 0xa0,
  LESSTHANOREQUAL: 0xa1,
  GREATERTHANOREQUAL: 0xa2,
  MIN: 0xa3,
  MAX: 0xa4,
  WITHIN: 0xa5,
  RIPEMD160: 0xa6,
  SHA1: 0xa7,
  SHA256: 0xa8,
  HASH160: 0xa9,
  HASH256: 0xaa,
  CODESEPARATOR: 0xab,
  CHECKSIG: 0xac,
  CHECKSIGVERIFY: 0xad,
  CHECKMULTISIG: 0xae,
  CHECKMULTISIGVERIFY: 0xaf,
  NOP1: 0xb0,
  CHECKLOCKTIMEVERIFY: 0xb1,
  CHECKSEQUENCEVERIFY: 0xb2,
  NOP4: 0xb3,
  NOP10: 0xb9,
  CHECKSIGADD: 0xba,
} as const

/** One script element: a data push (with the opcode that pushed it) or a bare opcode. */
export type ScriptOp =
  | { readonly kind: "push"; readonly opcode: number; readonly data: Uint8Array }
  | { readonly kind: "op"; readonly opcode: number }

/** Splits a script into its elements; a push running past the end is a ByteFormatError. */
export const parseScript = (script: Uint8Array): ReadonlyArray<ScriptOp> => {
  const ops: Array<ScriptOp> = []
  let i = 0
  const take = (length: number) => {
    if (i + length > script.length) throw new ByteFormatError("script push past the end")
    const data = script.subarray(i, i + length)
    i += length
    return data
  }
  const le = (bytes: Uint8Array) => bytes.reduceRight((value, byte) => value * 256 + byte, 0)
  while (i < script.length) {
    const opcode = script[i++] as number
    if (opcode > 0 && opcode < OP.PUSHDATA1) ops.push({ kind: "push", opcode, data: take(opcode) })
    else if (opcode === OP.PUSHDATA1) ops.push({ kind: "push", opcode, data: take(le(take(1))) })
    else if (opcode === OP.PUSHDATA2) ops.push({ kind: "push", opcode, data: take(le(take(2))) })
    else if (opcode === OP.PUSHDATA4) ops.push({ kind: "push", opcode, data: take(le(take(4))) })
    else if (opcode === OP[0]) ops.push({ kind: "push", opcode, data: new Uint8Array() })
    else ops.push({ kind: "op", opcode })
  }
  return ops
}

/** MINIMALDATA: the push uses the shortest form for its data. */
export const isMinimalPush = (op: ScriptOp & { kind: "push" }): boolean => {
  const { data, opcode } = op
  if (data.length === 0) return opcode === OP[0]
  if (data.length === 1 && (data[0] as number) >= 1 && (data[0] as number) <= 16) return false // OP_1..OP_16
  if (data.length === 1 && data[0] === 0x81) return false // OP_1NEGATE
  if (data.length <= 75) return opcode === data.length
  if (data.length <= 255) return opcode === OP.PUSHDATA1
  if (data.length <= 65535) return opcode === OP.PUSHDATA2
  return true
}

/** A script of pushes and opcodes, each push in its minimal form. */
export const buildScript = (parts: ReadonlyArray<number | Uint8Array>): Uint8Array => {
  const writer = new ByteWriter()
  for (const part of parts) {
    if (typeof part === "number") writer.u8(part)
    else if (part.length === 0) writer.u8(OP[0])
    else if (part.length < OP.PUSHDATA1) writer.u8(part.length).bytes(part)
    else if (part.length <= 0xff) writer.u8(OP.PUSHDATA1).u8(part.length).bytes(part)
    else
      writer
        .u8(OP.PUSHDATA2)
        .u8(part.length)
        .u8(part.length >>> 8)
        .bytes(part)
  }
  return writer.finish()
}

/** Script numbers (CScriptNum): little-endian sign-magnitude, minimally encoded, at most `maxLength` bytes. */
export const decodeScriptNumber = (bytes: Uint8Array, maxLength = 4): bigint => {
  if (bytes.length > maxLength) throw new ByteFormatError("script number overflow")
  if (bytes.length === 0) return 0n
  const last = bytes[bytes.length - 1] as number
  if ((last & 0x7f) === 0 && (bytes.length === 1 || ((bytes[bytes.length - 2] as number) & 0x80) === 0))
    throw new ByteFormatError("non-minimally encoded script number")
  let value = 0n
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i] as number)
  const signBit = 0x80n << BigInt(8 * (bytes.length - 1))
  return value & signBit ? -(value & ~signBit) : value
}

export const encodeScriptNumber = (value: bigint): Uint8Array => {
  if (value === 0n) return new Uint8Array()
  const negative = value < 0n
  let magnitude = negative ? -value : value
  const out: Array<number> = []
  while (magnitude > 0n) {
    out.push(Number(magnitude & 0xffn))
    magnitude >>= 8n
  }
  if (((out[out.length - 1] as number) & 0x80) !== 0) out.push(negative ? 0x80 : 0)
  else if (negative) out[out.length - 1] = (out[out.length - 1] as number) | 0x80
  return Uint8Array.from(out)
}

/** Script truthiness: any non-zero byte, except a lone sign bit (negative zero) at the end. */
export const castToBool = (bytes: Uint8Array): boolean =>
  bytes.some((byte, index) => byte !== 0 && !(index === bytes.length - 1 && byte === 0x80))
