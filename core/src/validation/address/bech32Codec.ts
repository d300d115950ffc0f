/** The bech32/bech32m codec (BIP-173/BIP-350), plain: the Bitcoin connect path reads addresses with it. */

export type Bech32Encoding = "bech32" | "bech32m"

export interface Bech32String {
  readonly encoding: Bech32Encoding
  /** Human-readable part, lowercase. */
  readonly prefix: string
  /** The 5-bit data words, checksum removed. */
  readonly words: ReadonlyArray<number>
}

/** BIP-173's overall limit; cosmos-sdk addresses stay well under it too. */
const maxLength = 90
const checksumLength = 6
const separator = 0x31 // "1"

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
/** Char code → 5-bit value; -1 for everything outside the (lowercase) bech32 charset. */
const charValues = new Int8Array(128).fill(-1)
for (let value = 0; value < charset.length; value++) charValues[charset.charCodeAt(value)] = value

// BIP-173's BCH code: the generator and the constant the whole string's residue must equal. The two
// encodings differ only in that constant, so one pass over the string tells which (if either) it is.
const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
const bech32Constant = 1
const bech32mConstant = 0x2bc830a3

const polymodStep = (residue: number): number => {
  const top = residue >>> 25
  let next = (residue & 0x1ffffff) << 5
  for (let i = 0; i < 5; i++) if ((top >>> i) & 1) next ^= generators[i] as number
  return next
}

/**
 * Decodes a bech32 or bech32m string (BIP-173/BIP-350: 8..90 characters of printable ASCII in one case, a
 * 1..83-character prefix before the last "1", then at least 6 charset characters, valid checksum), or
 * undefined. No exceptions: detection calls this on every kind of input, most of which is not bech32.
 */
export const readBech32 = (input: string): Bech32String | undefined => {
  const length = input.length
  if (length < 8 || length > maxLength) return undefined
  let hasLower = false
  let hasUpper = false
  let split = -1
  for (let i = 0; i < length; i++) {
    const code = input.charCodeAt(i)
    if (code < 33 || code > 126) return undefined
    if (code >= 97 && code <= 122) hasLower = true
    else if (code >= 65 && code <= 90) hasUpper = true
    else if (code === separator) split = i
  }
  if ((hasLower && hasUpper) || split < 1 || length - split - 1 < checksumLength) return undefined
  const text = hasUpper ? input.toLowerCase() : input
  let residue = 1
  for (let i = 0; i < split; i++) residue = polymodStep(residue) ^ (text.charCodeAt(i) >>> 5)
  residue = polymodStep(residue)
  for (let i = 0; i < split; i++) residue = polymodStep(residue) ^ (text.charCodeAt(i) & 31)
  const words = new Array<number>(length - split - 1 - checksumLength)
  for (let i = split + 1; i < length; i++) {
    const value = charValues[text.charCodeAt(i)] as number
    if (value < 0) return undefined
    residue = polymodStep(residue) ^ value
    if (i < length - checksumLength) words[i - split - 1] = value
  }
  const encoding = residue === bech32Constant ? "bech32" : residue === bech32mConstant ? "bech32m" : undefined
  return encoding && { encoding, prefix: text.slice(0, split), words }
}

/**
 * Converts 5-bit words (from index `from` on) to bytes, refusing non-zero or over-long padding (BIP-173:
 * at most 4 bits of zeros), or undefined.
 */
export const wordsToBytes = (words: ReadonlyArray<number>, from = 0): Uint8Array | undefined => {
  const bytes = new Uint8Array(Math.floor(((words.length - from) * 5) / 8))
  let carry = 0
  let bits = 0
  let at = 0
  for (let i = from; i < words.length; i++) {
    carry = ((carry << 5) | (words[i] as number)) & 0xfff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes[at++] = (carry >>> bits) & 0xff
    }
  }
  return bits < 5 && (carry & ((1 << bits) - 1)) === 0 ? bytes : undefined
}
