import { keccak_256 } from "@noble/hashes/sha3.js"
import { accept, type Checked, Refusal } from "./AddressCheck"

const digit = 0
const lowerLetter = 1
const upperLetter = 2
/** Char code → what kind of hex digit it is; -1 for anything else. */
const hexKinds = new Int8Array(128).fill(-1)
for (let code = 48; code <= 57; code++) hexKinds[code] = digit
for (let code = 97; code <= 102; code++) hexKinds[code] = lowerLetter
for (let code = 65; code <= 70; code++) hexKinds[code] = upperLetter

/**
 * Optional 0x/0X then exactly 40 hex digits, read in one pass that also notes the letter cases (a
 * character loop: cheaper than a regular expression plus the toLowerCase/toUpperCase compares it replaces).
 * Returns where the digits start (0 or 2) plus, in the next two bits, the letter cases seen
 * (`lowerLetter`, `upperLetter`), or -1 when the input is not that shape.
 */
const readHexAddress = (input: string): number => {
  const length = input.length
  const start =
    length === 42 && input.charCodeAt(0) === 48 && (input.charCodeAt(1) | 0x20) === 120
      ? 2
      : length === 40
        ? 0
        : -1
  if (start < 0) return -1
  let cases = 0
  for (let i = start; i < length; i++) {
    const kind = hexKinds[input.charCodeAt(i)] ?? -1
    if (kind < 0) return -1
    cases |= kind
  }
  return start | (cases << 2)
}
const startOf = (read: number) => read & 3
const isMixedCase = (read: number) => read >> 2 === (lowerLetter | upperLetter)

/**
 * keccak256 of the lowercase hex digits, the EIP-55 case key, with those digits' ASCII codes beside it.
 * Letter i is upper-case in the checksummed spelling exactly when nibble i of the hash is >= 8.
 */
interface ChecksumKey {
  readonly ascii: Uint8Array
  readonly hash: Uint8Array
}

const checksumKey = (input: string, start: number): ChecksumKey => {
  const ascii = new Uint8Array(40)
  for (let i = 0; i < 40; i++) ascii[i] = input.charCodeAt(start + i) | 0x20 // lowercase; digits keep theirs
  return { ascii, hash: keccak_256(ascii) }
}

const upperNibble = (hash: Uint8Array, i: number): boolean =>
  ((i & 1 ? (hash[i >> 1] as number) : (hash[i >> 1] as number) >> 4) & 0x0f) >= 8

/** The checksummed spelling, cased in place in the key's ASCII (so a key is spelled once, after any check). */
const spell = ({ ascii, hash }: ChecksumKey): `0x${string}` => {
  for (let i = 0; i < 40; i++) {
    const code = ascii[i] as number
    if (code > 0x39 && upperNibble(hash, i)) ascii[i] = code ^ 0x20
  }
  return `0x${String.fromCharCode(...ascii)}`
}

/** The EIP-55 spelling of the 40 hex digits from `start` (0 or 2) of `input`. */
export const checksummed = (input: string, start: number): `0x${string}` => spell(checksumKey(input, start))

/** Whether the letters are cased exactly as EIP-55 spells them (no string is built). */
const hasChecksumCase = (input: string, start: number, { hash }: ChecksumKey): boolean => {
  for (let i = 0; i < 40; i++) {
    const code = input.charCodeAt(start + i)
    if (code > 0x39 && code < 0x61 !== upperNibble(hash, i)) return false
  }
  return true
}

/** EIP-55: a letter is upper-cased where the matching nibble of keccak256(lowercase hex) is >= 8. */
export const toChecksumAddress = (address: string): `0x${string}` => {
  const read = readHexAddress(address)
  if (read < 0) throw new TypeError(`Not a 40-hex-digit address: ${address}`)
  return checksummed(address, startOf(read))
}

/** Shape only: optional 0x/0X and 40 hex digits in any case (no checksum). */
export const isHexAddress = (input: string): boolean => readHexAddress(input) >= 0

/** Strict EIP-55: lowercase 0x and exactly the checksummed spelling (what CAIP-10 eip155 ids require). */
export const isChecksumAddress = (input: string): boolean =>
  input.startsWith("0x") && readHexAddress(input) >= 0 && hasChecksumCase(input, 2, checksumKey(input, 2))

const notHex = new Refusal("Invalid EVM address: expected 0x followed by 40 hex characters")

const suggesting = (checksummedForm: string) =>
  `if every character is right, its checksummed form is ${checksummedForm}`

/**
 * What to suggest for a hex address in the wrong case. A checksum mismatch usually means a mistyped
 * character, so the form is offered only as what the address would be *if* every character is right.
 */
export const checksumSuggestion = (address: string): string => suggesting(toChecksumAddress(address))

/**
 * §5 EVM rule: optional 0x plus 40 hex. A single-case address carries no checksum and is accepted;
 * mixed case is a checksum claim and must match EIP-55. Normalized to the checksummed form, which for
 * single-case input is hashed only when read: a caller asking just "is it valid?" never pays for it.
 */
export const checkEvmAddress = (input: string): Checked => {
  const read = readHexAddress(input)
  if (read < 0) return notHex
  const start = startOf(read)
  if (!isMixedCase(read)) return accept(() => checksummed(input, start))
  const key = checksumKey(input, start)
  // The suggestion is spelled from the hash the check already computed: one keccak per refusal.
  if (!hasChecksumCase(input, start, key))
    return new Refusal(`Invalid EVM address checksum (EIP-55); ${suggesting(spell(key))}`)
  return accept(start === 2 && input.charCodeAt(1) === 120 ? input : `0x${input.slice(start)}`)
}

/**
 * Where the digits of a single-case hex address start (0 or 2), or -1 when the input is not one: the
 * address `checkEvmAddress` accepts without a checksum, found without building its answer.
 */
export const singleCaseDigitsStart = (input: string): number => {
  const read = readHexAddress(input)
  return read >= 0 && !isMixedCase(read) ? startOf(read) : -1
}

/**
 * `checkEvmAddress(input)` accepts, without building an answer: the path `isValidAddress` takes for
 * hex-shaped input, so a yes/no caller allocates nothing but the checksum hash of a mixed-case claim.
 * `undefined` when the input is not 40 hex digits after an optional 0x (the caller then detects as usual).
 */
export const evmAddressValidity = (input: string): boolean | undefined => {
  const read = readHexAddress(input)
  if (read < 0) return undefined
  const start = startOf(read)
  return !isMixedCase(read) || hasChecksumCase(input, start, checksumKey(input, start))
}

/** The eip155 CAIP-10 profile: the address must already be in EIP-55 form. */
export const checkEvmAccountAddress = (input: string): Checked => {
  if (isChecksumAddress(input)) return accept(input)
  const hint = isHexAddress(input) ? `; ${checksumSuggestion(input)}` : ""
  return new Refusal(
    `Invalid EVM address: a CAIP-10 eip155 address must be 0x plus its EIP-55 checksummed form${hint}`,
  )
}
