import { Effect, Layer } from "effect"
import { erc20Abi, verifyMessage } from "viem"
import { describe, expect, it } from "vitest"
import { fromMap, Storage } from "../storage/Storage"
import { base, devAccount, networkId, scriptedWallet, solana, testOptions } from "../testing/testkit"
import type { AppKitState } from "./AppKit"
import { createAppKit } from "./createAppKit"
import type { CreateAppKitParameters } from "./options"

const make = (
  map = new Map<string, string>(),
  config: { readonly reconnect?: boolean; readonly chainId?: string } = {},
  connectorIds: ReadonlyArray<string> = ["injected"],
) => {
  const wallets = connectorIds.map((id) =>
    Effect.runSync(scriptedWallet({ id, rdns: `io.${id}`, chainId: config.chainId })),
  )
  const appKit = createAppKit({
    ...testOptions,
    connectors: wallets.map((w) => w.connector),
    storage: Layer.succeed(Storage, fromMap(map)),
    reconnect: config.reconnect,
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
    expect(() => createAppKit({ projectId: "", networks: [] as never })).toThrow(
      expect.objectContaining({ _tag: "InvalidAppKitOptionsError" }),
    )
  })

  it("validates the walletConnect options with the options schema", () => {
    expect(() =>
      createAppKit({ ...testOptions, walletConnect: { relayUrl: "http://relay.example" } }),
    ).toThrow(
      expect.objectContaining({
        _tag: "InvalidAppKitOptionsError",
        message: expect.stringContaining("a ws(s) URL"),
      }),
    )
  })

  it("offers WalletConnect only when asked to", async () => {
    const ids = async (options: CreateAppKitParameters) => {
      const appKit = createAppKit({ ...options, reconnect: false })
      await appKit.ready // (the connector is registered when the services are built)
      const connectors = appKit.getState().connectors.connectors.map((c) => c.id)
      await appKit.dispose()
      return connectors
    }
    expect(await ids(testOptions)).not.toContain("walletConnect")
    expect(await ids({ ...testOptions, walletConnect: {} })).toContain("walletConnect")
  })

  it("refuses a storage layer that cannot be built synchronously with a typed error", () => {
    const slowStorage = Layer.effect(Storage, Effect.as(Effect.sleep("1 millis"), fromMap(new Map())))
    expect(() => createAppKit({ ...testOptions, storage: slowStorage })).toThrow(
      expect.objectContaining({
        _tag: "InvalidAppKitOptionsError",
        message: expect.stringContaining("could not be built synchronously"),
      }),
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
    await Effect.runPromise(
      wallets[0]?.emit({ _tag: "chainChanged", chainId: networkId("eip155:8453") }) ?? Effect.void,
    )
    expect(await switched).toBe("Base")
    expect(appKit.getState().connection.connections.eip155?.chainId).toBe("eip155:8453")
    await appKit.dispose()
  })

  it("keeps notifying, and resolves the action, when one subscriber throws", async () => {
    const { appKit, wallets } = make()
    appKit.subscribe(() => {
      throw new Error("a broken listener")
    })
    const seen: Array<string> = []
    appKit.subscribe((state) => seen.push(state.network.caipNetwork.caipNetworkId))
    await expect(appKit.connect("injected")).resolves.toBeDefined()
    expect(appKit.getState().connection.status).toBe("connected")
    // A change no action made still arrives through the change stream the throw must not have ended.
    const switched = new Promise<void>((resolve) =>
      appKit.subscribe((state) => {
        if (state.network.caipNetwork.caipNetworkId === "eip155:8453") resolve()
      }),
    )
    await Effect.runPromise(
      wallets[0]?.emit({ _tag: "chainChanged", chainId: networkId("eip155:8453") }) ?? Effect.void,
    )
    await switched
    expect(seen.at(-1)).toBe("eip155:8453")
    await appKit.dispose()
  }, 5_000)

  it("rejects an action with the core's tagged error object", async () => {
    const { appKit } = make()
    await expect(appKit.disconnect("eip155")).rejects.toMatchObject({
      _tag: "ConnectionError",
      message: "Connector not connected.",
    })
    await expect(appKit.switchNetwork("eip155:999")).rejects.toMatchObject({ message: "Network not found" })
    await appKit.dispose()
  })

  it("restores the same state from the same storage after a reload, and reconnects the wallet by itself", async () => {
    const { appKit, map } = make()
    await appKit.ready
    await appKit.connect("injected")
    await appKit.switchNetwork("eip155:8453")
    await appKit.setPreferredAccountType("eip155", "eoa")
    const before = appKit.getState()
    expect(before.connection.status).toBe("connected")
    expect(before.account.byNamespace.eip155?.address).toBe(devAccount.address)
    await appKit.dispose()

    // Stored state alone, before any wallet is asked: everything but the live wallet's display info.
    const restored = make(map, { reconnect: false, chainId: "eip155:8453" })
    expect(persistedPart(restored.appKit.getState())).toEqual({
      ...persistedPart(before),
      account: {
        ...before.account,
        byNamespace: { eip155: { ...before.account.byNamespace.eip155, connectedWalletInfo: undefined } },
      },
    })
    expect(restored.wallets[0]?.calls).toEqual([])
    await restored.appKit.dispose()

    // The default: the wallet (still on Base) is asked once on creation, and the state is whole again.
    const reloaded = make(map, { chainId: "eip155:8453" })
    await reloaded.appKit.ready
    expect(reloaded.wallets[0]?.calls).toEqual(["connect"])
    expect(persistedPart(reloaded.appKit.getState())).toEqual(persistedPart(before))
    await reloaded.appKit.reconnect()
    expect(reloaded.wallets[0]?.calls).toEqual(["connect"])
    await reloaded.appKit.dispose()
  })

  it("settles ready (never rejects) when disposed while still waiting for a stored wallet", async () => {
    const { appKit, map } = make()
    await appKit.connect("injected")
    await appKit.dispose()

    // Its wallet has not registered yet: the reconnect is waiting for it when the app is disposed.
    const early = make(map, {}, [])
    expect(early.appKit.getState().connection.status).toBe("connecting")
    await early.appKit.dispose()
    await expect(early.appKit.ready).resolves.toBeUndefined()
  })

  it("drops a stored connection whose wallet refuses to reconnect", async () => {
    const { appKit, map } = make()
    await appKit.connect("injected")
    await appKit.dispose()

    const refused = make(map, { reconnect: false })
    refused.wallets[0]?.reject.add("connect")
    await refused.appKit.reconnect()
    expect(refused.wallets[0]?.calls).toEqual(["connect"])
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

  it("re-renders a selector subscriber only for its slice", async () => {
    const { appKit } = make()
    const views: Array<[string, string]> = []
    let opened = 0
    appKit.subscribe(
      (state) => state.router.view,
      (view, previous) => views.push([view, previous]),
    )
    appKit.subscribe(
      (state) => state.modal.open,
      () => opened++,
      { fireImmediately: true },
    )
    await appKit.open({ view: "AllWallets" })
    await appKit.setAccountTab("NFTs") // another slice: neither listener runs
    await appKit.push("Connect")
    expect(views).toEqual([
      ["AllWallets", "Connect"],
      ["Connect", "AllWallets"],
    ])
    expect(opened).toBe(2)
    await appKit.dispose()
  })

  it("opens for one namespace: the modal records it and picks the view by that namespace's connection", async () => {
    const { appKit } = make()
    await appKit.connect("injected")
    await appKit.open({ namespace: "solana" })
    expect(appKit.getState().modal).toMatchObject({ open: true, namespace: "solana" })
    expect(appKit.getState().router.view).toBe("Connect")
    await appKit.open({ namespace: "eip155" })
    expect(appKit.getState().router.view).toBe("Account")
    await appKit.open()
    expect(appKit.getState().modal.namespace).toBeUndefined()
    await appKit.dispose()
  })

  it("closes the account's views, with no skin, when the wallet ends the session", async () => {
    const { appKit, wallets } = make()
    await appKit.connect("injected")
    await appKit.open()
    await appKit.push("WalletReceive")
    const closed = new Promise<string>((resolve) =>
      appKit.subscribe((state) => {
        if (!state.modal.open) resolve(state.router.view)
      }),
    )
    await Effect.runPromise(wallets[0]?.emit({ _tag: "disconnect" }) ?? Effect.void)
    expect(await closed).toBe("WalletReceive")
    await appKit.open()
    expect(appKit.getState().router.view).toBe("Connect")
    await appKit.dispose()
  })

  it("signs a message given as { message } with the active namespace's account", async () => {
    const { appKit, wallets } = make()
    await appKit.connect("injected")
    const signature = await appKit.signMessage({ message: "hello" })
    expect(
      await verifyMessage({
        address: devAccount.address,
        message: "hello",
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(wallets[0]?.calls).toContain("personal_sign")
    await expect(appKit.signMessage({ message: "hello", namespace: "solana" })).rejects.toMatchObject({
      _tag: "ConnectionError",
      message: "Connector not connected.",
    })
    await appKit.dispose()
  })

  it("switches to a network given as an object or as its CAIP-2 id", async () => {
    const { appKit } = make()
    await appKit.connect("injected")
    await appKit.switchNetwork(base)
    expect(appKit.getState().network.caipNetwork.caipNetworkId).toBe("eip155:8453")
    await appKit.switchNetwork("eip155:1")
    expect(appKit.getState().connection.connections.eip155?.chainId).toBe("eip155:1")
    await appKit.dispose()
  })

  it("refuses wallet actions it cannot do with the §8 texts, before any wallet is asked", async () => {
    const { appKit, wallets } = make()
    await expect(appKit.sendTransaction({ to: devAccount.address })).rejects.toMatchObject({
      message: "Connector not connected.",
    })
    await expect(appKit.getBalance()).rejects.toMatchObject({ message: "Connector not connected." })
    await appKit.connect("injected")
    await expect(appKit.getBalance({ chainId: 10 })).rejects.toMatchObject({
      message: "Chain not configured.",
    })
    // Solana has balances (§1), but this app did not add Solana support (solanaAdapter).
    await expect(appKit.getBalance({ chainId: solana.caipNetworkId })).rejects.toMatchObject({
      message: "Chain adapter not found",
    })
    // No RPC URL for Base and the wallet is on Ethereum: nothing could answer the read.
    await expect(appKit.getBalance({ chainId: 8453 })).rejects.toMatchObject({
      message: "NetworkController client not set",
    })
    await expect(appKit.sendTransaction({ to: devAccount.address, chainId: 8453 })).rejects.toMatchObject({
      message: "Connector chain mismatch.",
    })
    await expect(appKit.sendTransaction({ to: "0x1234" })).rejects.toMatchObject({ _tag: "InvalidAddress" })
    await expect(appKit.sendTransaction({ to: devAccount.address, value: -1n })).rejects.toMatchObject({
      _tag: "InvalidParameterError",
      message: "Invalid value: expected a non-negative bigint",
    })
    await expect(
      appKit.sendTransaction({ to: devAccount.address, data: "0xabc" as `0x${string}` }),
    ).rejects.toMatchObject({
      _tag: "InvalidParameterError",
      message: "Invalid data: expected 0x-prefixed hex bytes",
    })
    await expect(
      appKit.writeContract({
        address: devAccount.address,
        abi: erc20Abi,
        functionName: "transfer",
        args: [] as never,
      }),
    ).rejects.toMatchObject({ _tag: "InvalidContractCallError" })
    expect(wallets[0]?.calls).toEqual(["connect"])
    await appKit.dispose()
  })

  it("refuses a wallet reply that is no transaction hash", async () => {
    const { appKit } = make()
    await appKit.connect("injected")
    // The scripted wallet answers everything but personal_sign with null.
    await expect(appKit.sendTransaction({ to: devAccount.address, value: 1n })).rejects.toMatchObject({
      _tag: "InvalidWalletReplyError",
      message: "The wallet returned no transaction hash",
    })
    await appKit.dispose()
  })
})
