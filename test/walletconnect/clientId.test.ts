import { type AppKit, type AppKitState, createAppKit, fromMap, Storage } from "@appkit/core"
import {
  type DevWallet,
  type FixtureApi,
  guardLoopback,
  type Relay,
  startDevWallet,
  startFixtureApi,
  startRelay,
} from "@appkit/fixtures"
import { Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// §7: API requests carry the WalletConnect client id once sign-client has started (it loads lazily, so the
// requests before it go without). Real sign-clients on the local relay, the fixture API's request log.
let relay: Relay
let api: FixtureApi
let wallet: DevWallet
let appKit: AppKit
const relayLog: Array<string> = []
const guard = guardLoopback()

beforeAll(async () => {
  ;[relay, api] = await Promise.all([startRelay({ log: (line) => relayLog.push(line) }), startFixtureApi()])
  wallet = await startDevWallet({ relayUrl: relay.url, storagePrefix: "wallet-client-id" })
})
afterAll(async () => {
  await appKit?.dispose()
  await wallet?.close()
  await Promise.all([relay?.close(), api?.close()])
  guard.restore()
  expect(guard.attempts).toEqual([])
})

const until = (predicate: (state: AppKitState) => boolean) =>
  new Promise<void>((resolve) => {
    if (predicate(appKit.getState())) return resolve()
    const unsubscribe = appKit.subscribe((state) => {
      if (!predicate(state)) return
      unsubscribe()
      resolve()
    })
  })

const walletPageRequests = () => api.requests().filter((request) => request.path === "/getWallets")

describe("the WalletConnect client id on API requests", () => {
  it("is absent before sign-client starts and sent, as the relay knows the client, after", async () => {
    appKit = createAppKit({
      projectId: "test",
      networks: [{ id: 31337, chainNamespace: "eip155", caipNetworkId: "eip155:31337", name: "Anvil" }],
      metadata: { name: "AppKit test", description: "", url: "http://127.0.0.1", icons: [] },
      apiUrl: api.url,
      walletConnect: { relayUrl: relay.url },
      storage: Layer.succeed(Storage, fromMap(new Map())),
      reconnect: false,
    })
    await appKit.fetchWallets({ page: 1 })
    expect(walletPageRequests().map((request) => request.query.clientId)).toEqual([undefined])

    // The wallet scans the QR code once it is shown.
    let paired = false
    appKit.subscribe((state) => {
      if (state.pairing.wcUri === undefined || paired) return
      paired = true
      void wallet.pair(state.pairing.wcUri)
    })
    await appKit.connect("walletConnect")
    await until((state) => state.connection.status === "connected")
    await appKit.fetchWallets({ page: 2 })

    const clientId = walletPageRequests()[1]?.query.clientId
    expect(clientId).toMatch(/^did:key:z[1-9A-HJ-NP-Za-km-z]+$/)
    // The same client the relay authenticated (its log names each client by its key's ends).
    const key = (clientId as string).replace(/^did:key:/, "")
    expect(relayLog.some((line) => line.includes(`${key.slice(0, 8)}…${key.slice(-4)} connected`))).toBe(true)
  })
})
