import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { type ClaimOptions, type Claims, checkSiwxClaims, claimTime } from "./claims"

const claims: Claims = {
  scheme: "https",
  domain: "app.example",
  nonce: "n0nce123",
  notBefore: "2030-01-01T00:00:00Z",
  expirationTime: "2030-01-02T00:00:00Z",
}
const inWindow = "2030-01-01T12:00:00Z"

/** The failure's tag and one-line message, or "accepted". */
const check = (fields: Claims, options: ClaimOptions) => {
  const exit = Effect.runSyncExit(
    Effect.flatMap(claimTime(options), (now) => checkSiwxClaims(fields, options, now)),
  )
  if (Exit.isSuccess(exit)) return "accepted"
  const error = Exit.findErrorOption(exit)
  return error._tag === "Some" ? `${error.value._tag}: ${error.value.message}` : "defect"
}

describe("checkSiwxClaims: each claim on the edge of its rule", () => {
  it("binds the scheme when one is expected, naming both", () => {
    expect(check(claims, { scheme: "https", time: inWindow })).toBe("accepted")
    expect(check(claims, { scheme: "http", time: inWindow })).toBe(
      "SiweSchemeMismatch: Scheme mismatch: expected http, got https",
    )
    expect(check({ ...claims, scheme: undefined }, { scheme: "https", time: inWindow })).toBe(
      "SiweSchemeMismatch: Scheme mismatch: expected https, got none",
    )
    // No expected scheme: a message with or without one is fine.
    expect(check({ ...claims, scheme: undefined }, { time: inWindow })).toBe("accepted")
  })

  it("binds domain and nonce exactly, naming both", () => {
    expect(check(claims, { domain: "app.example", nonce: "n0nce123", time: inWindow })).toBe("accepted")
    expect(check(claims, { domain: "app.example.", time: inWindow })).toBe(
      "SiweDomainMismatch: Domain mismatch: expected app.example., got app.example",
    )
    expect(check(claims, { nonce: "n0nce1234", time: inWindow })).toBe(
      "SiweNonceMismatch: Nonce mismatch: expected n0nce1234, got n0nce123",
    )
  })

  it("is expired from the expiration instant on, and valid from the not-before instant on", () => {
    expect(check(claims, { time: "2030-01-01T23:59:59.999Z" })).toBe("accepted")
    expect(check(claims, { time: "2030-01-02T00:00:00Z" })).toBe(
      "SiweExpired: Message expired at 2030-01-02T00:00:00Z",
    )
    expect(check(claims, { time: "2030-01-01T00:00:00Z" })).toBe("accepted")
    expect(check(claims, { time: "2029-12-31T23:59:59.999Z" })).toBe(
      "SiweNotYetValid: Message is not valid before 2030-01-01T00:00:00Z",
    )
  })

  it("refuses a time option that is no date-time, saying why", () => {
    expect(check(claims, { time: "2030-02-30T00:00:00Z" })).toBe(
      "InvalidVerifyTime: Invalid time: '2030-02-30T00:00:00Z' is not a real date and time",
    )
  })
})
