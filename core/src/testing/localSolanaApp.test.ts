import { afterEach, describe, expect, it, vi } from "vitest"
import type { AppKit } from "../appkit/AppKit"
import { makeStore } from "../appkit/store"
import type { ConnectorInfo } from "../state/Connectors"
import { discoveredSolanaWallet } from "./localSolanaApp"

// The wait itself; createLocalSolanaApp and the connect are exercised on litesvm by the Solana app tests
// (appkit/solanaWallets.test.ts, react-ui's WalletSend.solana.test.tsx, test/solana/appKit.test.ts).

const connector = (chain: ConnectorInfo["chain"], id: string): ConnectorInfo => ({
  id,
  name: id,
  type: "ANNOUNCED",
  chain,
  imageUrl: undefined,
  rdns: undefined,
})

/** Just enough of an app for the wait: its connectors, changed by the test, through the core's own store. */
const appWith = (initial: ReadonlyArray<ConnectorInfo>) => {
  let connectors = initial
  const store = makeStore(
    () => ({ connectors: { connectors } }),
    (error) => {
      throw error
    },
  )
  let listening = 0
  const subscribe = ((...args: Parameters<typeof store.subscribe>) => {
    listening++
    const stop = store.subscribe(...(args as [never, never, never]))
    return () => {
      listening--
      stop()
    }
  }) as typeof store.subscribe
  const appKit = { getState: store.getState, subscribe } as unknown as AppKit
  return {
    appKit,
    listening: () => listening,
    announce: (next: ConnectorInfo) => {
      connectors = [...connectors, next]
      store.notify()
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe("discoveredSolanaWallet", () => {
  it("answers at once with a Solana wallet already found, and stops listening", async () => {
    const app = appWith([connector("eip155", "injected"), connector("solana", "wallet-standard:Dev")])
    expect((await discoveredSolanaWallet(app.appKit)).id).toBe("wallet-standard:Dev")
    await Promise.resolve()
    expect(app.listening()).toBe(0)
  })

  it("waits past other namespaces' wallets for the first Solana one", async () => {
    const app = appWith([])
    const found = discoveredSolanaWallet(app.appKit)
    app.announce(connector("eip155", "injected"))
    app.announce(connector("solana", "wallet-standard:Late"))
    expect((await found).id).toBe("wallet-standard:Late")
  })

  it("gives up after its bound, naming the wait, and stops listening", async () => {
    vi.useFakeTimers()
    const app = appWith([connector("eip155", "injected")])
    const found = discoveredSolanaWallet(app.appKit, 2_000)
    let settled = false
    const outcome = found.catch((error: unknown) => error).finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(1_999)
    app.announce(connector("bip122", "sats"))
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toEqual(new Error("No Solana wallet was discovered within 2000 ms"))
    expect(app.listening()).toBe(0)
  })
})
