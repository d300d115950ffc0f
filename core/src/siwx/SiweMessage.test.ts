import { hex } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { loadVectors, type Vector } from "../testing/vectors"
import { toChecksumAddress } from "../validation/address/evm"
import { parseSiweMessage } from "./parseSiweMessage"
import { createSiweMessage, formatSiweMessage, InvalidSiweMessage } from "./SiweMessage"

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })
const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
const dateTime = fc
  .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T23:59:59Z"), noInvalidDate: true })
  .map((date) => date.toISOString())
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })

/** Field objects within EIP-4361's grammar, optional fields present or not. */
const siweFields = fc
  .record({
    scheme: optional(fc.constantFrom("https", "http", "chrome-extension")),
    domain: fc
      .tuple(fc.domain(), optional(fc.integer({ min: 1, max: 65535 })))
      .map(([d, p]) => (p ? `${d}:${p}` : d)),
    address: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => toChecksumAddress(hex.encode(b))),
    statement: optional(chars(`${alnum} .,:;!?'()/@#-`, 1, 80)),
    uri: fc.webUrl({ withQueryParameters: true, withFragments: true }),
    version: fc.constant("1" as const),
    chainId: fc.nat(),
    nonce: chars(alnum, 8, 24),
    issuedAt: dateTime,
    expirationTime: optional(dateTime),
    notBefore: optional(dateTime),
    requestId: optional(chars(`${alnum}-._~!$&'()*+,;=:@`, 0, 20)),
    resources: optional(fc.array(fc.webUrl(), { maxLength: 3 })),
  })
  // Absent optional fields are left out, as a parser reports them.
  .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)))

/** EIP-4361's example fields but for the address, which each test sets. */
const siweExample = {
  domain: "example.com",
  uri: "https://example.com/login",
  version: "1",
  chainId: 1,
  nonce: "32891756",
  issuedAt: "2021-09-30T16:25:24Z",
}

