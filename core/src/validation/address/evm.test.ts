import { hex } from "@scure/base"
import fc from "fast-check"
import { getAddress } from "viem"
import { describe, expect, it } from "vitest"
import { Refusal } from "./AddressCheck"
import {
  checkEvmAccountAddress,
  checkEvmAddress,
  isChecksumAddress,
  isHexAddress,
  toChecksumAddress,
} from "./evm"

const addressBytes = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => hex.encode(bytes))
/** The checksummed spelling `checkEvmAddress` gives (deferred for single-case input until read). */
const normalizedOf = (input: string): string => {
  const checked = checkEvmAddress(input)
  if (checked instanceof Refusal) throw new Error(checked.message)
  return typeof checked.normalized === "string" ? checked.normalized : checked.normalized()
}

describe("EVM addresses", () => {
  it("checksums per EIP-55 and accepts any prefix case or none", () => {
    const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
    expect(toChecksumAddress("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(checksummed)
    expect(normalizedOf("0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED")).toBe(checksummed)
  })

  it("explains the refusal", () => {
    const bad = checkEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")
    expect(bad instanceof Refusal && bad.message).toBe(
      "Invalid EVM address checksum (EIP-55); if every character is right, its checksummed form is 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    )
    const short = checkEvmAddress("0x1234")
    expect(short instanceof Refusal && short.message).toContain("40 hex characters")
  })

  it("refuses one character outside the hex digits anywhere, right at the edges of each range or past ASCII", () => {
    // The neighbours of 0-9, a-f and A-F, and characters past ASCII (no table entry at all).
    const outside = fc.constantFrom("/", ":", "`", "g", "@", "G", " ", "x", "\u00e9", "\u0130", "\u{1d7ce}")
    fc.assert(
      fc.property(
        addressBytes,
        fc.integer({ min: 0, max: 39 }),
        outside,
        fc.boolean(),
        (body, at, bad, bare) => {
          const input = `${bare ? "" : "0x"}${body.slice(0, at)}${bad}${body.slice(at + 1)}`
          expect(isHexAddress(input)).toBe(false)
          expect(checkEvmAddress(input)).toEqual(
            new Refusal("Invalid EVM address: expected 0x followed by 40 hex characters"),
          )
        },
      ),
    )
  })

  it("takes exactly 40 digits after 0x, or exactly 40 bare", () => {
    const body = "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
    for (const input of [`0x${body}`, `0X${body}`, body]) expect(isHexAddress(input)).toBe(true)
    for (const input of [
      `0x${body}0`,
      `0x${body.slice(1)}`,
      `${body}0`,
      body.slice(1),
      `00${body}`,
      `x0${body}`,
      `1x${body}`,
      `0x${body.slice(2)}`,
    ])
      expect(isHexAddress(input)).toBe(false)
  })

  it("takes 40 bare digits (no letter to carry a checksum), and a bare checksummed address gets its 0x", () => {
    const digits = "1234567890123456789012345678901234567890"
    expect(isHexAddress(digits)).toBe(true)
    expect(toChecksumAddress(digits)).toBe(`0x${digits}`)
    expect(normalizedOf(digits)).toBe(`0x${digits}`)
    expect(normalizedOf("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    )
    expect(() => toChecksumAddress("0x1234")).toThrow(new TypeError("Not a 40-hex-digit address: 0x1234"))
  })

  it("a CAIP-10 eip155 address that is not even hex gets no checksum hint", () => {
    const refused = checkEvmAccountAddress("0x1234")
    expect(refused instanceof Refusal && refused.message).toBe(
      "Invalid EVM address: a CAIP-10 eip155 address must be 0x plus its EIP-55 checksummed form",
    )
  })

  it("checksums exactly as viem's getAddress does, for any spelling", () => {
    fc.assert(
      fc.property(addressBytes, fc.boolean(), (body, upper) => {
        const input = `0x${upper ? body.toUpperCase() : body}`
        expect(toChecksumAddress(input)).toBe(getAddress(input))
        expect(isChecksumAddress(getAddress(input))).toBe(true)
      }),
    )
  })

  it("CAIP-10 eip155 addresses must already be checksummed, and the refusal names the checksummed form", () => {
    expect(checkEvmAccountAddress("0x22227A31dd842196A246d8f3b775998560eAa61d")).not.toBeInstanceOf(Refusal)
    const lower = checkEvmAccountAddress("0x22227a31dd842196a246d8f3b775998560eaa61d")
    expect(lower instanceof Refusal && lower.message).toContain(
      "its checksummed form is 0x22227A31dd842196A246d8f3b775998560eAa61d",
    )
  })

  it("normalization is idempotent and the same for every spelling of an address", () => {
    fc.assert(
      fc.property(addressBytes, (body) => {
        const normalized = normalizedOf(body)
        expect(normalizedOf(normalized)).toBe(normalized)
        expect(normalizedOf(`0x${body.toUpperCase()}`)).toBe(normalized)
      }),
    )
  })

  it("flipping the case of one letter of a checksummed address is caught unless it leaves one case", () => {
    fc.assert(
      fc.property(addressBytes, fc.nat(), (body, pick) => {
        const checksummed = toChecksumAddress(body)
        const letters = [...checksummed.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i + 2] : []))
        fc.pre(letters.length > 0)
        const at = letters[pick % letters.length] ?? 2
        const c = checksummed.charAt(at)
        const flipped = `${checksummed.slice(0, at)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${checksummed.slice(at + 1)}`
        const rest = flipped.slice(2)
        const singleCase = rest === rest.toLowerCase() || rest === rest.toUpperCase()
        expect(checkEvmAddress(flipped) instanceof Refusal).toBe(!singleCase)
      }),
    )
  })
})
