import { blake2b } from "@noble/hashes/blake2.js"
import { base58 } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { base58Alphabet, mutateOneCharacter } from "../../testing/mutate"
import { Refusal } from "./AddressCheck"
import { checkPolkadotAddress, decodeSs58 } from "./polkadot"

/** The SS58 checksum of `body` (prefix and key), from the spec, independent of the decoder under test. */
const checksumOf = (body: Uint8Array): Uint8Array =>
  blake2b(Uint8Array.of(...new TextEncoder().encode("SS58PRE"), ...body), { dkLen: 64 }).subarray(0, 2)

/** Any bytes with their checksum (right or as given), base58-encoded. */
const withChecksum = (body: Uint8Array, checksum = checksumOf(body)): string =>
  base58.encode(Uint8Array.of(...body, ...checksum))

/** SS58 encoder written from the spec. */
const encodeSs58 = (prefix: number, publicKey: Uint8Array): string => {
  const prefixBytes =
    prefix < 64
      ? [prefix]
      : [((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b0000_0011) << 6)]
  return withChecksum(Uint8Array.of(...prefixBytes, ...publicKey))
}

const refusalOf = (input: string): string | undefined => {
  const result = decodeSs58(input)
  return Result.isFailure(result) ? result.failure.message : undefined
}

const ss58Address = fc
  .record({
    prefix: fc.oneof(
      fc.integer({ min: 0, max: 63 }).filter((p) => p !== 46 && p !== 47),
      fc.integer({ min: 64, max: 16383 }),
    ),
    // sr25519/ed25519 keys, or 33-byte ecdsa keys (with a 2-byte prefix, the longest address: 51 characters)
    publicKey: fc.uint8Array({ minLength: 32, maxLength: 33 }),
  })
  .map(({ prefix, publicKey }) => ({ prefix, publicKey, address: encodeSs58(prefix, publicKey) }))

describe("Polkadot SS58 addresses", () => {
  it("names well-known prefixes", () => {
    expect(checkPolkadotAddress("15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XFF")).toMatchObject({
      network: "polkadot",
      type: "ss58",
    })
    expect(checkPolkadotAddress("HRkCrbmke2XeabJ5fxJdgXWpBRPkXWfWHY8eTeCKwDdf4k6")).toMatchObject({
      network: "kusama",
    })
  })

  it("pins the prefix to a known chain", () => {
    const kusamaAddress = "HRkCrbmke2XeabJ5fxJdgXWpBRPkXWfWHY8eTeCKwDdf4k6"
    expect(checkPolkadotAddress(kusamaAddress, "b0a8d493285c2df73290dfb7e61f870f")).not.toBeInstanceOf(
      Refusal,
    )
    const onPolkadot = checkPolkadotAddress(kusamaAddress, "91b171bb158e2d3848fa23a9f1c25182")
    expect(onPolkadot instanceof Refusal && onPolkadot.message).toContain("prefix 2")
  })

  it("says when the text is not base58 at all", () => {
    for (const input of ["15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XF0", "", "0x1234"])
      expect(refusalOf(input)).toBe("Invalid SS58 address: not base58")
  })

  it("refuses a bad checksum", () => {
    const result = checkPolkadotAddress("5hmuyxw9xdgbpptgypokw4thfyoe3ryenebr381z9iaegmfy")
    expect(result).toBeInstanceOf(Refusal)
  })

  it("refuses text longer than any account address without decoding it (no throw, no quadratic wait)", () => {
    for (const input of ["2".repeat(52), "2".repeat(100_000)]) {
      const result = decodeSs58(input)
      expect(Result.isFailure(result) && result.failure.message).toBe("Invalid SS58 address: wrong length")
    }
  })

  it("names the substrate prefix, and any other by its number", () => {
    const key = new Uint8Array(32).fill(9)
    expect(checkPolkadotAddress(encodeSs58(42, key))).toMatchObject({ network: "substrate", type: "ss58" })
    expect(checkPolkadotAddress(encodeSs58(7, key))).toMatchObject({ network: "ss58-7" })
    expect(checkPolkadotAddress(encodeSs58(16383, key))).toMatchObject({ network: "ss58-16383" })
  })

  it("refuses a first byte with its top bit set (reserved), even with a right checksum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 128, max: 255 }),
        fc.uint8Array({ minLength: 33, maxLength: 34 }),
        (first, rest) => {
          expect(refusalOf(withChecksum(Uint8Array.of(first, ...rest)))).toBe(
            "Invalid SS58 address: reserved prefix",
          )
        },
      ),
    )
  })

  it("takes keys of exactly 32 or 33 bytes after a one- or two-byte prefix", () => {
    for (const [prefix, bytes] of [
      [[0], 31],
      [[0], 34],
      [[0x40, 0x00], 31],
      [[0x40, 0x00], 34],
    ] as const)
      expect(refusalOf(withChecksum(Uint8Array.of(...prefix, ...new Uint8Array(bytes).fill(5))))).toBe(
        "Invalid SS58 address: wrong length",
      )
    // The longest account address, 51 characters, is still read.
    const longest = encodeSs58(16383, new Uint8Array(33).fill(255))
    expect(longest).toHaveLength(51)
    expect(Result.isSuccess(decodeSs58(longest))).toBe(true)
  })

  it("refuses a checksum wrong in either of its two bytes alone", () => {
    fc.assert(
      fc.property(
        ss58Address,
        fc.integer({ min: 1, max: 255 }),
        fc.boolean(),
        ({ prefix, publicKey }, flip, first) => {
          const prefixLength = prefix < 64 ? 1 : 2
          const body = base58
            .decode(encodeSs58(prefix, publicKey))
            .subarray(0, prefixLength + publicKey.length)
          const checksum = Uint8Array.from(checksumOf(body))
          checksum[first ? 0 : 1] = (checksum[first ? 0 : 1] as number) ^ flip
          expect(refusalOf(withChecksum(body, checksum))).toBe("Invalid SS58 address checksum")
        },
      ),
    )
  })

  it("decodes every prefix and key it is given, one- and two-byte prefixes alike", () => {
    fc.assert(
      fc.property(ss58Address, ({ prefix, publicKey, address }) => {
        expect(Result.getOrThrow(decodeSs58(address))).toEqual({ prefix, publicKey })
      }),
    )
  })

  // SS58's checksum is only 2 bytes, so a random typo slips through once in 65,536: a fixed seed keeps
  // this test deterministic instead of failing one CI run in a few hundred.
  it("a one-character change to a valid address is rejected", () => {
    fc.assert(
      fc.property(ss58Address, fc.nat(), fc.nat(), ({ address }, at, pick) => {
        expect(Result.isFailure(decodeSs58(mutateOneCharacter(address, at, pick, base58Alphabet)))).toBe(true)
      }),
      { numRuns: 300, seed: 20261122 },
    )
  })
})
