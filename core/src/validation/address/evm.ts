import { keccak_256 } from "@noble/hashes/sha3.js"
import { Result } from "effect"
import { type AddressCheck, InvalidAddress } from "./AddressCheck"

const fortyHex = /^[0-9a-fA-F]{40}$/
const utf8 = new TextEncoder()

/** The 40 hex digits of an optionally 0x/0X-prefixed address, or null when it is not one. */
const hexBody = (input: string): string | null => {
  const body = input.startsWith("0x") || input.startsWith("0X") ? input.slice(2) : input
  return fortyHex.test(body) ? body : null
}

/** EIP-55: a letter is upper-cased where the matching nibble of keccak256(lowercase hex) is >= 8. */
export const toChecksumAddress = (address: string): `0x${string}` => {
  const body = hexBody(address)
  if (body === null) throw new TypeError(`Not a 40-hex-digit address: ${address}`)
  const lower = body.toLowerCase()
  const hash = keccak_256(utf8.encode(lower))
  let out = "0x"
  for (let i = 0; i < 40; i++) {
    const byte = hash[i >> 1] ?? 0
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? lower.charAt(i).toUpperCase() : lower.charAt(i)
  }
  return out as `0x${string}`
}

/** Shape only: optional 0x/0X and 40 hex digits in any case (no checksum). */
export const isHexAddress = (input: string): boolean => hexBody(input) !== null

/** Strict EIP-55: lowercase 0x and exactly the checksummed spelling (what CAIP-10 eip155 ids require). */
export const isChecksumAddress = (input: string): boolean =>
  input.startsWith("0x") && hexBody(input) !== null && toChecksumAddress(input) === input

const fail = (message: string): AddressCheck =>
  Result.fail(new InvalidAddress({ namespace: "eip155", message }))

/**
 * What to suggest for a hex address in the wrong case. A checksum mismatch usually means a mistyped
 * character, so the form is offered only as what the address would be *if* every character is right.
 */
export const checksumSuggestion = (address: string): string =>
  `if every character is right, its checksummed form is ${toChecksumAddress(address)}`

/**
 * §5 EVM rule: optional 0x plus 40 hex. A single-case address carries no checksum and is accepted;
 * mixed case is a checksum claim and must match EIP-55. Normalized to the checksummed form.
 */
export const checkEvmAddress = (input: string): AddressCheck => {
  const body = hexBody(input)
  if (body === null) return fail("Invalid EVM address: expected 0x followed by 40 hex characters")
  const normalized = toChecksumAddress(body)
  const singleCase = body === body.toLowerCase() || body === body.toUpperCase()
  if (!singleCase && `0x${body}` !== normalized)
    return fail(`Invalid EVM address checksum (EIP-55); ${checksumSuggestion(body)}`)
  return Result.succeed({ normalized, network: null, type: null })
}

/** The eip155 CAIP-10 profile: the address must already be in EIP-55 form. */
export const checkEvmAccountAddress = (input: string): AddressCheck => {
  if (isChecksumAddress(input)) return Result.succeed({ normalized: input, network: null, type: null })
  const hint = isHexAddress(input) ? `; ${checksumSuggestion(input)}` : ""
  return fail(
    `Invalid EVM address: a CAIP-10 eip155 address must be 0x plus its EIP-55 checksummed form${hint}`,
  )
}
