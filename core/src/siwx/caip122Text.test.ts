import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type Caip122Text, formatCaip122Text, parseCaip122Text } from "./caip122Text"

/** One-line values without the layout's own separators (what each namespace's rules allow at most). */
const line = fc
  .string({ unit: fc.constantFrom(..."abcXYZ019:/.-_ "), minLength: 1, maxLength: 24 })
  .filter((s) => s.trim() === s && !s.startsWith("- "))
const fields: fc.Arbitrary<Caip122Text> = fc.record(
  {
    scheme: fc.constantFrom("https", "http"),
    domain: line,
    address: line,
    statement: line,
    uri: line,
    version: fc.constant("1"),
    chainId: line,
    nonce: line,
    issuedAt: line,
    expirationTime: line,
    notBefore: line,
    requestId: line,
    resources: fc.array(line, { maxLength: 3 }),
  },
  { requiredKeys: ["domain", "address", "uri", "version", "chainId", "nonce", "issuedAt"] },
)

describe("the CAIP-122 text layout", () => {
  it("parses back exactly what it formats, optional lines or not, for either blockchain", () => {
    fc.assert(
      fc.property(fields, fc.constantFrom("Ethereum", "Solana"), (message, blockchain) => {
        expect(
          Result.getOrThrow(parseCaip122Text(formatCaip122Text(blockchain, message), blockchain)),
        ).toEqual(message)
      }),
    )
  })

  it("says where the layout breaks", () => {
    const text = formatCaip122Text("Solana", {
      domain: "app.example",
      address: "addr",
      uri: "https://app.example",
      version: "1",
      chainId: "ref",
      nonce: "abcdefgh",
      issuedAt: "2030-01-01T00:00:00Z",
    })
    const failure = (input: string, blockchain = "Solana") => {
      const parsed = parseCaip122Text(input, blockchain)
      return Result.isFailure(parsed) ? parsed.failure : "parsed"
    }
    expect(failure(text, "Ethereum")).toBe(
      'the first line must end with "wants you to sign in with your Ethereum account:"',
    )
    expect(failure(text.replace("addr\n\n", "addr\nx\n"))).toBe("expected an empty line after the address")
    expect(failure(text.replace("\n\nURI", "\nOne\nTwo\nURI"))).toBe(
      "expected an empty line after the statement (it must be one line)",
    )
    expect(failure(text.replace("Version: 1\n", ""))).toBe('expected "Version:" on line 6')
    expect(failure(`${text}\nExtra: line`)).toBe('unexpected line 10: "Extra: line"')
  })
})

describe("CAIP-122 layout edges", () => {
  const lines = [
    "app.example wants you to sign in with your Ethereum account:",
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "",
    "",
    "URI: https://app.example",
    "Version: 1",
    "Chain ID: 1",
    "Nonce: 32891756",
    "Issued At: 2021-09-30T16:25:24Z",
    "Resources:",
    "- https://app.example/a",
  ]

  it("ends the resource list at the first line without the '- ' bullet, and refuses what follows", () => {
    const text = [...lines, "https://app.example/b"].join("\n")
    expect(parseCaip122Text(text, "Ethereum")).toEqual(
      Result.fail('unexpected line 12: "https://app.example/b"'),
    )
    expect(Result.map(parseCaip122Text(lines.join("\n"), "Ethereum"), (m) => m.resources)).toEqual(
      Result.succeed(["https://app.example/a"]),
    )
  })
})