describe("createSiweMessage", () => {
  it("create ∘ format ∘ parse gives back the same fields", () => {
    fc.assert(
      fc.property(siweFields, (fields) => {
        const message = Result.getOrThrow(createSiweMessage(fields))
        expect(Result.getOrThrow(parseSiweMessage(formatSiweMessage(message)))).toEqual(fields)
      }),
    )
  })

  it("refuses a nonce one character short, or with one non-alphanumeric character anywhere", () => {
    const fields = {
      domain: "app.example",
      address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
      uri: "https://app.example/login",
      version: "1",
      chainId: 1,
      issuedAt: "2030-01-01T00:00:00Z",
    }
    const refusal = (nonce: string) => {
      const created = createSiweMessage({ ...fields, nonce })
      return Result.isFailure(created) ? created.failure.message : "accepted"
    }
    fc.assert(
      fc.property(chars(alnum, 8, 24), fc.nat(), fc.constantFrom(..." -_.:/+=é\n"), (nonce, at, bad) => {
        const index = at % (nonce.length + 1)
        expect(refusal(`${nonce.slice(0, index)}${bad}${nonce.slice(index)}`)).toContain(
          "Expected at least 8 letters or digits",
        )
      }),
      { numRuns: 200 },
    )
    expect(refusal("abcdEF1")).toContain("Expected at least 8 letters or digits")
    expect(refusal("abcdEF12")).toBe("accepted")
  })

  it("writes a single-case address checksummed; refuses mixed case with a wrong checksum, naming its form", () => {
    const checksummed = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
    const address = (typed: string) => {
      const created = createSiweMessage({ ...siweExample, address: typed })
      return Result.isSuccess(created) ? created.success.address : created.failure.message
    }
    expect(address(checksummed.toLowerCase())).toBe(checksummed)
    expect(address(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(checksummed)
    expect(address(checksummed)).toBe(checksummed)
    // §5's rule for a typed EVM address: the 0x is optional.
    expect(address(checksummed.slice(2).toLowerCase())).toBe(checksummed)
    // One letter's case flipped: a checksum claim that does not hold.
    expect(address("0xc02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")).toBe(
      'Invalid SIWE message: Expected 0x and an EIP-55 checksummed address at ["address"]; if every character is right, its checksummed form is 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    )
    expect(address("0xc02a")).not.toContain("checksummed form is")
    // A message already written holds the checksummed form: parsing stays strict.
    const text = formatSiweMessage(
      Result.getOrThrow(createSiweMessage({ ...siweExample, address: checksummed })),
    )
    expect(Result.isSuccess(parseSiweMessage(text))).toBe(true)
    const lowercaseText = text.replace(checksummed, checksummed.toLowerCase())
    expect(Result.isFailure(parseSiweMessage(lowercaseText))).toBe(true)
  })

  it("says which field breaks which rule, in one line, word for word", () => {
    const address = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
    const fields = { ...siweExample, address }
    const refusal = (change: object) => {
      const result = createSiweMessage({ ...fields, ...change })
      return Result.isFailure(result) ? result.failure.message : "accepted"
    }
    const expected = (rule: string, at: string) => `Invalid SIWE message: Expected ${rule} at ${at}`
    // A wrong checksum beside the broken field: the checksum hint belongs to address errors only.
    const lowercase = fields.address.toLowerCase()
    expect(refusal({ domain: "a b", address: `0xc${address.slice(3)}` })).toBe(
      expected("an RFC 3986 authority (host, optional user@ and :port)", '["domain"]'),
    )
    expect(refusal({ scheme: "a b" })).toBe(expected("an RFC 3986 scheme", '["scheme"]'))
    expect(refusal({ uri: "no-scheme" })).toBe(expected("an RFC 3986 URI", '["uri"]'))
    expect(refusal({ resources: ["https://x", "no-scheme"] })).toBe(
      expected("an RFC 3986 URI", '["resources"][1]'),
    )
    expect(refusal({ requestId: "a b" })).toBe(expected("RFC 3986 path characters", '["requestId"]'))
    for (const field of ["issuedAt", "expirationTime", "notBefore"])
      expect(refusal({ [field]: "2021-09-30" })).toBe(
        expected("an RFC 3339 date-time such as 2024-01-01T00:00:00Z", `["${field}"]`),
      )
    const statement = expected("a non-empty one-line statement of URI characters and spaces", '["statement"]')
    expect(refusal({ statement: "" })).toBe(statement)
    expect(refusal({ statement: "one\ntwo" })).toBe(statement)
    expect(refusal({ statement: "100%" })).toBe(statement)
    expect(refusal({ statement: "I accept the Terms: https://example.com/tos" })).toBe("accepted")
    // Only a hex address with a wrong checksum gets a suggestion: others are not that slip.
    const addressRule = expected("0x and an EIP-55 checksummed address", '["address"]')
    expect(refusal({ address: `${lowercase}00` })).toBe(addressRule)
    expect(refusal({ address: `0x${lowercase.slice(3)}` })).toBe(addressRule)
  })

  it("renders the ERC-4361 example exactly", () => {
    const message = Result.getOrThrow(
      createSiweMessage({
        scheme: "https",
        domain: "example.com",
        address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
        statement: "I accept the ExampleOrg Terms of Service: https://example.com/tos",
        uri: "https://example.com/login",
        version: "1",
        chainId: 1,
        nonce: "32891756",
        issuedAt: "2021-09-30T16:25:24Z",
        resources: ["ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/"],
      }),
    )
    expect(formatSiweMessage(message)).toBe(
      [
        "https://example.com wants you to sign in with your Ethereum account:",
        "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
        "",
        "I accept the ExampleOrg Terms of Service: https://example.com/tos",
        "",
        "URI: https://example.com/login",
        "Version: 1",
        "Chain ID: 1",
        "Nonce: 32891756",
        "Issued At: 2021-09-30T16:25:24Z",
        "Resources:",
        "- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/",
      ].join("\n"),
    )
  })
})

describe("siwe-parse-negative.json (field objects)", () => {
  const objects = loadVectors<Vector & { readonly input_type?: string }>(
    "siwe-parse-negative.json",
  ).vectors.filter((v) => v.input_type === "fields")
  for (const vector of objects) {
    it(vector.id, () => {
      const created = createSiweMessage(vector.input)
      expect(Result.isFailure(created) && created.failure).toBeInstanceOf(InvalidSiweMessage)
    })
  }
})
