import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

// `appkit-cli onramp open`: the buy flow of the core against the fixture API, whose URL generator points at
// the provider page on 127.0.0.1 (test/features/onramp.browser.test.ts shows that page in chromium).
describe("appkit-cli onramp open", () => {
  let api: FixtureApi
  beforeAll(async () => {
    api = await startFixtureApi()
  })
  afterAll(async () => {
    await api?.close()
  })

  const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
  const open = (args: ReadonlyArray<string>, timeZone = "Europe/Berlin") =>
    // --no-open: these tests read the printed URL (test/cli/onrampOpen.test.ts opens it).
    runCli(["onramp", "open", "--no-open", "--address", address, ...args], {
      env: {
        APPKIT_API_URL: api.url,
        APPKIT_PROJECT_ID: "test",
        APPKIT_CONFIG: "/nonexistent",
        TZ: timeZone,
      },
    })

  it("prints the provider URL preset with the quote's purchase: wallet, network, asset, fiat amount", async () => {
    const result = await open(["--amount", "50", "--buy", "ETH", "--network", "base", "--json"])
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const prepared = JSON.parse(result.stdout) as {
      url: string
      network: string
      mocked: boolean
      feeRange: { min: string; max: string }
      quote: { paymentTotal: { amount: string } }
    }
    expect(prepared).toMatchObject({ network: "base", mocked: false, feeRange: { min: "0.50", max: "1.00" } })
    const url = new URL(prepared.url)
    expect(url.origin).toBe(new URL(api.url).origin)
    expect(JSON.parse(url.searchParams.get("destinationWallets") ?? "")).toEqual([
      { address, blockchains: ["base"], assets: ["ETH"] },
    ])
    expect(Object.fromEntries([...url.searchParams].filter(([key]) => key !== "destinationWallets"))).toEqual(
      {
        defaultNetwork: "base",
        partnerUserId: address,
        defaultExperience: "buy",
        presetFiatAmount: "50",
      },
    )
    // The provider's page opens at that URL and accepts it.
    expect((await fetch(prepared.url)).status).toBe(200)
  })

  it("prints the URL for people too", async () => {
    const result = await open(["--amount", "50"])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Provider fees\s+0\.50–1\.00 USD \(1–2 %\)/)
    expect(result.stdout.trim().split("\n").at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  })

  it.each(["Asia/Shanghai", "Asia/Hong_Kong", "Asia/Macau"])(
    "is closed in the restricted time zone %s: exit 2 and the reason, no URL",
    async (timeZone) => {
      const result = await open(["--amount", "50"], timeZone)
      expect(result).toMatchObject({ code: 2, stdout: "" })
      expect(result.stderr).toBe(`Buying crypto is not available in this region (time zone ${timeZone})\n`)
    },
  )

  it("holds the amount to the payment limits, right on their edges", async () => {
    expect((await open(["--amount", "10.00"])).code).toBe(0)
    const below = await open(["--amount", "9.99"])
    expect(below).toMatchObject({ code: 1, stdout: "" })
    expect(below.stderr).toMatch(/^Amount 9\.99 USD is outside the payment limits \(CARD 10\.00–7500\.00, /)
    expect((await open(["--amount", "25000.00"])).code).toBe(0)
    expect((await open(["--amount", "25000.01"])).code).toBe(1)
  })

  it("fails rather than open a URL for the mocked quote, unless the fallback is asked for", async () => {
    api.faults.set("/v1/onramp/quote", { status: 500 })
    try {
      const refused = await open(["--amount", "50"])
      expect(refused).toMatchObject({ code: 2, stdout: "" })
      expect(refused.stderr).toMatch(/^The onramp API did not answer with a quote/)
      const mocked = JSON.parse((await open(["--amount", "50", "--allow-fallback", "--json"])).stdout)
      expect(mocked).toMatchObject({ mocked: true, quote: { quoteId: "mocked-quote-id" } })
    } finally {
      api.faults.clear()
    }
  })
})
