import { Effect, Fiber, Scope, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { afterEach, describe, expect, it } from "vitest"
import type { Connector } from "../connectors/Connector"
import type { Eip1193Provider } from "../connectors/injected/eip1193"
import { makeInjectedConnector } from "../connectors/injected/InjectedConnector"
import { scriptedProvider } from "../testing/evmProvider"
import { captureLogs } from "../testing/logCapture"
import { devAccount, runState } from "../testing/testkit"
import { Connection } from "./Connection"
import { Network } from "./Network"

/**
 * A reload must not put a wallet prompt in front of the user: the stored injected connection is restored with
 * eth_accounts (which never prompts), as wagmi reconnects, and dropped when the wallet no longer shares an
 * account with the site.
 */
const info = { uuid: "1", name: "Rabby", icon: "data:image/svg+xml;base64,PHN2Zy8+", rdns: "io.rabby" }
const address = devAccount.address.toLowerCase()

const scopes: Array<Scope.Closeable> = []
afterEach(() =>
  Promise.all(scopes.splice(0).map((scope) => Effect.runPromise(Scope.close(scope, undefined as never)))),
)

/** A real injected connector over a provider; its wallet listeners live until the test ends. */
const injected = (provider: Eip1193Provider): Connector => {
  const scope = Effect.runSync(Scope.make())
  scopes.push(scope)
  return Effect.runSync(Scope.provide(makeInjectedConnector(provider, info), scope))
}

/** Storage holding an eip155 connection made through `injected` before the reload. */
const storedConnection = async (chainIdHex = "0x1") => {
  const map = new Map<string, string>()
  const wallet = scriptedProvider({ eth_requestAccounts: [address], eth_chainId: chainIdHex })
  await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("io.rabby"))), {
    map,
    connectors: [injected(wallet)],
  })
  return map
}

const methods = (wallet: ReturnType<typeof scriptedProvider>) => wallet.seen.map((request) => request.method)
const state = Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))

describe("Connection.reconnect with an injected wallet", () => {
  it("restores the stored connection with eth_accounts: the wallet is never asked to prompt", async () => {
    const map = await storedConnection()
    // Since the page was closed the user moved the wallet to Base: the app follows, nothing is switched.
    const wallet = scriptedProvider({ eth_accounts: [address], eth_chainId: "0x2105" })
    const after = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).reconnect
        return {
          connection: yield* state,
          network: (yield* SubscriptionRef.get((yield* Network).state)).caipNetwork.caipNetworkId,
        }
      }),
      { map, connectors: [injected(wallet)] },
    )
    expect(methods(wallet)).toEqual(["eth_accounts", "eth_chainId"])
    expect(methods(wallet).filter((method) => method === "eth_requestAccounts")).toHaveLength(0)
    expect(after.connection.status).toBe("connected")
    expect(after.connection.connections.eip155).toMatchObject({
      connectorId: "io.rabby",
      chainId: "eip155:8453",
      accounts: [`eip155:8453:${address}`],
    })
    expect(after.network).toBe("eip155:8453")
  })

  it("drops the stored connection when the wallet no longer shares an account (an empty eth_accounts)", async () => {
    const map = await storedConnection()
    const wallet = scriptedProvider({ eth_accounts: [], eth_chainId: "0x1" })
    const logs = captureLogs()
    const after = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).reconnect
        return yield* state
      }).pipe(Effect.provide(logs.layer)),
      { map, connectors: [injected(wallet)] },
    )
    expect(methods(wallet)).toEqual(["eth_accounts"])
    expect(after).toMatchObject({ status: "disconnected", connections: {} })
    expect(logs.texts()).toContain("Connector io.rabby unavailable while reconnecting")
    expect(JSON.parse(map.get("@appkit/connection_status") ?? "null")).toBe("disconnected")
  })

  it("drops the stored connection when eth_accounts gets no answer within 10 s", async () => {
    const map = await storedConnection()
    const seen: Array<string> = []
    const silent: Eip1193Provider = {
      request: ({ method }) => {
        seen.push(method)
        return new Promise(() => {})
      },
    }
    const after = await runState(
      Effect.gen(function* () {
        const reconnecting = yield* Effect.forkChild((yield* Connection).reconnect)
        yield* TestClock.adjust("9999 millis")
        const waiting = (yield* state).status
        yield* TestClock.adjust("1 millis")
        yield* Fiber.join(reconnecting)
        return { waiting, after: yield* state }
      }),
      { map, connectors: [injected(silent)] },
    )
    expect(seen).toEqual(["eth_accounts"])
    expect(after.waiting).toBe("connecting")
    expect(after.after).toMatchObject({ status: "disconnected", connections: {} })
  })

  it("still asks with eth_requestAccounts when the user connects", async () => {
    const wallet = scriptedProvider({ eth_requestAccounts: [address], eth_accounts: [], eth_chainId: "0x1" })
    await runState(Effect.asVoid(Effect.flatMap(Connection, (c) => c.connect("io.rabby"))), {
      connectors: [injected(wallet)],
    })
    expect(methods(wallet)).toEqual(["eth_requestAccounts", "eth_chainId"])
  })
})
