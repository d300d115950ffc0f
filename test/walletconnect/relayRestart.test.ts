import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { fromMap, makeWalletConnectConnector, Storage, type WalletConnectConnector } from "@appkit/core"
import { type DevWallet, guardLoopback, type Relay, startDevWallet, startRelay } from "@appkit/fixtures"
import { Effect, Exit, Fiber, Layer, Option, Scope, Stream } from "effect"
import { verifyMessage } from "viem"
import { afterAll, afterEach, describe, expect, it } from "vitest"

// §9: the WalletConnect transport reconnects up to 5 times at 1000 ms when the relay drops. A real dApp
// connector and the dev wallet, a local relay stopped and started again on the same port; real time, as
// sign-client's own timers run on it.
const guard = guardLoopback()
const cleanups: Array<() => Promise<unknown>> = []
let prefix = 0

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(() => {
  guard.restore()
  expect(guard.attempts).toEqual([])
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A relay on a port of its own, which `restart` brings back on that same port. */
const relayOnFixedPort = async () => {
  let relay: Relay = await startRelay({ quiet: true })
  const port = Number(new URL(relay.url).port)
  cleanups.push(() => relay.close())
  return {
    url: relay.url,
    port,
    stop: () => relay.close(),
    restart: async () => {
      relay = await startRelay({ quiet: true, port })
    },
  }
}

/** A dApp connector paired with a fresh dev wallet through `relayUrl`, kept open until the test ends. */
const pairedConnector = async (relayUrl: string) => {
  const wallet: DevWallet = await startDevWallet({ relayUrl, storagePrefix: `restart-wallet-${prefix}` })
  cleanups.push(() => wallet.close())
  const scope = Effect.runSync(Scope.make())
  cleanups.push(() => Effect.runPromise(Scope.close(scope, Exit.void)))
  const connector = await Effect.runPromise(
    makeWalletConnectConnector({
      projectId: "test",
      relayUrl,
      chains: ["eip155:31337"],
      metadata: { name: "AppKit test", description: "test dApp", url: "http://127.0.0.1", icons: [] },
      storagePrefix: `restart-dapp-${prefix++}`,
    }).pipe(Scope.provide(scope), Effect.provide(Layer.succeed(Storage, fromMap(new Map())))),
  )
  await Effect.runPromise(
    Effect.gen(function* () {
      const uri = yield* Effect.forkChild(
        Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "display_uri")),
      )
      yield* Effect.yieldNow
      const connecting = yield* Effect.forkChild(connector.connect())
      const shown = yield* Fiber.join(uri)
      if (shown._tag === "Some" && shown.value._tag === "display_uri") {
        const pairing = shown.value.uri
        yield* Effect.promise(() => wallet.pair(pairing))
      }
      return yield* Fiber.join(connecting)
    }),
  )
  return { connector, wallet }
}

const sign = (connector: WalletConnectConnector, address: string, text: string) =>
  connector.request({ method: "personal_sign", params: [`0x${Buffer.from(text).toString("hex")}`, address] })

/** Stands where the relay was and refuses every WebSocket, counting the attempts. */
const deadRelay = async (port: number) => {
  let attempts = 0
  const server: Server = createServer((_request, response) => void response.writeHead(503).end())
  server.on("upgrade", (_request, socket) => {
    attempts++
    socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
  })
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  )
  expect((server.address() as AddressInfo).port).toBe(port)
  return { attempts: () => attempts }
}

describe("WalletConnect transport when the relay restarts (§9)", () => {
  it("reconnects to the relay started again on the same port, and requests work as before", async () => {
    const relay = await relayOnFixedPort()
    const { connector, wallet } = await pairedConnector(relay.url)
    const before = await Effect.runPromise(sign(connector, wallet.address, "before"))
    expect(
      await verifyMessage({ address: wallet.address, message: "before", signature: before as never }),
    ).toBe(true)

    await relay.stop()
    await sleep(1500)
    await relay.restart()
    const after = await Effect.runPromise(sign(connector, wallet.address, "after the restart"))
    expect(
      await verifyMessage({
        address: wallet.address,
        message: "after the restart",
        signature: after as never,
      }),
    ).toBe(true)
  }, 30_000)

  it("gives up after 5 attempts with a clear error, failing the request in flight, and stops trying", async () => {
    const relay = await relayOnFixedPort()
    const { connector, wallet } = await pairedConnector(relay.url)
    // Only the dApp is left to knock on the relay's port: a wallet that went away answers nothing.
    await wallet.close()
    const pending = Effect.runFork(sign(connector, wallet.address, "never answered"))
    // Published well before the drop: a publish that failed would be retried through another socket.
    await sleep(1000)

    await relay.stop()
    const dead = await deadRelay(relay.port)
    const outcome = await Effect.runPromise(Fiber.await(pending))
    expect(Exit.findErrorOption(outcome)).toMatchObject(
      Option.some({
        _tag: "WalletConnectError",
        reason: "unavailable",
        detail: expect.stringContaining(
          `the relay at ${relay.url} did not come back after 5 reconnection attempts`,
        ),
      }),
    )
    expect(dead.attempts()).toBe(5)
    // sign-client would otherwise try again on its 5-second heartbeat, for ever.
    await sleep(6000)
    expect(dead.attempts()).toBe(5)
  }, 30_000)
})
