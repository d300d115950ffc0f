import { BlockchainApi } from "@appkit/core/effect"
import { Effect } from "effect"
import { createClient, getAddress, http, parseEther } from "viem"
import { getBalance } from "viem/actions"
import { describe, expect, it } from "vitest"
import { runAgainst, succeed } from "../api/support"
import { runCli } from "../support/cli"
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
      // Typed in capitals, the name is registered (and shown) in lowercase, as the API resolves it.
      expect(await appKit.registerName("Dave-E2E")).toBe("dave-e2e.reown.id")
      expect(appKit.getState().account.byNamespace.eip155?.profileName).toBe("dave-e2e.reown.id")
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

  it("appkit-cli names register signs with the local key, and the name then resolves to it", async () => {
    const { api, anvil } = stack()
    const env = (index: number) => ({
      APPKIT_API_URL: api.url,
      APPKIT_PROJECT_ID: "test",
      APPKIT_CONFIG: "/nonexistent",
      APPKIT_HOME: "/nonexistent",
      APPKIT_PRIVATE_KEY: anvil.accounts[index]?.privateKey as string,
    })
    const address = getAddress(anvil.accounts[1]?.address as string)
    const registered = await runCli(["names", "register", "carol-cli", "--json"], { env: env(1) })
    expect(registered.stderr).toBe("")
    expect(JSON.parse(registered.stdout)).toEqual({
      name: "carol-cli.reown.id",
      address,
      chainId: "eip155:1",
    })
    const resolved = JSON.parse(
      (await runCli(["names", "resolve", "carol-cli.reown.id", "--json"], { env: env(1) })).stdout,
    )
    expect(Object.values(resolved.addresses)).toEqual([{ address, created: expect.any(String) }])

    // Taken now: another account's attempt is the catalogue's failure, with the reason after it.
    const taken = await runCli(["names", "register", "carol-cli.reown.id"], { env: env(0) })
    expect(taken).toMatchObject({ code: 2, stdout: "" })
    // Refused before anything is signed: the name already resolves.
    expect(taken.stderr).toBe("Error registering name: carol-cli.reown.id is already registered\n")
    // §5: at least 4 characters, refused before anything is signed.
    const short = await runCli(["names", "register", "abc"], { env: env(0) })
    expect(short).toMatchObject({ code: 1, stdout: "" })
    expect(
      (await runCli(["names", "register", "abcd", "--chain", "eip155:2147483648"], { env: env(0) })).stderr,
    ).toBe("Invalid chainId\n")
  })

  it("sends to a name: bob.reown.id resolves to bob's address, an unknown name is 'Error resolving name'", async () => {
    const { api, anvil } = stack()
    const { appKit, connector, dispose } = await startApp(stack().wallet(0), api.url)
    try {
      await appKit.connect(connector.id)
      const bob = getAddress(anvil.accounts[1]?.address as string)
      const node = createClient({ transport: http(anvil.rpcUrl) })
      const before = await getBalance(node, { address: bob })
      const ether = { symbol: "ETH", quantity: { decimals: "18", numeric: "100" }, price: 0 }
      await appKit.updateSend({
        token: ether,
        sendTokenAmount: "0.5",
        receiverAddress: "nobody-here.reown.id",
      })
      // A name passes the form's checks; it is resolved when sent.
      await expect(appKit.validateSend()).resolves.toMatchObject({ receiverAddress: "nobody-here.reown.id" })
      await expect(appKit.submitSend()).rejects.toMatchObject({
        _tag: "NameError",
        message: "Error resolving name",
      })
      await appKit.updateSend({ receiverAddress: "bob.reown.id" })
      expect(await appKit.submitSend()).toMatchObject({ status: "confirmed" })
      expect((await getBalance(node, { address: bob })) - before).toBe(parseEther("0.5"))
    } finally {
      await dispose()
    }
  })
})
