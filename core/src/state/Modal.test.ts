import { Effect, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it, vi } from "vitest"
import { networkId, runState, scriptedWallet, solana, testOptions, waitFor } from "../testing/testkit"
import { Account } from "./Account"
import { Connection } from "./Connection"
import { defaultView, Modal } from "./Modal"
import { Network } from "./Network"
import { Router } from "./Router"

const views = Effect.gen(function* () {
  const router = yield* SubscriptionRef.get((yield* Router).state)
  const modal = yield* SubscriptionRef.get((yield* Modal).state)
  return { open: modal.open, view: router.view, history: router.history }
})

describe("Modal", () => {
  it("picks the default view from adapters, platform and connection status", () => {
    expect(defaultView({ adapters: ["eip155"], isMobile: false }, false)).toBe("Connect")
    expect(defaultView({ adapters: ["eip155"], isMobile: true }, true)).toBe("Account")
    expect(defaultView({ adapters: [], isMobile: false }, false)).toBe("ConnectingWalletConnectBasic")
    expect(defaultView({ adapters: [], isMobile: true }, false)).toBe("AllWallets")
  })

  it("opens on Account once connected", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const state = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("injected")
        yield* (yield* Modal).open()
        return yield* views
      }),
      { connectors: [wallet.connector] },
    )
    expect(state).toEqual({ open: true, view: "Account", history: ["Account"] })
  })

  it("refuses to close on ApproveTransaction unless forced, and shakes for 500 ms", async () => {
    const result = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        yield* modal.open({ view: "ApproveTransaction" })
        const refused = yield* modal.close()
        const shaking = (yield* SubscriptionRef.get(modal.state)).shake
        yield* TestClock.adjust("499 millis")
        const stillShaking = (yield* SubscriptionRef.get(modal.state)).shake
        yield* TestClock.adjust("1 millis")
        const stopped = (yield* SubscriptionRef.get(modal.state)).shake
        const forced = yield* modal.close({ force: true })
        return { refused, shaking, stillShaking, stopped, forced, open: (yield* views).open }
      }),
    )
    expect(result).toEqual({
      refused: false,
      shaking: true,
      stillShaking: true,
      stopped: false,
      forced: true,
      open: false,
    })
  })

  it("in embedded mode returns to Connect or Account instead of closing", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        yield* modal.open({ view: "AllWallets" })
        yield* (yield* Router).push("ConnectingExternal")
        yield* modal.close()
        return yield* views
      }),
      { options: { ...testOptions, enableEmbedded: true } },
    )
    expect(state).toEqual({ open: true, view: "Connect", history: ["Connect"] })
  })

  it("opens UnsupportedChain when the wallet moves to a chain the dApp did not request", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const state = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("injected")
        yield* wallet.emit({ _tag: "chainChanged", chainId: networkId("eip155:137") })
        yield* waitFor((yield* Modal).state, (s) => s.open)
        return {
          ...(yield* views),
          network: (yield* SubscriptionRef.get((yield* Network).state)).unsupportedChain,
        }
      }),
      { connectors: [wallet.connector] },
    )
    expect(state).toEqual({
      open: true,
      view: "UnsupportedChain",
      history: ["UnsupportedChain"],
      network: true,
    })
  })

  it("in a page, watches the chain from the first idle moment on, and then catches a move made before it", async () => {
    const idleCallbacks: Array<() => void> = []
    vi.stubGlobal("requestIdleCallback", (run: () => void) => idleCallbacks.push(run))
    try {
      const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
      const macrotask = Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
      const seen = await runState(
        Effect.gen(function* () {
          yield* (yield* Connection).connect("injected")
          yield* wallet.emit({ _tag: "chainChanged", chainId: networkId("eip155:137") })
          yield* macrotask
          const beforeIdle = (yield* views).open
          yield* Effect.sync(() => {
            for (const run of idleCallbacks) run()
          })
          yield* waitFor((yield* Modal).state, (s) => s.open)
          return { beforeIdle, view: (yield* views).view }
        }),
        { connectors: [wallet.connector] },
      )
      expect(seen).toEqual({ beforeIdle: false, view: "UnsupportedChain" })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("does not reopen UnsupportedChain the user closed on a network update that is not a chain change", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const seen = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        yield* (yield* Connection).connect("injected")
        yield* wallet.emit({ _tag: "chainChanged", chainId: networkId("eip155:137") })
        yield* waitFor(modal.state, (s) => s.open)
        yield* modal.back // UnsupportedChain in the history: back closes
        const closed = (yield* views).open
        yield* (yield* Network).setApprovedCaipNetworkIds([networkId("eip155:1")])
        // Let the modal's network watcher run (the scheduler is deterministic: it runs before we resume).
        for (let i = 0; i < 5; i++) yield* Effect.yieldNow
        const afterUpdate = (yield* views).open
        yield* wallet.emit({ _tag: "chainChanged", chainId: networkId("eip155:10") })
        yield* waitFor(modal.state, (s) => s.open)
        return { closed, afterUpdate, view: (yield* views).view }
      }),
      { connectors: [wallet.connector] },
    )
    expect(seen).toEqual({ closed: false, afterUpdate: false, view: "UnsupportedChain" })
  })

  it("leaves an unsupported chain alone when the dApp allows it", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const state = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("injected")
        yield* wallet.emit({ _tag: "chainChanged", chainId: networkId("eip155:137") })
        yield* waitFor((yield* Network).state, (s) => s.unsupportedChain)
        return yield* views
      }),
      { connectors: [wallet.connector], options: { ...testOptions, allowUnsupportedChain: true } },
    )
    expect(state.open).toBe(false)
  })

  it("closes a view of the account when the last connection ends, by a disconnect or by the wallet", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const seen = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        const connection = yield* Connection
        yield* connection.connect("injected")
        yield* modal.open()
        const opened = (yield* views).view
        yield* connection.disconnect()
        yield* waitFor(modal.state, (s) => !s.open)
        yield* connection.connect("injected")
        yield* modal.open()
        yield* (yield* Router).push("WalletSend")
        yield* wallet.emit({ _tag: "disconnect" })
        yield* waitFor(modal.state, (s) => !s.open)
        return { opened, after: yield* views }
      }),
      { connectors: [wallet.connector] },
    )
    expect(seen).toEqual({
      opened: "Account",
      after: { open: false, view: "WalletSend", history: ["Account", "WalletSend"] },
    })
  })

  it("keeps a view that needs no account open when the last connection ends", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const seen = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        const connection = yield* Connection
        const stays = (view: "Networks" | "AllWallets" | "Connect") =>
          Effect.gen(function* () {
            yield* connection.connect("injected")
            yield* modal.open({ view })
            yield* connection.disconnect()
            // Let the modal's connection watcher run (the scheduler is deterministic: it runs before we resume).
            for (let i = 0; i < 5; i++) yield* Effect.yieldNow
            return yield* views
          })
        return [yield* stays("Networks"), yield* stays("AllWallets"), yield* stays("Connect")]
      }),
      { connectors: [wallet.connector] },
    )
    expect(seen).toEqual([
      { open: true, view: "Networks", history: ["Networks"] },
      { open: true, view: "AllWallets", history: ["AllWallets"] },
      { open: true, view: "Connect", history: ["Connect"] },
    ])
  })

  it("keeps the account's views open while another namespace is still connected", async () => {
    const evm = Effect.runSync(scriptedWallet({ id: "injected" }))
    const phantom = Effect.runSync(
      scriptedWallet({
        id: "phantom",
        chain: "solana",
        accounts: [`${solana.caipNetworkId}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`],
      }),
    )
    const seen = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        const connection = yield* Connection
        yield* connection.connect("injected")
        yield* connection.connect("phantom")
        yield* modal.open()
        yield* connection.disconnect("eip155")
        for (let i = 0; i < 5; i++) yield* Effect.yieldNow
        return yield* views
      }),
      { connectors: [evm.connector, phantom.connector] },
    )
    expect(seen).toEqual({ open: true, view: "Account", history: ["Account"] })
  })

  it("resyncs Farcaster 100 ms after going back from its view", async () => {
    const urls = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        const account = yield* Account
        const farcasterUrl = Effect.map(
          SubscriptionRef.get(account.state),
          (s) => s.byNamespace.eip155?.farcasterUrl,
        )
        yield* modal.open()
        yield* (yield* Router).push("ConnectingFarcaster")
        yield* account.update("eip155", { farcasterUrl: "https://farcaster.xyz/~/siwf?channelToken=1" })
        yield* modal.back
        const right = yield* farcasterUrl
        yield* TestClock.adjust("99 millis")
        const before = yield* farcasterUrl
        yield* TestClock.adjust("1 millis")
        return { right, before, after: yield* farcasterUrl, view: (yield* views).view }
      }),
    )
    expect(urls).toEqual({
      right: "https://farcaster.xyz/~/siwf?channelToken=1",
      before: "https://farcaster.xyz/~/siwf?channelToken=1",
      after: undefined,
      view: "Connect",
    })
  })

  it("resyncs Farcaster also when going back from its view closes the modal", async () => {
    const seen = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        const account = yield* Account
        yield* modal.open({ view: "ConnectingFarcaster" })
        yield* account.update("eip155", { farcasterUrl: "https://farcaster.xyz/~/siwf?channelToken=1" })
        yield* modal.back
        yield* TestClock.adjust("100 millis")
        return {
          open: (yield* views).open,
          url: (yield* SubscriptionRef.get(account.state)).byNamespace.eip155?.farcasterUrl,
        }
      }),
    )
    expect(seen).toEqual({ open: false, url: undefined })
  })

  it("tracks loading per namespace and closes after a finished request whose action says so", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const modal = yield* Modal
        const router = yield* Router
        yield* modal.setLoading("solana", true)
        yield* modal.open({ view: "Account" })
        yield* router.push("ApproveTransaction")
        yield* router.pushTransaction({ _tag: "Replace" })
        yield* modal.finishTransaction("success")
        return { ...(yield* views), loading: (yield* SubscriptionRef.get(modal.state)).loading }
      }),
    )
    expect(state).toMatchObject({ open: false, loading: { solana: true } })
  })
})
