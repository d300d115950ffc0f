import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadVectors, type Vector } from "../testing/vectors"
import { parseSiweMessage } from "./parseSiweMessage"
import { formatSiweMessage, InvalidSiweMessage } from "./SiweMessage"

interface ParseVector extends Vector {
  readonly input: string | Record<string, unknown>
  readonly input_type?: "message" | "fields"
}

describe("siwe-parse-positive.json", () => {
  for (const vector of loadVectors<ParseVector>("siwe-parse-positive.json").vectors) {
    it(vector.id, () => {
      const text = String(vector.input)
      const parsed = Result.getOrThrow(parseSiweMessage(text))
      for (const [key, value] of Object.entries(vector.expected ?? {})) {
        const actual = (parsed as Record<string, unknown>)[key]
        if (value === null) expect(actual, key).toBeUndefined()
        else if (key === "chainId") expect(String(actual)).toBe(String(value))
        else expect(actual, key).toEqual(value)
      }
      // The text a wallet signed comes back byte for byte.
      expect(formatSiweMessage(parsed)).toBe(text)
    })
  }
})

describe("siwe-parse-negative.json (messages)", () => {
  const messages = loadVectors<ParseVector>("siwe-parse-negative.json").vectors.filter(
    (v) => v.input_type === "message",
  )
  for (const vector of messages) {
    it(vector.id, () => {
      const parsed = parseSiweMessage(String(vector.input))
      expect(Result.isFailure(parsed) && parsed.failure).toBeInstanceOf(InvalidSiweMessage)
    })
  }
})

describe("parseSiweMessage", () => {
  const valid = [
    "example.com wants you to sign in with your Ethereum account:",
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "",
    "",
    "URI: https://example.com",
    "Version: 1",
    "Chain ID: 1",
    "Nonce: 32891756",
    "Issued At: 2021-09-30T16:25:24Z",
  ]

  it("says which line is wrong", () => {
    const missingNonce = parseSiweMessage(valid.filter((line) => !line.startsWith("Nonce")).join("\n"))
    expect(Result.isFailure(missingNonce) && missingNonce.failure.message).toBe(
      'Invalid SIWE message: expected "Nonce:" on line 8',
    )
  })

  it("names a format problem as one: a final line break, CRLF line ends", () => {
    const trailing = parseSiweMessage(`${valid.join("\n")}\n`)
    expect(Result.isFailure(trailing) && trailing.failure.message).toBe(
      "Invalid SIWE message: it ends with a line break, which is not part of an EIP-4361 message (the signed text ends right after its last field)",
    )
    const crlf = parseSiweMessage(valid.join("\r\n"))
    expect(Result.isFailure(crlf) && crlf.failure.message).toBe(
      "Invalid SIWE message: it has CRLF line ends; EIP-4361 messages use LF only",
    )
    // Text that is no message at all is not blamed on its line ends.
    const junk = parseSiweMessage("\u0000\r\n\u00ff garbage\r")
    expect(Result.isFailure(junk) && junk.failure.message).toBe(
      'Invalid SIWE message: the first line must end with "wants you to sign in with your Ethereum account:"',
    )
  })

  it("blames a final line break only when removing it gives a message", () => {
    const wrongNonce = parseSiweMessage(`${valid.join("\n").replace("Nonce: 32891756", "Nonce: 3289175")}\n`)
    expect(Result.isFailure(wrongNonce) && wrongNonce.failure.message).toBe(
      'Invalid SIWE message: unexpected line 10: ""',
    )
  })

  it("takes only decimal digits as the chain id, whatever JavaScript's Number would read", () => {
    const withChain = (chainId: string) =>
      parseSiweMessage(valid.join("\n").replace("Chain ID: 1", `Chain ID: ${chainId}`))
    for (const chainId of ["1e3", "0x10", "1.0", "1_000", "-1", "9007199254740993"]) {
      const parsed = withChain(chainId)
      expect(Result.isFailure(parsed) && parsed.failure.message, chainId).toBe(
        `Invalid SIWE message: Chain ID must be a decimal number, got "${chainId}"`,
      )
    }
    for (const chainId of ["0", "01", "9007199254740991"])
      expect(Result.isSuccess(withChain(chainId)), chainId).toBe(true)
  })

  it("refuses a first line with a line terminator inside, wherever it sits", () => {
    for (const terminator of ["\r", "\u2028", "\u2029"]) {
      for (const first of [
        `evil${terminator}example.com`,
        `example.com${terminator}evil`,
        `https://example.com${terminator}`,
      ]) {
        const text = [`${first} wants you to sign in with your Ethereum account:`, ...valid.slice(1)].join(
          "\n",
        )
        const parsed = parseSiweMessage(text)
        expect(Result.isFailure(parsed) && parsed.failure.message, JSON.stringify(first)).toBe(
          'Invalid SIWE message: Expected an RFC 3986 authority (host, optional user@ and :port) at ["domain"]',
        )
      }
    }
  })

  it("refuses an impossible date and a Solana header", () => {
    const feb31 = valid.join("\n").replace("2021-09-30", "2021-02-31")
    expect(Result.isFailure(parseSiweMessage(feb31))).toBe(true)
    const solana = valid.join("\n").replace("Ethereum account", "Solana account")
    expect(Result.isFailure(parseSiweMessage(solana))).toBe(true)
  })
})
