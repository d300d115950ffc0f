import { deterministicKeypair, signBytes } from "@appkit/fixtures"
import { base58 } from "@scure/base"
import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { recordSpanNames } from "../../testing/spans"
import { createSolanaSiwxMessage, formatSolanaSiwxMessage, parseSolanaSiwxMessage } from "./SolanaSiwxMessage"
import { verifySolanaSiwxMessage } from "./verifySolanaSiwxMessage"

const key = deterministicKeypair("siws signer")
const stranger = deterministicKeypair("someone else")
const text = formatSolanaSiwxMessage(
  Result.getOrThrow(
    createSolanaSiwxMessage({
      domain: "app.example",
      address: key.address,
      statement: "Sign in to App",
      uri: "https://app.example",
      version: "1",
      chainId: "F7RpanAbV2JJsTC2h5A1Ecfyn1UB6VNx",
      nonce: "abcdEFGH1234",
      issuedAt: "2030-01-01T00:00:00Z",
      expirationTime: "2030-01-01T01:00:00Z",
      notBefore: "2029-12-31T23:00:00Z",
    }),
  ),
)
const sign = (message: string, signer = key) =>
  base58.encode(signBytes(signer, new TextEncoder().encode(message)))
const at = "2030-01-01T00:30:00Z"
const verify = (message: string, signature: string, options = {}) =>
  Effect.runPromise(
    Effect.match(verifySolanaSiwxMessage(message, signature, { time: at, ...options }), {
      onFailure: (error) => error._tag,
      onSuccess: (fields) => `ok ${fields.address}`,
    }),
  )

describe("verifySolanaSiwxMessage", () => {
  it("accepts the address's ed25519 signature over the message's UTF-8 bytes", async () => {
    expect(await verify(text, sign(text), { domain: "app.example", nonce: "abcdEFGH1234" })).toBe(
      `ok ${key.address}`,
    )
  })

  it("refuses a message changed in any character after signing", async () => {
    const signature = sign(text)
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: text.length - 1 }),
        fc.constantFrom(..."xyz07 "),
        async (index, replacement) => {
          fc.pre(text[index] !== replacement)
          const tampered = `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`
          expect(await verify(tampered, signature)).not.toMatch(/^ok/)
        },
      ),
      { numRuns: 60 },
    )
  })

  it("refuses another key's signature, a malformed one, and a 63- or 65-byte one", async () => {
    expect(await verify(text, sign(text, stranger))).toBe("SiweInvalidSignature")
    expect(await verify(text, "0OIl")).toBe("SiweInvalidSignature")
    const signature = base58.decode(sign(text))
    expect(await verify(text, base58.encode(signature.slice(0, 63)))).toBe("SiweInvalidSignature")
    expect(await verify(text, base58.encode(Uint8Array.from([...signature, 0])))).toBe("SiweInvalidSignature")
  })

  it("binds the domain exactly: a part of the message's domain, or more than it, is another site", async () => {
    const signature = sign(text)
    const domain = "app.example"
    const part = fc
      .tuple(fc.nat({ max: domain.length }), fc.nat({ max: domain.length }))
      .map(([from, to]) => domain.slice(Math.min(from, to), Math.max(from, to)))
      .filter((slice) => slice !== domain && slice !== "")
    const more = fc
      .tuple(fc.constantFrom("", "evil-", "sub.", "x"), fc.constantFrom("", ".evil", "x", ":443"))
      .filter(([before, after]) => before !== "" || after !== "")
      .map(([before, after]) => `${before}${domain}${after}`)
    await fc.assert(
      fc.asyncProperty(fc.oneof(part, more), async (expected) => {
        expect(await verify(text, signature, { domain: expected })).toBe("SiweDomainMismatch")
      }),
      { numRuns: 40 },
    )
    expect(await verify(text, signature, { domain })).toMatch(/^ok/)
  })

  it("checks domain, nonce and the validity window as for SIWE, at each edge", async () => {
    const signature = sign(text)
    expect(await verify(text, signature, { domain: "evil.example" })).toBe("SiweDomainMismatch")
    expect(await verify(text, signature, { nonce: "abcdEFGH1235" })).toBe("SiweNonceMismatch")
    expect(await verify(text, signature, { time: "2030-01-01T00:59:59.999Z" })).toMatch(/^ok/)
    expect(await verify(text, signature, { time: "2030-01-01T01:00:00Z" })).toBe("SiweExpired")
    expect(await verify(text, signature, { time: "2029-12-31T23:00:00Z" })).toMatch(/^ok/)
    expect(await verify(text, signature, { time: "2029-12-31T22:59:59.999Z" })).toBe("SiweNotYetValid")
    expect(await verify("not a message", signature)).toBe("InvalidSiweMessage")
  })
})

describe("verifySolanaSiwxMessage signature rules, word for word", () => {
  const failure = (message: string, signature: string) =>
    Effect.runPromise(
      Effect.match(verifySolanaSiwxMessage(message, signature, { time: at }), {
        onFailure: (error) => `${error._tag}: ${error.message}`,
        onSuccess: () => "accepted",
      }),
    )

  it("verifies a message given as fields as it verifies its text", async () => {
    const fields = Result.getOrThrow(parseSolanaSiwxMessage(text))
    const verified = await Effect.runPromise(verifySolanaSiwxMessage(fields, sign(text), { time: at }))
    expect(verified.address).toBe(key.address)
  })

  it("names what is wrong with the signature bytes", async () => {
    expect(await failure(text, "0OIl")).toBe("SiweInvalidSignature: Invalid signature: it is not base58")
    const bytes = base58.decode(sign(text))
    expect(await failure(text, base58.encode(bytes.subarray(0, 63)))).toBe(
      "SiweInvalidSignature: Invalid signature: it is 63 bytes, an ed25519 signature is 64",
    )
    expect(await failure(text, base58.encode(Uint8Array.of(...bytes, 0)))).toBe(
      "SiweInvalidSignature: Invalid signature: it is 65 bytes, an ed25519 signature is 64",
    )
    expect(await failure(text, sign(text, stranger))).toBe(
      `SiweInvalidSignature: Invalid signature: it was not made by ${key.address}`,
    )
  })

  it("verifies strictly (RFC 8032): a small-order key's signature that ZIP-215 accepts for any text is refused", async () => {
    // The identity point as the key, and R = identity, S = 0: [8][S]B = [8]R + [8][k]A holds for every
    // message, so a cofactored (ZIP-215) verifier would let this "address" sign anything.
    const identity = new Uint8Array(32)
    identity[0] = 1
    const smallOrder = base58.encode(identity)
    const forged = new Uint8Array(64)
    forged[0] = 1
    const message = formatSolanaSiwxMessage({
      ...Result.getOrThrow(parseSolanaSiwxMessage(text)),
      address: smallOrder,
    })
    expect(await failure(message, base58.encode(forged))).toBe(
      `SiweInvalidSignature: Invalid signature: it was not made by ${smallOrder}`,
    )
  })
})

describe("verifySolanaSiwxMessage tracing", () => {
  it("opens a span an app's tracer sees by name", async () => {
    const names = await recordSpanNames(verifySolanaSiwxMessage(text, sign(text), { time: at }))
    expect(names).toContain("Siws.verify")
  })
})
