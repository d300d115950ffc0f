import { type AppKit, type AppKitState, createAppKit, fromMap, Storage } from "@appkit/core"
import { siwxStorageKey } from "@appkit/core/siwx"
import { type DevWallet, guardLoopback, type Relay, startDevWallet, startRelay } from "@appkit/fixtures"
import { Layer } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

// createAppKit with its own WalletConnect connector, paired with the dev wallet through the local relay.
let relay: Relay
const guard = guardLoopback()
const open: Array<{ appKit: AppKit; wallet: DevWallet }> = []
let prefix = 0

beforeAll(async () => {
  relay = await startRelay({ quiet: true })
})
afterEach(async () => {
  for (const { appKit, wallet } of open.splice(0)) {
    await appKit.dispose()
    await wallet.close()
  }
})
afterAll(async () => {
  await relay.close()
  guard.restore()
  expect(guard.attempts).toEqual([])
})

const networks = [
  { id: 31337, chainNamespace: "eip155", caipNetworkId: "eip155:31337", name: "Anvil" },
  { id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" },
] as const

const siwx = { domain: "app.example", uri: "https://app.example/login", statement: "Sign in to App" }

/** An app on `networks` with WalletConnect, and with the eip155 sign-in setup (one-click) unless told otherwise. */
const start = async (
  options: { readonly signIn?: boolean; readonly replaySignIn?: boolean; readonly relay?: Relay } = {},
) => {
  const relayUrl = (options.relay ?? relay).url
  const wallet = await startDevWallet({
    relayUrl,
    storagePrefix: `wallet-app-${prefix++}`,
    replaySignIn: options.replaySignIn,
  })
  const map = new Map<string, string>()
  const appKit = createAppKit({
    projectId: "test",
    networks,
    metadata: { name: "AppKit test", description: "test dApp", url: "http://127.0.0.1", icons: [] },
    walletConnect: { relayUrl },
    storage: Layer.succeed(Storage, fromMap(map)),
    ...(options.signIn === false ? {} : { siwx }),
    reconnect: false,
  })
  open.push({ appKit, wallet })
  const views: Array<string> = []
  const paired = new Set<string>()
  // The wallet scans the QR code as soon as it is shown; every view the app shows is recorded.
  appKit.subscribe((state) => {
    views.push(state.router.view)
    const uri = state.pairing.wcUri
    if (uri !== undefined && !paired.has(uri)) {
      paired.add(uri)
      void wallet.pair(uri)
    }
  })
  return { appKit, wallet, map, views }
}

const until = (appKit: AppKit, predicate: (state: AppKitState) => boolean) =>
  new Promise<AppKitState>((resolve) => {
    if (predicate(appKit.getState())) return resolve(appKit.getState())
    const unsubscribe = appKit.subscribe((state) => {
      if (!predicate(state)) return
      unsubscribe()
      resolve(state)
    })
  })

const storedSessions = (map: Map<string, string>) =>
  JSON.parse(map.get(siwxStorageKey) ?? "[]") as Array<{
    data: { chainId: string; accountAddress: string; domain: string }
    message: string
    signature: string
    cacao?: { p: { iss: string; nonce: string } }
  }>

describe("createAppKit with walletConnect options", () => {
  it("registers a WalletConnect connector for every network, built from the options", async () => {
    const { appKit } = await start()
    expect(appKit.getState().connectors.connectors.map((c) => c.id)).toContain("walletConnect")
  })

  it("one-click sign-in: the CACAO of the pairing becomes a verified session, so SIWX does not ask again", async () => {
    const { appKit, wallet, map, views } = await start()
    await appKit.connect("walletConnect")
    // Any later action runs after the sign-in check the connection triggered.
    await appKit.setAccountTab("Tokens")
    const sessions = storedSessions(map)
    expect(sessions.map((s) => [s.data.chainId, s.data.accountAddress, s.cacao?.p.iss])).toEqual([
      ["eip155:31337", wallet.address, `did:pkh:eip155:31337:${wallet.address}`],
      ["eip155:1", wallet.address, `did:pkh:eip155:1:${wallet.address}`],
    ])
    expect(sessions[0]?.data.domain).toBe("app.example")
    expect(views).not.toContain("SIWXSignMessage")
    expect(appKit.getState().modal.open).toBe(false)
  })

  it("one-click sign-in asks each pairing with a fresh nonce (EIP-4361: a nonce signs in once)", async () => {
    const { appKit, map } = await start()
    await appKit.connect("walletConnect")
    await appKit.setAccountTab("Tokens")
    const first = storedSessions(map).map((session) => session.cacao?.p.nonce)
    await appKit.disconnect()
    await appKit.connect("walletConnect")
    await appKit.setAccountTab("Tokens")
    const second = storedSessions(map).map((session) => session.cacao?.p.nonce)
    expect(first).toHaveLength(2)
    expect(second).toHaveLength(2)
    for (const nonce of second) expect(first).not.toContain(nonce)
  })

  it("a CACAO for another pairing's nonce (a replayed sign-in) is refused: no connection, no session", async () => {
    const { appKit, map } = await start({ replaySignIn: true })
    await appKit.connect("walletConnect")
    await appKit.setAccountTab("Tokens")
    const signedIn = storedSessions(map)
    await appKit.disconnect()
    await expect(appKit.connect("walletConnect")).rejects.toMatchObject({
      _tag: "WalletConnectError",
      message: expect.stringContaining("nonce mismatch"),
    })
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(storedSessions(map)).toEqual(signedIn)
  })

  it("the networks the wallet approved in the session are the network state's approvedCaipNetworkIds (§3)", async () => {
    const { appKit, wallet } = await start({ signIn: false })
    expect(appKit.getState().network).toMatchObject({ approvedCaipNetworkIds: [], supportsAllNetworks: true })
    await appKit.connect("walletConnect")
    expect(appKit.getState().network).toMatchObject({
      approvedCaipNetworkIds: ["eip155:31337", "eip155:1"],
      supportsAllNetworks: false,
    })
    // The wallet adds a chain to the session (a session update): it is approved from then on.
    await wallet.switchChain("eip155:137")
    const added = await until(appKit, (state) =>
      state.network.approvedCaipNetworkIds.some((id) => id === "eip155:137"),
    )
    expect(added.network.approvedCaipNetworkIds).toEqual(["eip155:31337", "eip155:1", "eip155:137"])
    await appKit.disconnect()
    expect(appKit.getState().network).toMatchObject({ approvedCaipNetworkIds: [], supportsAllNetworks: true })
  })

  // sign-client's acknowledged() drops an answer that comes before update() has returned, and then waits its
  // 5 minutes: a busy relay confirms the wallet's publish after the dApp has already answered it.
  it("a wallet's chain switch goes through when the dApp answers before the relay confirms the publish", async () => {
    const busyRelay = await startRelay({ quiet: true, publishAnswerDelayMs: 300 })
    try {
      const { appKit, wallet } = await start({ signIn: false, relay: busyRelay })
      await appKit.connect("walletConnect")
      await wallet.switchChain("eip155:137")
      const switched = await until(
        appKit,
        (state) => state.network.caipNetwork.caipNetworkId === "eip155:137",
      )
      expect(switched.network.approvedCaipNetworkIds).toContain("eip155:137")
    } finally {
      for (const { appKit, wallet } of open.splice(0)) {
        await appKit.dispose()
        await wallet.close()
      }
      await busyRelay.close()
    }
  }, 30_000)

  it("refreshes the account type objects when the wallet switches accounts (a session update)", async () => {
    // Without sign-in: sign-client lets the wallet update only a proposed session, not an authenticated one.
    const { appKit, wallet } = await start({ signIn: false })
    await appKit.connect("walletConnect")
    expect(appKit.getState().account.byNamespace.eip155?.allAccounts).toEqual([
      { namespace: "eip155", address: wallet.address, type: "eoa" },
    ])
    // anvil's account 1.
    const next = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    await wallet.selectAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
    const switched = await until(
      appKit,
      (s) => s.account.byNamespace.eip155?.allAccounts?.[0]?.address === next,
    )
    expect(switched.account.byNamespace.eip155).toMatchObject({
      address: next,
      allAccounts: [{ namespace: "eip155", address: next, type: "eoa" }],
    })
  })
})
