import { Duration } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { QueryRetry, SDK_VERSION } from "../config/constants"
import { joinUrl, makeApiConfig, sdkUrl } from "./ApiConfig"

describe("makeApiConfig", () => {
  it("aims every API at one base URL without its trailing slashes, as the fixture server serves them", () => {
    for (const trailing of ["", "/", "//", "///"]) {
      const config = makeApiConfig(`http://127.0.0.1:8799/api${trailing}`, { projectId: "p" })
      expect(config).toMatchObject({
        blockchainApiUrl: "http://127.0.0.1:8799/api",
        walletApiUrl: "http://127.0.0.1:8799/api",
        analyticsUrl: "http://127.0.0.1:8799/api",
        mempoolUrl: "http://127.0.0.1:8799/api",
        ordinalsUrl: "http://127.0.0.1:8799/api",
        projectId: "p",
      })
    }
    // Only the end is trimmed: a slash inside the path stays.
    expect(makeApiConfig("http://h/a/b/", { projectId: "p" }).walletApiUrl).toBe("http://h/a/b")
  })

  it("says who calls (appkit, this SDK's version) unless told otherwise, and keeps any URL given", () => {
    const defaults = makeApiConfig("http://h", { projectId: "p" })
    expect(defaults).toMatchObject({ sdkType: "appkit", sdkVersion: SDK_VERSION })
    expect(defaults.clientId).toBeUndefined()
    const cli = makeApiConfig("http://h", {
      projectId: "p",
      sdkType: "appkit-cli",
      walletApiUrl: "http://w",
      clientId: "c",
    })
    expect(cli).toMatchObject({
      sdkType: "appkit-cli",
      walletApiUrl: "http://w",
      blockchainApiUrl: "http://h",
    })
    expect(cli.clientId).toBe("c")
  })

  it("bounds a request by 10 s and retries 3 times by default; an explicit 0 retries stays 0", () => {
    const defaults = makeApiConfig("http://h", { projectId: "p" })
    expect(Duration.toMillis(defaults.timeout)).toBe(10_000)
    expect(defaults.retries).toBe(QueryRetry.retries)
    expect(QueryRetry.retries).toBe(3)
    const oneShot = makeApiConfig("http://h", { projectId: "p", timeout: "2500 millis", retries: 0 })
    expect(Duration.toMillis(oneShot.timeout)).toBe(2_500)
    expect(oneShot.retries).toBe(0)
  })
})

describe("joinUrl", () => {
  it("joins a base URL and a path with exactly one slash, however many either side brings", () => {
    const part = fc.stringMatching(/^[a-z0-9]+(?:\/[a-z0-9]+)*$/)
    fc.assert(
      fc.property(part, part, fc.nat({ max: 3 }), fc.nat({ max: 3 }), (base, path, trailing, leading) => {
        const joined = joinUrl(`http://h/${base}${"/".repeat(trailing)}`, `${"/".repeat(leading)}${path}`)
        expect(joined).toBe(`http://h/${base}/${path}`)
      }),
      { numRuns: 200 },
    )
    expect(joinUrl("http://127.0.0.1:8799/api/", "/v1/x")).toBe("http://127.0.0.1:8799/api/v1/x")
    expect(joinUrl("http://127.0.0.1:8799", "v1")).toBe("http://127.0.0.1:8799/v1")
  })
})

describe("sdkUrl", () => {
  it("gives an image or link URL that carries projectId, st and sv, and only those", () => {
    const config = makeApiConfig("http://127.0.0.1:8799/", { projectId: "proj 1", sdkType: "appkit" })
    const url = new URL(sdkUrl(config, config.walletApiUrl, "/getWalletImage/abc"))
    expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:8799/getWalletImage/abc")
    expect([...url.searchParams]).toEqual([
      ["projectId", "proj 1"],
      ["st", "appkit"],
      ["sv", SDK_VERSION],
    ])
    // A query in the path gives way to the SDK parameters rather than doubling them.
    const replaced = new URL(sdkUrl(config, config.walletApiUrl, "x?projectId=other&y=1"))
    expect([...replaced.searchParams.keys()]).toEqual(["projectId", "st", "sv"])
    expect(replaced.searchParams.get("projectId")).toBe("proj 1")
  })
})
