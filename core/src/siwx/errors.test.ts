import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  InvalidVerifyTime,
  SiweDomainMismatch,
  SiweExpired,
  SiweInvalidSignature,
  SiweNonceMismatch,
  SiweNotYetValid,
  SiweRpcError,
  SiweSchemeMismatch,
  SiwxChainMismatch,
  UnsupportedSiwxNamespace,
} from "./errors"
import { InvalidSiweMessage } from "./SiweMessage"
import { SiwxSessionsUnavailableError } from "./SiwxClient"

// Each refusal of a sign-in links to its own catalogue entry, so an app (or the CLI) can show why it was
// refused; the entry does not depend on the message's variable parts (domains, times, addresses).
const entries = [
  [SiweDomainMismatch, "/errors#siwe-domain-mismatch"],
  [SiweSchemeMismatch, "/errors#siwe-scheme-mismatch"],
  [SiweNonceMismatch, "/errors#siwe-nonce-mismatch"],
  [SiweExpired, "/errors#siwe-message-expired"],
  [SiweNotYetValid, "/errors#siwe-message-not-yet-valid"],
  [SiweInvalidSignature, "/errors#siwe-invalid-signature"],
  [SiweRpcError, "/errors#siwe-rpc-error"],
  [InvalidVerifyTime, "/errors#invalid-verify-time"],
  [InvalidSiweMessage, "/errors#invalid-siwe-message"],
  [UnsupportedSiwxNamespace, "/errors#unsupported-sign-in-namespace"],
  [SiwxChainMismatch, "/errors#sign-in-chain-mismatch"],
] as const

describe("sign-in errors", () => {
  it("each links to its own catalogue entry, whatever its message says", () => {
    fc.assert(
      fc.property(fc.string(), (message) => {
        for (const [ErrorClass, docsPath] of entries) {
          const error = new ErrorClass({ message })
          expect(error.docsPath).toBe(docsPath)
          expect(error.shortMessage).toBe(message)
        }
      }),
      { numRuns: 50 },
    )
    expect(new Set(entries.map(([, docsPath]) => docsPath)).size).toBe(entries.length)
  })

  it("carries its class name as its tag, which callers match with catchTag", () => {
    for (const [ErrorClass] of entries) expect(new ErrorClass({ message: "x" })._tag).toBe(ErrorClass.name)
    expect(new SiwxSessionsUnavailableError({ reason: "x" })._tag).toBe("SiwxSessionsUnavailableError")
  })

  it("says why sessions are unavailable, with the reason as its details", () => {
    const error = new SiwxSessionsUnavailableError({ reason: "HTTP status code: 503" })
    expect(error.message).toBe("Sign-in sessions are unavailable: HTTP status code: 503")
    expect(error.details).toBe("HTTP status code: 503")
    expect(error.docsPath).toBe("/errors#sign-in-sessions-are-unavailable")
  })
})
