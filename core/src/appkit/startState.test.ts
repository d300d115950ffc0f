import { Effect, Layer } from "effect"
import fc from "fast-check"
import { describe, expect, it, vi } from "vitest"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { fromMap, Storage } from "../storage/Storage"
import { ethereum, scriptedWallet, solana, testOptions } from "../testing/testkit"
import type { AppKit, AppKitState } from "./AppKit"
import { afterFirstPaint, unpaintedPageTimeoutMs } from "./afterFirstPaint"
import { createAppKit } from "./createAppKit"
import type { CreateAppKitParameters } from "./options"

// createAppKit returns before its services exist (they are built after the first paint; in Node, in the next
// microtask): getState is right at once, and everything called meanwhile waits for the build.

const wallet = () => Effect.runSync(scriptedWallet({ id: "injected", rdns: "io.injected" }))

const make = (map: Map<string, string>, options: Partial<CreateAppKitParameters> = {}) =>
  createAppKit({
    ...testOptions,
    connectors: [wallet().connector],
    storage: Layer.succeed(Storage, fromMap(map)),
    ...options,
  })

/** A storage holding a session, as a reload finds it: connected on eip155, account type and recent wallet kept. */
const storedSession = async () => {
  const map = new Map<string, string>()
  const appKit = make(map, { reconnect: false })
  await appKit.connect("injected")
  await appKit.setPreferredAccountType("eip155", "smartAccount")
  await appKit.addRecentWallet({ id: "io.injected", name: "Injected" })
  await appKit.dispose()
  return map
}

/** Each slice of the state before the build, and whether the built services hold the very same object. */
const sameAfterBuild = async (appKit: AppKit) => {
  const before = appKit.getState()
  await appKit.ready
  const after = appKit.getState()
  return Object.fromEntries(
    (Object.keys(before) as Array<keyof AppKitState>).map((key) => [key, before[key] === after[key]]),
  )
}

const everySlice = (same: boolean) =>
  Object.fromEntries(
    [
      "options",
      "router",
      "modal",
      "connection",
      "connectors",
      "account",
      "network",
      "send",
      "transactions",
      "toast",
      "alert",
      "names",
      "swap",
      "siwx",
      "pairing",
      "embedded",
    ].map((key) => [key, same]),
  )

