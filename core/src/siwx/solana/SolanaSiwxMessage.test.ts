import { base64url } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  createSolanaSiwxMessage,
  formatSolanaSiwxMessage,
  parseSolanaSiwxMessage,
  type SolanaSiwxMessage,
} from "./SolanaSiwxMessage"

const message: SolanaSiwxMessage = Result.getOrThrow(
  createSolanaSiwxMessage({
    domain: "service.org",
    address: "GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1",
    statement: "I accept the ServiceOrg Terms of Service: https://service.org/tos",
    uri: "https://service.org/login",
    version: "1",
    chainId: "1",
    nonce: "32891757",
    issuedAt: "2021-09-30T16:25:24.000Z",
    resources: [
      "ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu",
      "https://example.com/my-web2-claim.json",
    ],
  }),
)

describe("Sign-In With Solana messages", () => {
  it("render the Solana namespace's CAIP-122 example byte for byte (ChainAgnostic/namespaces solana/caip122.md)", () => {
    // The profile gives the example's bytes as base64url.
    const expected =
      "c2VydmljZS5vcmcgd2FudHMgeW91IHRvIHNpZ24gaW4gd2l0aCB5b3VyIFNvbGFuYSBhY2NvdW50OgpHd0FGNDV6amZ5R3pVYmQzaTNoWHh6R2V1Y2h6RVpYd3BSWUhaTTU5MTJGMQoKSSBhY2NlcHQgdGhlIFNlcnZpY2VPcmcgVGVybXMgb2YgU2VydmljZTogaHR0cHM6Ly9zZXJ2aWNlLm9yZy90b3MKClVSSTogaHR0cHM6Ly9zZXJ2aWNlLm9yZy9sb2dpbgpWZXJzaW9uOiAxCkNoYWluIElEOiAxCk5vbmNlOiAzMjg5MTc1NwpJc3N1ZWQgQXQ6IDIwMjEtMDktMzBUMTY6MjU6MjQuMDAwWgpSZXNvdXJjZXM6Ci0gaXBmczovL1FtZTdzczNBUlZneHY2clhxVlBpaWtNSjh1Mk5MZ21nc3pnMTNwWXJES0VvaXUKLSBodHRwczovL2V4YW1wbGUuY29tL215LXdlYjItY2xhaW0uanNvbg"
    const bytes = base64url.decode(`${expected}${"=".repeat((4 - (expected.length % 4)) % 4)}`)
    expect(formatSolanaSiwxMessage(message)).toBe(new TextDecoder().decode(bytes))
    expect(Result.getOrThrow(parseSolanaSiwxMessage(formatSolanaSiwxMessage(message)))).toEqual(message)
  })

  it("parse back to what was formatted, for any valid fields", () => {
    const alnum = fc.string({ unit: fc.constantFrom(..."abcXYZ0189"), minLength: 8, maxLength: 20 })
    fc.assert(
      fc.property(
        alnum,
        fc.option(fc.constantFrom("Sign in", "Log in to the dApp"), { nil: undefined }),
        fc.boolean(),
        (nonce, statement, withExpiry) => {
          const fields = {
            ...message,
            nonce,
            ...(statement === undefined ? { statement: undefined } : { statement }),
            ...(withExpiry ? { expirationTime: "2031-01-01T00:00:00Z" } : {}),
          }
          const { statement: _, ...withoutStatement } = fields
          const created = Result.getOrThrow(
            createSolanaSiwxMessage(statement === undefined ? withoutStatement : fields),
          )
          expect(Result.getOrThrow(parseSolanaSiwxMessage(formatSolanaSiwxMessage(created)))).toEqual(created)
        },
      ),
    )
  })

  it("refuses what the Solana profile does not allow, right at each rule's edge", () => {
    const text = formatSolanaSiwxMessage(message)
    const refused = (input: string) => Result.isFailure(parseSolanaSiwxMessage(input))
    expect(refused(`https://${text}`)).toBe(true)
    expect(refused(text.replace("Solana account", "Ethereum account"))).toBe(true)
    expect(refused(text.replace(message.address, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"))).toBe(true)
    // 31 decoded bytes: one character short of a key.
    expect(refused(text.replace(message.address, "1111111111111111111111111111111"))).toBe(true)
    expect(refused(text.replace("Chain ID: 1", `Chain ID: ${"a".repeat(33)}`))).toBe(true)
    expect(refused(text.replace("Chain ID: 1", `Chain ID: ${"a".repeat(32)}`))).toBe(false)
    expect(refused(text.replace("Nonce: 32891757", "Nonce: 3289175"))).toBe(true)
    expect(refused(`${text}\n`)).toBe(true)
  })

  it("says which rule a message breaks, in one line, word for word", () => {
    const text = formatSolanaSiwxMessage(message)
    const refusal = (input: string) => {
      const parsed = parseSolanaSiwxMessage(input)
      return Result.isFailure(parsed) ? parsed.failure.message : "accepted"
    }
    expect(refusal(`https://${text}`)).toBe("Invalid sign-in message: a Solana sign-in message has no scheme")
    expect(refusal(text.replace(message.address, "1111111111111111111111111111111"))).toBe(
      'Invalid sign-in message: Expected a Solana address (32-44 base58 characters, 32 bytes) at ["address"]',
    )
    expect(refusal(text.replace("Chain ID: 1", `Chain ID: ${"a".repeat(33)}`))).toBe(
      'Invalid sign-in message: Expected a CAIP-2 reference at ["chainId"]',
    )
    expect(refusal(text.replace("Solana account", "Ethereum account"))).toBe(
      'Invalid sign-in message: the first line must end with "wants you to sign in with your Solana account:"',
    )
  })
})
