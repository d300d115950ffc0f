import { sha256 } from "@noble/hashes/sha2.js"
import { base58, bech32, bech32m, createBase58check, hex } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { base58Alphabet, bech32Alphabet, mutateOneCharacter } from "../../testing/mutate"
import { Refusal } from "./AddressCheck"
import { type BitcoinNetwork, checkForeignBip122Address, decodeBitcoinAddress } from "./bitcoin"
import { validateAddress } from "./validateAddress"

const base58check = createBase58check(sha256)

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })

/** Valid segwit addresses of every version: v0 as p2wpkh/p2wsh, v1..16 with 2..40 byte programs. */
const segwitAddress = fc
  .tuple(
    fc.constantFrom("bc", "tb", "bcrt"),
    fc.oneof(
      fc.record({ version: fc.constant(0), program: fc.oneof(bytes(20), bytes(32)) }),
      fc.record({
        version: fc.integer({ min: 1, max: 16 }),
        program: fc.uint8Array({ minLength: 2, maxLength: 40 }),
      }),
    ),
  )
  .map(([hrp, { version, program }]) => {
    const coder = version === 0 ? bech32 : bech32m
    return coder.encode(hrp, [version, ...coder.toWords(program)])
  })

const legacyAddress = fc
  .record({ version: fc.constantFrom(0x00, 0x05, 0x6f, 0xc4), hash: bytes(20) })
  .map(({ version, hash }) => base58check.encode(Uint8Array.of(version, ...hash)))

const isValid = (input: string) => Result.isSuccess(decodeBitcoinAddress(input))
/** A typo must pass neither as a Bitcoin address nor as anything else namespace detection tries. */
const passesAnywhere = (input: string) => isValid(input) || validateAddress(input).valid