describe("createAppKit before its services are built", () => {
  it("shows the state the services start from (the same objects) with an empty storage", async () => {
    const appKit = make(new Map())
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(appKit.getState().connectors.connectors.map((c) => c.id)).toEqual(["injected"])
    expect(await sameAfterBuild(appKit)).toEqual(everySlice(true))
    await appKit.dispose()
  })

  it("adds the connectors its services register (here the secure site's) when they are built, and says so", async () => {
    const appKit = make(new Map(), { secureSiteUrl: "http://127.0.0.1:9/secure" })
    expect(appKit.getState().embedded.available).toBe(true)
    const heard: Array<ReadonlyArray<string>> = []
    appKit.subscribe(
      (s) => s.connectors.connectors,
      (connectors) => heard.push(connectors.map((c) => c.id)),
    )
    expect(await sameAfterBuild(appKit)).toEqual({ ...everySlice(true), connectors: false })
    expect(heard).toEqual([["injected", "embedded"]])
    await appKit.dispose()
  })

  it("shows a stored session at once, as the services restore it (reconnect off: connected)", async () => {
    const appKit = make(await storedSession(), { reconnect: false })
    const state = appKit.getState()
    expect(state.connection.status).toBe("connected")
    expect(state.account.byNamespace.eip155?.address).toBeDefined()
    expect(state.account.preferredAccountTypes.eip155).toBe("smartAccount")
    expect(state.connectors.recentWallets.map((w) => w.id)).toContain("io.injected")
    expect(await sameAfterBuild(appKit)).toEqual(everySlice(true))
    await appKit.dispose()
  })

  it("warns once that it dropped an unreadable recent wallet, before and after the build, keeping the others", async () => {
    const logged: Array<string> = []
    const log = vi.spyOn(console, "log").mockImplementation((...args) => void logged.push(args.join(" ")))
    try {
      const stored = [{ id: "a", name: "A" }, { name: "no id" }, { id: "b", name: "B" }]
      const appKit = make(new Map([["@appkit/recent_wallets", JSON.stringify(stored)]]), { reconnect: false })
      await appKit.ready
      expect(appKit.getState().connectors.recentWallets.map((w) => w.id)).toEqual(["a", "b"])
      await appKit.dispose()
    } finally {
      log.mockRestore()
    }
    expect(
      logged.filter((line) => line.includes("Discarding unreadable stored recent wallets")),
    ).toHaveLength(1)
  })

  it("shows an account an older version stored in lower case checksummed once the page is idle, and stores it so", async () => {
    const map = await storedSession()
    const stored = map.get("@appkit/connections") ?? ""
    const checksummed = /0x[0-9a-fA-F]{40}/.exec(stored)?.[0] ?? ""
    expect(checksummed).not.toBe(checksummed.toLowerCase())
    map.set("@appkit/connections", stored.replace(checksummed, checksummed.toLowerCase()))
    const appKit = make(map, { reconnect: false })
    // The first paint shows what storage holds (the checksum's code is not part of it).
    expect(appKit.getState().account.byNamespace.eip155?.address).toBe(checksummed.toLowerCase())
    await appKit.ready
    // The checksum's code loads by a dynamic import: real I/O, waited for (bounded), not timed.
    await vi.waitFor(() => expect(appKit.getState().account.byNamespace.eip155?.address).toBe(checksummed), {
      timeout: 5000,
    })
    const state = appKit.getState()
    expect(state.connection.connections.eip155?.accounts).toEqual([`eip155:1:${checksummed}`])
    expect(state.account.byNamespace.eip155?.caipAddress).toBe(`eip155:1:${checksummed}`)
    expect(map.get("@appkit/connections")).toBe(stored)
    await appKit.dispose()
  })

  it("leaves out a stored connection of a namespace the app no longer configures, before and after the build", async () => {
    const map = new Map<string, string>()
    const phantom = Effect.runSync(
      scriptedWallet({
        id: "phantom",
        chain: "solana",
        chainId: solana.caipNetworkId,
        accounts: [`${solana.caipNetworkId}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`],
      }),
    )
    const stored = make(map, { reconnect: false, connectors: [wallet().connector, phantom.connector] })
    await stored.connect("injected")
    await stored.connect("phantom")
    await stored.dispose()
    const appKit = make(map, { reconnect: false, networks: [ethereum] })
    const state = appKit.getState()
    expect(Object.keys(state.connection.connections)).toEqual(["eip155"])
    expect(Object.keys(state.account.byNamespace)).toEqual(["eip155"])
    expect(await sameAfterBuild(appKit)).toEqual(everySlice(true))
    expect(Object.keys(appKit.getState().connection.connections)).toEqual(["eip155"])
    await appKit.dispose()
  })

  it("starts from any corrupted, truncated or foreign stored value: the others are kept, the bad one dropped", async () => {
    const session = await storedSession()
    const keys = [...session.keys()]
    // What a hand edit, an old version or a crash mid-write leaves: a cut value, another JSON value, any text.
    const junk = (valid: string) =>
      fc.oneof(
        fc.nat({ max: Math.max(0, valid.length - 1) }).map((end) => valid.slice(0, end)),
        fc.json({ maxDepth: 3 }),
        fc.string({ maxLength: 40 }),
        fc.constant(JSON.stringify("x".repeat(100_000))),
      )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...keys).chain((key) => fc.tuple(fc.constant(key), junk(session.get(key) ?? ""))),
        async ([key, value]) => {
          const map = new Map(session)
          map.set(key, value)
          const appKit = make(map, { reconnect: false })
          await appKit.ready
          const { connection } = appKit.getState()
          expect(connection.status === "connected").toBe(Object.keys(connection.connections).length > 0)
          // Every other key is still there, as it was.
          for (const other of keys.filter((k) => k !== key)) expect(map.get(other)).toBe(session.get(other))
          await appKit.dispose()
        },
      ),
      { numRuns: 60 },
    )
  })

  it("keeps a namespace's stored connection when another namespace's entry beside it is unreadable", async () => {
    const map = await storedSession()
    const connections = JSON.parse(map.get("@appkit/connections") ?? "{}")
    map.set(
      "@appkit/connections",
      JSON.stringify({ ...connections, solana: [{ connectorId: "", accounts: 5 }] }),
    )
    const appKit = make(map, { reconnect: false })
    expect(Object.keys(appKit.getState().connection.connections)).toEqual(["eip155"])
    expect(appKit.getState().connection.status).toBe("connected")
    await appKit.dispose()
  })

  it("shows a stored session as connecting while its wallet is asked again, then connected", async () => {
    const appKit = make(await storedSession())
    const before = appKit.getState()
    expect(before.connection.status).toBe("connecting")
    const statuses: Array<string> = []
    appKit.subscribe(
      (s) => s.connection.status,
      (status) => statuses.push(status),
    )
    await appKit.ready
    expect(appKit.getState().connection.status).toBe("connected")
    expect(statuses).toEqual(["connected"])
    // The reconnection brought back what was shown before the build.
    expect(appKit.getState().account.byNamespace.eip155?.caipAddress).toBe(
      before.account.byNamespace.eip155?.caipAddress,
    )
    expect(appKit.getState().network.caipNetwork).toBe(before.network.caipNetwork)
    expect(appKit.getState().options).toBe(before.options)
    await appKit.dispose()
  })

  it("runs an action called at once after the build, and notifies its subscribers", async () => {
    const appKit = make(new Map(), { reconnect: false })
    const open: Array<boolean> = []
    appKit.subscribe(
      (s) => s.modal.open,
      (isOpen) => open.push(isOpen),
    )
    const opened = appKit.open()
    const connected = appKit.connect("injected")
    expect(appKit.getState().modal.open).toBe(false)
    await opened
    expect(open).toEqual([true])
    expect(appKit.getState().router.view).toBe("Connect")
    await connected
    expect(appKit.getState().connection.status).toBe("connected")
    await appKit.dispose()
  })

  it("builds nothing when disposed first: actions reject, ready settles", async () => {
    let built = 0
    const api = Layer.effect(
      BlockchainApi,
      Effect.sync(() => {
        built++
        return {} as BlockchainApi["Service"]
      }),
    )
    const appKit = make(new Map(), { api })
    const opened = appKit.open()
    await appKit.dispose()
    await expect(opened).rejects.toBeDefined()
    await expect(appKit.ready).resolves.toBeUndefined()
    expect(built).toBe(0)
    expect(appKit.getState().modal.open).toBe(false)
  })

  it("rejects every action with the typed error when a layer cannot be built synchronously; ready settles", async () => {
    const api = Layer.effect(
      BlockchainApi,
      Effect.as(Effect.sleep("1 millis"), {} as BlockchainApi["Service"]),
    )
    const appKit = make(new Map(), { api, reconnect: false })
    expect(appKit.getState().modal.open).toBe(false)
    const failure = expect.objectContaining({
      _tag: "InvalidAppKitOptionsError",
      message: expect.stringContaining("could not be built synchronously"),
    })
    await expect(appKit.open()).rejects.toEqual(failure)
    await expect(appKit.connect("injected")).rejects.toEqual(failure)
    expect(() => appKit.walletImageUrl("id")).toThrow(failure)
    await expect(appKit.ready).resolves.toBeUndefined()
    await appKit.dispose()
  })
})

