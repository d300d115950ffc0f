import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isAuthority, isUri } from "./rfc3986"

describe("RFC 3986", () => {
  it.each(["example.com", "localhost:8080", "test@127.0.0.1:8080", "[::cafe]", "[v1.fe80::a+en1]", "a%20b"])(
    "authority %j",
    (text) => expect(isAuthority(text)).toBe(true),
  )
  it.each(["", "#notrfc4501", "a b", "[::zz]", "host:port", "a/b"])("not authority %j", (text) =>
    expect(isAuthority(text)).toBe(false),
  )
  it.each([
    "https://[::cafe]",
    "https://127.0.0.1/?query=one#begin",
    "urn:isbn:0451450523",
    "file:///etc/x",
    "did:pkh:eip155:1:0xab",
  ])("URI %j", (text) => expect(isUri(text)).toBe(true))
  it.each([
    ":not_a_rfc3986_valid_uri_",
    "https://a b",
    "no-scheme",
    "1http://x",
    "https://x/%zz",
    "https://x#a#b",
  ])("not URI %j", (text) => expect(isUri(text)).toBe(false))
  it("accepts every URL fast-check makes", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(isUri(url)).toBe(true)
      }),
    )
  })
})