describe("Bitcoin addresses", () => {
  it("reports type and network", () => {
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ["1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "p2pkh", "mainnet"],
      ["3LRW7jeCvQCRdPF8S3yUCfRAx4eqXFmdcr", "p2sh", "mainnet"],
      ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "p2wpkh", "mainnet"],
      ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "p2wsh", "testnet"],
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "p2tr", "mainnet"],
      ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "witness v2", "mainnet"],
      ["bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu9", "p2wpkh", "regtest"],
    ]
    for (const [input, type, network] of cases)
      expect(Result.getOrThrow(decodeBitcoinAddress(input))).toMatchObject({ type, network })
  })

  it("holds the address to the requested network (testnet and signet share prefixes)", () => {
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    expect(Result.getOrThrow(decodeBitcoinAddress(testnet, "signet")).network).toBe("signet")
    expect(Result.isFailure(decodeBitcoinAddress(testnet, "mainnet"))).toBe(true)
    expect(Result.isFailure(decodeBitcoinAddress(testnet, "regtest"))).toBe(true)
    expect(
      Result.getOrThrow(decodeBitcoinAddress("mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", "regtest")).type,
    ).toBe("p2pkh")
    expect(Result.isFailure(decodeBitcoinAddress("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "testnet"))).toBe(true)
  })

  it("says which network an address of another network belongs to, and which one is expected", () => {
    const messageOf = (input: string, network: BitcoinNetwork) => {
      const decoded = decodeBitcoinAddress(input, network)
      return Result.isFailure(decoded) ? decoded.failure.message : "valid"
    }
    const tb1 = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    const bc1 = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    const bcrt1 = "bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu9"
    const m = "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r"
    const one = "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"
    const three = "3LRW7jeCvQCRdPF8S3yUCfRAx4eqXFmdcr"
    const two = base58check.encode(Uint8Array.of(0xc4, ...new Uint8Array(20).fill(7)))
    expect(messageOf(tb1, "mainnet")).toBe("Invalid address: a testnet/signet address, expected mainnet")
    expect(messageOf(bc1, "testnet")).toBe("Invalid address: a mainnet address, expected testnet")
    expect(messageOf(bc1, "regtest")).toBe("Invalid address: a mainnet address, expected regtest")
    // regtest has its own HRP: bcrt1 and tb1 are never each other's.
    expect(messageOf(bcrt1, "testnet")).toBe("Invalid address: a regtest address, expected testnet")
    expect(messageOf(tb1, "regtest")).toBe("Invalid address: a testnet/signet address, expected regtest")
    // ...but regtest shares the base58 versions of testnet: m/n/2 are valid there, 1/3 are mainnet's.
    expect(messageOf(m, "regtest")).toBe("valid")
    expect(messageOf(two, "signet")).toBe("valid")
    expect(messageOf(m, "mainnet")).toBe(
      "Invalid address: a testnet/signet/regtest address, expected mainnet",
    )
    expect(messageOf(two, "mainnet")).toBe(
      "Invalid address: a testnet/signet/regtest address, expected mainnet",
    )
    expect(messageOf(one, "testnet")).toBe("Invalid address: a mainnet address, expected testnet")
    expect(messageOf(three, "regtest")).toBe("Invalid address: a mainnet address, expected regtest")
    // An address of the right network with a broken checksum is plainly invalid, on any network.
    const broken = `${tb1.slice(0, -1)}${tb1.endsWith("7") ? "8" : "7"}`
    expect(messageOf(broken, "testnet")).toBe("Invalid address")
    expect(messageOf(broken, "mainnet")).toBe("Invalid address")
    expect(messageOf(`${one.slice(0, -1)}J`, "mainnet")).toBe("Invalid address")
    // The same words through validateAddress (what the CLI and the skin show).
    expect(validateAddress(tb1, { namespace: "bip122", network: "mainnet" }).error).toBe(
      "Invalid address: a testnet/signet address, expected mainnet",
    )
  })

  it("accepts other bip122 chains' addresses by their chain-independent rules only", () => {
    expect(checkForeignBip122Address("ltc1q8c6fshw2dlwun7ekn9qwf37cu2rn755u9ym7p0")).toEqual({
      normalized: "ltc1q8c6fshw2dlwun7ekn9qwf37cu2rn755u9ym7p0",
      network: null,
      type: "p2wpkh",
    })
    expect(checkForeignBip122Address("DBcZSePDaMMduBMLymWHXhkE5ArFEvkagU")).not.toBeInstanceOf(Refusal)
    expect(checkForeignBip122Address("DBcZSePDaMMduBMLymWHXhkE5ArFEvkagV")).toEqual(
      new Refusal("Invalid address"),
    )
  })

  it("every generated address is valid and normalizes idempotently", () => {
    fc.assert(
      fc.property(fc.oneof(segwitAddress, legacyAddress), (input) => {
        const normalized = Result.getOrThrow(decodeBitcoinAddress(input)).normalized
        expect(Result.getOrThrow(decodeBitcoinAddress(normalized)).normalized).toBe(normalized)
      }),
    )
  })

  it("a one-character change to a valid bech32/bech32m address is always rejected", () => {
    fc.assert(
      fc.property(segwitAddress, fc.nat(), fc.nat(), (input, at, pick) => {
        const typo = mutateOneCharacter(input, at, pick, bech32Alphabet)
        expect(isValid(typo)).toBe(false)
        // With its "1" separator mistyped the text is no longer bech32-shaped, and 43-44 characters of it
        // can be a checksum-less Solana key; otherwise nothing may accept it.
        if (typo.includes("1")) expect(validateAddress(typo).valid).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it("a one-character change to a valid base58check address is always rejected", () => {
    fc.assert(
      fc.property(legacyAddress, fc.nat(), fc.nat(), (input, at, pick) => {
        expect(passesAnywhere(mutateOneCharacter(input, at, pick, base58Alphabet))).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it("holds segwit to its rules exactly at their edges: version 0..16, its encoding, program 2..40 bytes", () => {
    // Every witness word 0..31 with every program length 1..41, in both encodings: the whole rule table.
    for (let version = 0; version < 32; version++)
      for (let length = 1; length <= 41; length++)
        for (const coder of [bech32, bech32m]) {
          const program = new Uint8Array(length).fill(length)
          const input = coder.encode("bc", [version, ...coder.toWords(program)], 90)
          const rightEncoding = coder === (version === 0 ? bech32 : bech32m)
          const rightLength = version === 0 ? length === 20 || length === 32 : length >= 2 && length <= 40
          const valid = version <= 16 && rightEncoding && rightLength
          const decoded = decodeBitcoinAddress(input)
          expect({ input, valid: Result.isSuccess(decoded) }).toEqual({ input, valid })
          if (!Result.isSuccess(decoded)) continue
          const type =
            version === 0
              ? length === 20
                ? "p2wpkh"
                : "p2wsh"
              : version === 1 && length === 32
                ? "p2tr"
                : `witness v${version}`
          expect(decoded.success).toMatchObject({ type, witnessVersion: version, program })
        }
  })

  it("refuses base58 text of 24 or 26 bytes even when its first 25 carry a right checksum", () => {
    // Leading zero bytes keep the text within 35 characters, the longest a 25-byte address spells.
    const payload = Uint8Array.of(0, 0, ...new Uint8Array(19).fill(9)) // p2pkh version, 20-byte hash
    const withChecksum = base58.decode(base58check.encode(payload))
    expect(isValid(base58.encode(withChecksum))).toBe(true)
    const longer = base58.encode(Uint8Array.of(...withChecksum, 7))
    expect(longer.length).toBeLessThanOrEqual(35)
    expect(isValid(longer)).toBe(false)
    expect(isValid(base58.encode(withChecksum.subarray(0, 24)))).toBe(false)
  })

  it("refuses with a tagged InvalidAddress carrying §5's text", () => {
    const refused = decodeBitcoinAddress("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ", "mainnet")
    expect(Result.isFailure(refused) && refused.failure).toMatchObject({
      _tag: "InvalidAddress",
      namespace: "bip122",
      message: "Invalid address",
    })
  })

  it("exposes the witness program it decoded", () => {
    const decoded = Result.getOrThrow(decodeBitcoinAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"))
    expect(hex.encode(decoded.program)).toBe("751e76e8199196d454941c45d1b3a323f1433bd6")
    expect(decoded.witnessVersion).toBe(0)
  })
})
