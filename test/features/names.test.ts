import { BlockchainApi } from "@appkit/core/effect"
import { Effect } from "effect"
import { getAddress } from "viem"
import { describe, expect, it } from "vitest"
import { runAgainst, succeed } from "../api/support"
import { startApp, useSwapStack } from "./support"

// Name registration as the app runs it: createAppKit with an injected connector over the dev wallet; the core
// signs its registration message with personal_sign and posts it (ENSIP-11 coin type of chain 1), the fixture
// API verifies the EIP-191 signature, and the name then resolves forwards and in reverse.
const stack = useSwapStack()

describe("names: register → resolve → reverse", () => {
  it("registers through createAppKit, sets the profile name, and the API resolves it both ways", async () => {
    const { api, anvil } = stack()
    const wallet = stack().wallet(3)
    const { appKit, connector, dispose } = await startApp(wallet, api.url)
    try {
      await appKit.connect(connector.id)
      const address = getAddress(anvil.accounts[3]?.address as string)
      expect(await appKit.registerName("Dave-E2E")).toBe("Dave-E2E.reown.id")
      expect(appKit.getState().account.byNamespace.eip155?.profileName).toBe("Dave-E2E.reown.id")
      expect(wallet.requests.map((request) => request.method)).toContain("personal_sign")

      const [record, reverse] = await succeed(
        runAgainst(
          api,
          BlockchainApi.use((client) =>
            Effect.all([client.lookupName("dave-e2e.reown.id"), client.reverseLookup({ address })]),
          ),
        ),
      )
      // 0x80000000 | 1: the coin type the core computed for chain 1.
      expect(record.addresses).toEqual({ "2147483649": { address, created: expect.any(String) } })
      // This account also owns a legacy name, registered earlier: both resolve to it, oldest first.
      expect(reverse.map((entry) => entry.name)).toEqual(["dave.wcn.id", "dave-e2e.reown.id"])
    } finally {
      await dispose()
    }
  })

  it("a second registration of the same name fails with the catalogue's 'Error registering name'", async () => {
    const { api } = stack()
    const wallet = stack().wallet(2)
    const { appKit, connector, dispose } = await startApp(wallet, api.url)
    try {
      await appKit.connect(connector.id)
      const failure = await appKit.registerName("dave-e2e").then(
        () => undefined,
        (error: unknown) => error as { _tag?: string; message?: string },
      )
      expect(failure?.message).toBe("Error registering name")
      expect(appKit.getState().names.status).toBe("error")
      expect(appKit.getState().router.view).toBe("RegisterAccountName")
    } finally {
      await dispose()
    }
  })
})
