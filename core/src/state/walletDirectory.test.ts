import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createAppKit } from "../appkit/createAppKit"
import { testOptions } from "../testing/testkit"

describe("the wallet directory behind AllWallets (fixture API)", () => {
  let api: FixtureApi
  beforeAll(async () => {
    api = await startFixtureApi({ port: 0 })
  })
  afterAll(() => api.close())

  it("pages 40 wallets at a time for the dApp's networks, 100 when searching, and names each image URL", async () => {
    const appKit = createAppKit({ ...testOptions, apiUrl: api.url, reconnect: false })
    const first = await appKit.fetchWallets({ page: 1 })
    expect(first.data).toHaveLength(40)
    expect(first.count).toBeGreaterThan(40)
    const second = await appKit.fetchWallets({ page: 2 })
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id)
    const request = api.requests().find((r) => r.path === "/getWallets")
    expect(request?.query).toMatchObject({
      entries: "40",
      chains: "eip155:1,eip155:8453,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    })

    await appKit.fetchWallets({ page: 1, search: "  a  " })
    expect(api.requests().at(-1)?.query).toMatchObject({ entries: "100", search: "a" })
    // Blank search text is no search.
    await appKit.fetchWallets({ page: 3, search: "   " })
    expect(api.requests().at(-1)?.query).toMatchObject({ entries: "40", page: "3" })
    expect(api.requests().at(-1)?.query.search).toBeUndefined()

    expect(appKit.walletImageUrl("abc")).toBe(
      `${api.url}/getWalletImage/abc?projectId=test-project&st=appkit&sv=2.17.2`,
    )
    await appKit.dispose()
  })

  it("fails with a typed error without a Wallet API, and has no image URL", async () => {
    const appKit = createAppKit({ ...testOptions, reconnect: false })
    await expect(appKit.fetchWallets({ page: 1 })).rejects.toMatchObject({
      _tag: "WalletDirectoryUnavailableError",
    })
    expect(appKit.walletImageUrl("abc")).toBeUndefined()
    await appKit.dispose()
  })
})
