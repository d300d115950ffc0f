import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isOriginAllowed } from "./originAllowlist"

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom("com", "example", "io"))
  .map(([labels, tld]) => [...labels, tld].join("."))
  .filter((host) => host !== "localhost")
const scheme = fc.constantFrom("http", "https")
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })
const origin = fc
  .record({ scheme, host: domain, port })
  .map(({ scheme, host, port }) => `${scheme}://${host}${port === undefined ? "" : `:${port}`}`)

describe("isOriginAllowed (§6 allowlist)", () => {
  it("allows an origin on the list, in any letter case, with or without its default port", () => {
    fc.assert(
      fc.property(origin, (entry) => {
        expect(isOriginAllowed(entry, [entry])).toBe(true)
        expect(isOriginAllowed(entry.toUpperCase(), [entry])).toBe(true)
      }),
    )
    expect(isOriginAllowed("https://app.example:443", ["https://app.example"])).toBe(true)
    expect(isOriginAllowed("http://app.example", ["http://app.example:80/"])).toBe(true)
  })

  it("refuses another scheme, another port, another host (a suffix is not a subdomain)", () => {
    fc.assert(
      fc.property(domain, label, (host, prefix) => {
        const list = [`https://${host}`]
        expect(isOriginAllowed(`http://${host}`, list)).toBe(false)
        expect(isOriginAllowed(`https://${host}:8443`, list)).toBe(false)
        expect(isOriginAllowed(`https://${prefix}${host}`, list)).toBe(false)
        expect(isOriginAllowed(`https://${prefix}.${host}`, list)).toBe(false)
      }),
    )
  })

  it("reads `*.` as any subdomain (not the domain itself) and `:*` as any port", () => {
    fc.assert(
      fc.property(domain, label, fc.integer({ min: 1, max: 65535 }), (host, sub, anyPort) => {
        expect(isOriginAllowed(`https://${sub}.${host}`, [`https://*.${host}`])).toBe(true)
        expect(isOriginAllowed(`https://${host}`, [`https://*.${host}`])).toBe(false)
        expect(isOriginAllowed(`https://${sub}${host}`, [`https://*.${host}`])).toBe(false)
        expect(isOriginAllowed(`https://${host}:${anyPort}`, [`https://${host}:*`])).toBe(true)
        expect(isOriginAllowed(`http://${host}:${anyPort}`, [`https://${host}:*`])).toBe(false)
      }),
    )
  })

  it("always allows loopback (a dApp under development), on any port", () => {
    for (const host of ["http://localhost:5173", "http://127.0.0.1:4000", "http://[::1]:3000"])
      expect(isOriginAllowed(host, [])).toBe(true)
    expect(isOriginAllowed("http://127.0.0.1.evil.example", [])).toBe(false)
  })

  it("refuses what is not an origin, and ignores list entries that are not", () => {
    for (const text of ["", "null", "app.example", "https://app.example/path", "https://user@app.example"])
      expect(isOriginAllowed(text, [text, "https://app.example"])).toBe(false)
    expect(isOriginAllowed("https://app.example", ["*", "https://", "not an origin"])).toBe(false)
  })
})
