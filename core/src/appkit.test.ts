import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { type AppKitState, createAppKit } from "./appkit"
import { devAccount, scriptedWallet, testOptions } from "./state/testkit"
import { fromMap, Storage } from "./storage/Storage"

const make = (map = new Map<string, string>(), connectorIds: ReadonlyArray<string> = ["injected"]) => {
  const wallets = connectorIds.map((id) => Effect.runSync(scriptedWallet({ id, rdns: `io.${id}` })))
  const appKit = createAppKit({
    options: testOptions,
    connectors: wallets.map((w) => w.connector),
    storage: Layer.succeed(Storage, fromMap(map)),
  })
  return { appKit, wallets, map }
}

/** The parts of the state a reload must bring back (transient UI state such as the open modal is not stored). */
const persistedPart = (state: AppKitState) => ({
  connection: { status: state.connection.status, connections: state.connection.connections },
  account: state.account,
  network: state.network,
  recentWallets: state.connectors.recentWallets,
})

describe("createAppKit", () => {
  it("rejects invalid options with a typed error", () => {
    expect(() => createAppKit({ options: { projectId: "", networks: [] } })).toThrow(
      expect.objectContaining({ _tag: "InvalidAppKitOptionsError" }),
    )
  })

  it("keeps getState() the same object until something changes, and notifies subscribers", async () => {
    const { appKit } = make()
    const first = appKit.getState()
    expect(appKit.getState()).toBe(first)
    const seen: Array<boolean> = []
    const unsubscribe = appKit.subscribe((state) => seen.push(state.modal.open))
    await appKit.open()
    const opened = appKit.getState()
    expect(opened).not.toBe(first)
    expect(opened.modal.open).toBe(true)
    expect(opened.router.view).toBe("Connect")
    expect(opened.connection).toBe(first.connection)
    expect(appKit.getState()).toBe(opened)
    expect(seen).toContain(true)
    unsubscribe()
    await appKit.close()
    expect(seen.at(-1)).toBe(true)
    await appKit.dispose()
  })

  it("notifies subscribers of changes no action made (a wallet switching chains)", async () => {
    const { appKit, wallets } = make()
    await appKit.connect("injected")
    const switched = new Promise<string>((resolve) =>
      appKit.subscribe((state) => {
        if (state.network.caipNetwork.caipNetworkId === "eip155:8453") resolve(state.network.caipNetwork.name)
      }),
    )
    await Effect.runPromise(wallets[0]?.emit({ _tag: "chainChanged", chainId: "eip155:8453" }) ?? Effect.void)
    expect(await switched).toBe("Base")
    expect(appKit.getState().connection.connections.eip155?.chainId).toBe("eip155:8453")
    await appKit.dispose()
  })

  it("rejects an action with the core's tagged error object", async () => {
    const { appKit } = make()
    await expect(appKit.disconnect("eip155")).rejects.toMatchObject({
      _tag: "ConnectionError",
      message: "Connector not connected.",
    })
    await expect(appKit.switchNetwork("eip155:999")).rejects.toMatchObject({ message: "Network not found" })
    await appKit.dispose()
  })

  it("restores the same state from the same storage after a reload", async () => {
    const { appKit, map } = make()
    await appKit.connect("injected")
    await appKit.switchNetwork("eip155:8453")
    await appKit.setPreferredAccountType("eip155", "eoa")
    const before = appKit.getState()
    expect(before.connection.status).toBe("connected")
    expect(before.account.byNamespace.eip155?.address).toBe(devAccount.address)
    await appKit.dispose()

    const reloaded = make(map).appKit
    const after = reloaded.getState()
    expect(persistedPart(after)).toEqual({
      ...persistedPart(before),
      // Wallet display info comes from the live connector on reconnect, not from storage.
      account: {
        ...before.account,
        byNamespace: { eip155: { ...before.account.byNamespace.eip155, connectedWalletInfo: undefined } },
      },
    })
    await reloaded.dispose()
  })

  it("reconnects the stored wallet after a reload, and drops a connection whose wallet refuses", async () => {
    const { appKit, map } = make()
    await appKit.connect("injected")
    await appKit.dispose()

    const back = make(map)
    await back.appKit.reconnect()
    expect(back.wallets[0]?.calls).toEqual(["connect"])
    expect(back.appKit.getState().connection.status).toBe("connected")
    await back.appKit.dispose()

    const refused = make(map)
    refused.wallets[0]?.reject.add("connect")
    await refused.appKit.reconnect()
    expect(refused.appKit.getState().connection).toMatchObject({ status: "disconnected", connections: {} })
    expect(refused.appKit.getState().account.byNamespace).toEqual({})
    expect(JSON.parse(map.get("@appkit/connection_status") ?? "null")).toBe("disconnected")
    await refused.appKit.dispose()
  })

  it("discards a corrupt stored value with a warning instead of failing", async () => {
    const map = new Map([
      ["@appkit/connections", "{not json"],
      ["@appkit/recent_wallets", '{"foreign":true}'],
    ])
    const { appKit } = make(map)
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(appKit.getState().connectors.recentWallets).toEqual([])
    expect(map.has("@appkit/connections")).toBe(false)
    await appKit.dispose()
  })

  it("keeps two instances on one page independent", async () => {
    const one = make().appKit
    const two = make().appKit
    await one.open()
    await one.connect("injected")
    expect(two.getState().modal.open).toBe(false)
    expect(two.getState().connection.status).toBe("disconnected")
    expect(two.getState().connectors.recentWallets).toEqual([])
    await Promise.all([one.dispose(), two.dispose()])
  })
})
