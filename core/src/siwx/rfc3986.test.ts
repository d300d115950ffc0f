import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isAuthority, isPchars, isStatementText, isUri } from "./rfc3986"

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

describe("RFC 3986 edges", () => {
  it.each(["a:b", "z:", "did:pkh:x"])("a one-letter or longer scheme makes a URI: %j", (text) =>
    expect(isUri(text)).toBe(true),
  )

  it.each(["a b://x", "ht_tp://x", "http!://x", "+http://x"])(
    "a scheme outside ALPHA *( ALPHA / DIGIT / + - . ) is not: %j",
    (text) => expect(isUri(text)).toBe(false),
  )

  it.each(["https://[::1]/x", "https://[::1]?q=1", "https://[::1]/p?q=1#f", "https://u@[v1.x]:80/p"])(
    "brackets around the host are fine with a path, query or fragment after them: %j",
    (text) => expect(isUri(text)).toBe(true),
  )

  it.each(["https://x/[a]", "https://x/a]", "https://x?[0]=1", "https://x/?a=[", "https://x#[", "urn:a[b]"])(
    "brackets anywhere but around the host are not: %j",
    (text) => expect(isUri(text)).toBe(false),
  )

  it.each(["https://host:port/", "https://[::zz]/x", "https://a@b@c/", "https://[::1/x"])(
    "an authority that is not RFC 3986 makes no URI: %j",
    (text) => expect(isUri(text)).toBe(false),
  )

  it("an IPv6 literal is hex digits, colons and dots only: whitespace URL parsing would drop is refused", () => {
    for (const space of ["\t", "\n", "\r"]) {
      for (const host of [`[${space}::1]`, `[::${space}1]`, `[::1${space}]`])
        expect(isAuthority(host)).toBe(false)
    }
    expect(isAuthority("[::1]")).toBe(true)
    expect(isAuthority("[2001:db8::192.0.2.1]:443")).toBe(true)
  })

  it("request-id is pchars: unreserved, sub-delims, ':', '@' and %XX", () => {
    expect(isPchars("")).toBe(true)
    expect(isPchars("a-Z_0.9~!$&'()*+,;=:@%2F")).toBe(true)
    for (const bad of ["a b", "a/b", "a?b", "a#b", "%2", "%zz", "é"]) expect(isPchars(bad)).toBe(false)
  })

  it("a statement is one line of reserved, unreserved and spaces", () => {
    expect(isStatementText("")).toBe(true)
    expect(isStatementText("Sign in to App: see https://app.example/terms?x=[1]#@ ~")).toBe(true)
    for (const bad of ["one\ntwo", "tab\there", "100%", 'quote"', "é", "back\\slash"])
      expect(isStatementText(bad)).toBe(false)
  })

  it("pchars and statement text agree with their character sets for any string", () => {
    const pchar = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/
    const statementChar = /^[A-Za-z0-9\-._~!$&'()*+,;=:/?#[\]@ ]$/
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii" }), (text) => {
        const chars = [...text]
        expect(isStatementText(text)).toBe(chars.every((c) => statementChar.test(c)))
        if (!text.includes("%")) expect(isPchars(text)).toBe(chars.every((c) => pchar.test(c)))
      }),
    )
  })
})