describe("afterFirstPaint", () => {
  /** A page's timers, run by hand: frames and timeouts fire only when the test says so. */
  const pageTimers = () => {
    const frames: Array<() => void> = []
    const timeouts: Array<{ run: () => void; ms: number }> = []
    return {
      frames,
      timeouts,
      timers: {
        requestAnimationFrame: (run: () => void) => frames.push(run),
        setTimeout: (run: () => void, ms = 0) => timeouts.push({ run, ms }),
      },
    }
  }

  it("runs the work in the task after the next frame's paint, once (the backstop then does nothing)", () => {
    const { frames, timeouts, timers } = pageTimers()
    let runs = 0
    afterFirstPaint(() => runs++, timers)
    expect(runs).toBe(0)
    expect(timeouts.map((t) => t.ms)).toEqual([unpaintedPageTimeoutMs])
    frames.shift()?.()
    expect(runs).toBe(0) // the frame callback runs before the paint: the work waits for the next task
    const afterPaint = timeouts.find((t) => t.ms === 0)
    afterPaint?.run()
    expect(runs).toBe(1)
    for (const timeout of timeouts) timeout.run()
    expect(runs).toBe(1)
  })

  it("runs the work after the backstop in a page that does not paint (a background tab)", () => {
    const { timeouts, timers } = pageTimers()
    let runs = 0
    afterFirstPaint(() => runs++, timers)
    timeouts[0]?.run()
    expect(runs).toBe(1)
  })

  it("runs the work in a microtask outside a page", async () => {
    let runs = 0
    afterFirstPaint(() => runs++, { setTimeout: () => undefined })
    expect(runs).toBe(0)
    await Promise.resolve()
    expect(runs).toBe(1)
  })
})
