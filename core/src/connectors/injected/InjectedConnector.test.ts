import { type Anvil, createDevEip1193Provider, type DevEip1193Provider, startAnvil } from "@appkit/fixtures"
import { Chunk, Effect, Exit, Fiber, Scope, Stream } from "effect"
import { TestClock } from "effect/testing"
import { getAddress, type Hex, toHex, verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { networkId } from "../../testing/testkit"
import type { ConnectorEvent } from "../Connector"
import { lazyConnector } from "../lazyConnector"
import type { Eip1193Provider } from "./eip1193"
import { type InjectedConnector, makeInjectedConnector } from "./InjectedConnector"

const info = {
  uuid: "9f1c",
  name: "Dev Wallet",
  icon: "data:image/svg+xml;base64,PHN2Zy8+",
  rdns: "dev.appkit.wallet",
}

describe("InjectedConnector over the dev EIP-1193 wallet", () => {
  let anvil: Anvil
  let other: Anvil
  beforeAll(async () => {
    ;[anvil, other] = await Promise.all([
      startAnvil({ accounts: 2 }),
      startAnvil({ chainId: 1337, accounts: 1 }),
    ])
  })
  afterAll(() => Promise.all([anvil.stop(), other.stop()]))

  const address = (index: number) => getAddress(anvil.accounts[index]?.address as string)
  const walletWith = (approve?: (request: { method: string }) => boolean) =>
    createDevEip1193Provider({
      privateKeys: anvil.accounts.map((account) => account.privateKey),
      chains: [
        { chainId: 31337, rpcUrl: anvil.rpcUrl },
        { chainId: 1337, rpcUrl: other.rpcUrl },
      ],
      ...(approve ? { approve } : {}),
    })

  /** Runs a test body with a connector whose wallet listeners live in a scope closed at the end. */
  const withConnector = <A, E>(
    wallet: DevEip1193Provider,
    body: (connector: InjectedConnector) => Effect.Effect<A, E>,
  ): Promise<A> => Effect.runPromise(Effect.scoped(Effect.flatMap(makeInjectedConnector(wallet, info), body)))

  it("describes the announced wallet and connects with CAIP-10 accounts and a CAIP-2 chain", async () => {
    const wallet = walletWith()
    const connection = await withConnector(wallet, (connector) => {
      expect(connector).toMatchObject({
        id: "dev.appkit.wallet",
        name: "Dev Wallet",
        type: "ANNOUNCED",
        chain: "eip155",
      })
      expect(connector.imageUrl).toBe(info.icon)
      return connector.connect()
    })
    expect(connection).toEqual({ accounts: [`eip155:31337:${address(0)}`], chainId: "eip155:31337" })
  })

  it("checksums the accounts of a wallet that reports them in lowercase: on connect, reconnect and change", async () => {
    const wallet = walletWith()
    const lowered = (value: unknown) =>
      Array.isArray(value) ? value.map((item) => String(item).toLowerCase()) : value
    const listeners = new Map<(...args: Array<unknown>) => void, (...args: Array<unknown>) => void>()
    // The dev wallet, but spelling every account in lowercase as some wallets do.
    const lowercaseWallet: Eip1193Provider = {
      request: async (args) => {
        const result = await wallet.request(args)
        return args.method.endsWith("Accounts") || args.method === "eth_accounts" ? lowered(result) : result
      },
      on: (event, listener) => {
        const heard = (...args: Array<unknown>) =>
          listener(...(event === "accountsChanged" ? [lowered(args[0])] : args))
        listeners.set(listener, heard)
        return wallet.on(event, heard)
      },
      removeListener: (event, listener) => wallet.removeListener(event, listeners.get(listener) ?? listener),
    }
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const connector = yield* makeInjectedConnector(lowercaseWallet, info)
          const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(connector.events, 2)))
          yield* Effect.yieldNow
          const connection = yield* connector.connect()
          wallet.selectAccount(1)
          const events = yield* Fiber.join(fiber)
          const again = yield* makeInjectedConnector(lowercaseWallet, info)
          const silent = yield* again.connect({ silent: true })
          return { connection, events: Chunk.toReadonlyArray(Chunk.fromIterable(events)), silent }
        }),
      ),
    )
    expect(result.connection.accounts).toEqual([`eip155:31337:${address(0)}`])
    expect(result.events[1]).toEqual({ _tag: "accountsChanged", accounts: [`eip155:31337:${address(1)}`] })
    expect(result.silent.accounts).toEqual([`eip155:31337:${address(1)}`])
  })

  it("switches to the dApp's preferred chain while connecting, and refuses a second connect", async () => {
    const wallet = walletWith()
    const result = await withConnector(wallet, (connector) =>
      Effect.gen(function* () {
        const connection = yield* connector.connect({ chainId: networkId("eip155:1337") })
        const again = yield* Effect.flip(connector.connect())
        return { connection, again }
      }),
    )
    expect(result.connection.chainId).toBe("eip155:1337")
    expect(result.connection.accounts).toEqual([`eip155:1337:${address(0)}`])
    expect(result.again.message).toBe("Connector already connected.")
  })

  it("reconnects silently on the wallet's own chain: no prompt, neither for the accounts nor for a switch", async () => {
    const wallet = walletWith()
    await wallet.request({ method: "eth_requestAccounts" }) // the site was permitted on an earlier visit
    const asked = wallet.requests.length
    const connection = await withConnector(wallet, (connector) =>
      connector.connect({ chainId: networkId("eip155:1337"), silent: true }),
    )
    expect(connection).toEqual({ accounts: [`eip155:31337:${address(0)}`], chainId: "eip155:31337" })
    expect(wallet.requests.slice(asked).map((request) => request.method)).toEqual([
      "eth_accounts",
      "eth_chainId",
    ])
  })

  it("forwards allowed requests to the wallet (personal_sign verifies)", async () => {
    const wallet = walletWith()
    const signature = await withConnector(wallet, (connector) =>
      Effect.gen(function* () {
        yield* connector.connect()
        return (yield* connector.request({
          method: "personal_sign",
          params: [toHex("gm"), address(0)],
        })) as Hex
      }),
    )
    expect(await verifyMessage({ address: address(0), message: "gm", signature })).toBe(true)
  })

  it("rejects an unlisted method before the wallet ever sees it", async () => {
    const wallet = walletWith()
    const error = await withConnector(wallet, (connector) =>
      Effect.gen(function* () {
        yield* connector.connect()
        return yield* Effect.flip(connector.request({ method: "debug_traceTransaction", params: ["0x00"] }))
      }),
    )
    expect(error).toMatchObject({ _tag: "RpcPolicyError", message: "Requested RPC call is not allowed" })
    expect(wallet.requests.map((request) => request.method)).toEqual(["eth_requestAccounts", "eth_chainId"])
  })

  it("reports a refusal in the wallet as code 4001 and stays disconnected", async () => {
    const wallet = walletWith((request) => request.method !== "eth_requestAccounts")
    const error = await withConnector(wallet, (connector) => Effect.flip(connector.connect()))
    expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
  })

  it("maps wallet events to ConnectorEvents with CAIP ids, and drops its listeners with the scope", async () => {
    const wallet = walletWith()
    const scope = await Effect.runPromise(Scope.make())
    const connector = await Effect.runPromise(Scope.provide(makeInjectedConnector(wallet, info), scope))
    const collected = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(connector.events, 4)))
        yield* Effect.yieldNow
        yield* connector.connect()
        yield* connector.switchChain(networkId("eip155:1337"))
        wallet.selectAccount(1)
        wallet.disconnect()
        return yield* Fiber.join(fiber)
      }),
    )
    const events: ReadonlyArray<ConnectorEvent> = Chunk.toReadonlyArray(Chunk.fromIterable(collected))
    expect(events).toEqual([
      { _tag: "connect", chainId: "eip155:31337" },
      { _tag: "chainChanged", chainId: "eip155:1337" },
      { _tag: "accountsChanged", accounts: [`eip155:1337:${address(1)}`] },
      { _tag: "disconnect" },
    ])
    // After disconnect a wallet-side request is refused by the policy as needing a connection.
    const afterDisconnect = await Effect.runPromise(
      Effect.flip(connector.request({ method: "wallet_getCapabilities" })),
    )
    expect(afterDisconnect.message).toBe("This request needs a connected provider")
    await Effect.runPromise(Scope.close(scope, Exit.void))
    const late = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(connector.events, 1)))
        yield* Effect.yieldNow
        wallet.selectAccount(0)
        yield* Effect.yieldNow
        return fiber.pollUnsafe()
      }),
    )
    expect(late).toBeUndefined()
  })

  describe("a switch to a chain the wallet lacks (EIP-3326 4902)", () => {
    const walletOnOneChain = (approve?: (request: { method: string }) => boolean) =>
      createDevEip1193Provider({
        privateKeys: anvil.accounts.map((account) => account.privateKey),
        chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
        ...(approve ? { approve } : {}),
      })
    const network = () => ({
      id: 1337,
      chainNamespace: "eip155" as const,
      caipNetworkId: networkId("eip155:1337"),
      name: "Second Anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrl: other.rpcUrl,
    })

    it("adds the chain with its name, currency and RPC URL (EIP-3085), then switches to it", async () => {
      const wallet = walletOnOneChain()
      const chainId = await withConnector(wallet, (connector) =>
        Effect.gen(function* () {
          yield* connector.connect()
          yield* connector.switchChain(networkId("eip155:1337"), network())
          return yield* connector.request({ method: "eth_chainId" })
        }),
      )
      expect(chainId).toBe("0x539")
      expect(wallet.requests.find((request) => request.method === "wallet_addEthereumChain")).toEqual({
        method: "wallet_addEthereumChain",
        params: [
          {
            chainId: "0x539",
            chainName: "Second Anvil",
            nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
            rpcUrls: [other.rpcUrl],
          },
        ],
      })
    })

    it("adds and switches the same way through a lazy stand-in (the network is passed on)", async () => {
      const wallet = walletOnOneChain()
      const chainId = await withConnector(wallet, (connector) =>
        Effect.gen(function* () {
          const standIn = lazyConnector(connector, Effect.succeed(connector))
          yield* standIn.connect()
          yield* standIn.switchChain(networkId("eip155:1337"), network())
          return yield* standIn.request({ method: "eth_chainId" })
        }),
      )
      expect(chainId).toBe("0x539")
      expect(wallet.requests.map((request) => request.method)).toContain("wallet_addEthereumChain")
    })

    it("reports a refused add as the user's 4001 and stays on the wallet's chain", async () => {
      const wallet = walletOnOneChain((request) => request.method !== "wallet_addEthereumChain")
      const error = await withConnector(wallet, (connector) =>
        Effect.gen(function* () {
          yield* connector.connect()
          return yield* Effect.flip(connector.switchChain(networkId("eip155:1337"), network()))
        }),
      )
      expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
      expect(
        wallet.requests.filter((request) => request.method === "wallet_switchEthereumChain"),
      ).toHaveLength(1)
    })

    it("connects on the wallet's own chain when the dApp's preferred chain is one it lacks, as wagmi does", async () => {
      const wallet = walletOnOneChain()
      const connection = await withConnector(wallet, (connector) =>
        connector.connect({ chainId: networkId("eip155:1337") }),
      )
      expect(connection).toEqual({ accounts: [`eip155:31337:${address(0)}`], chainId: "eip155:31337" })
    })

    it("still fails the connect when the user refuses the switch to the preferred chain (4001)", async () => {
      const wallet = walletWith((request) => request.method !== "wallet_switchEthereumChain")
      const error = await withConnector(wallet, (connector) =>
        Effect.gen(function* () {
          const refused = yield* Effect.flip(connector.connect({ chainId: networkId("eip155:1337") }))
          // (the refused connect left nothing behind: a second try is not "already connected")
          yield* Effect.flip(connector.connect({ chainId: networkId("eip155:1337") }))
          return refused
        }),
      )
      expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
    })

    it("passes the 4902 through when the network has no RPC URL to add it with", async () => {
      const wallet = walletOnOneChain()
      const { rpcUrl: _, ...withoutRpc } = network()
      const error = await withConnector(wallet, (connector) =>
        Effect.gen(function* () {
          yield* connector.connect()
          return yield* Effect.flip(connector.switchChain(networkId("eip155:1337"), withoutRpc))
        }),
      )
      expect(error).toMatchObject({ _tag: "ProviderRpcError", code: 4902 })
      expect(wallet.requests.map((request) => request.method)).not.toContain("wallet_addEthereumChain")
    })
  })

  describe("a wallet's disconnect event", () => {
    const account = "0x00000000000000000000000000000000000000a1"
    /** A wallet whose eth_accounts answer the test sets, and whose events the test emits. */
    const emittingWallet = (accountsAfter: ReadonlyArray<string>) => {
      const listeners = new Map<string, (...args: Array<unknown>) => void>()
      let connected = false
      return {
        request: ({ method }: { readonly method: string }) => {
          if (method === "eth_requestAccounts") connected = true
          return Promise.resolve(
            method === "eth_chainId"
              ? "0x1"
              : connected && method === "eth_requestAccounts"
                ? [account]
                : accountsAfter,
          )
        },
        on: (event: string, listener: (...args: Array<unknown>) => void) =>
          void listeners.set(event, listener),
        removeListener: (event: string) => void listeners.delete(event),
        emit: (event: string, ...args: Array<unknown>) => listeners.get(event)?.(...args),
      }
    }
    const eventsAfterDisconnect = (wallet: ReturnType<typeof emittingWallet>, error: unknown) =>
      Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const connector = yield* makeInjectedConnector(wallet, info)
            yield* connector.connect()
            const events = yield* Effect.forkChild(Stream.runHead(connector.events))
            yield* Effect.yieldNow
            wallet.emit("disconnect", error)
            yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
            // a still-connected wallet still answers a request that needs the connection
            const capabilities = yield* Effect.result(connector.request({ method: "wallet_getCapabilities" }))
            return { event: events.pollUnsafe(), stillConnected: capabilities._tag === "Success" }
          }),
        ),
      )

    it("keeps the connection on MetaMask's recoverable disconnect (1013) while the wallet still grants the accounts", async () => {
      const result = await eventsAfterDisconnect(emittingWallet([account]), {
        code: 1013,
        message: "MetaMask: Disconnected from chain. Attempting to connect.",
      })
      expect(result.stillConnected).toBe(true)
      // (the wallet's answer restates the accounts; no disconnect reaches the app)
      expect(result.event).toMatchObject(
        Exit.succeed({ value: { _tag: "accountsChanged", accounts: [`eip155:1:${getAddress(account)}`] } }),
      )
    })

    it("disconnects on a 1013 when the wallet no longer grants any account, and on any other disconnect", async () => {
      const recoverable = await eventsAfterDisconnect(emittingWallet([]), {
        code: 1013,
        message: "reconnecting",
      })
      expect(recoverable.stillConnected).toBe(false)
      expect(recoverable.event).toMatchObject(Exit.succeed({ value: { _tag: "disconnect" } }))
      const final = await eventsAfterDisconnect(emittingWallet([account]), {
        code: 4900,
        message: "Disconnected",
      })
      expect(final.stillConnected).toBe(false)
      expect(final.event).toMatchObject(Exit.succeed({ value: { _tag: "disconnect" } }))
    })
  })

  it("refuses to switch to a chain outside eip155", async () => {
    const error = await withConnector(walletWith(), (connector) =>
      Effect.flip(connector.switchChain(networkId("solana:mainnet"))),
    )
    expect(error.message).toBe("Connector chain mismatch.")
  })

  it("disconnects at once from a wallet that never answers the wallet_revokePermissions courtesy", async () => {
    const account = "0x00000000000000000000000000000000000000a1"
    // Answers what a connect asks; many wallets do not support revoking and never answer it.
    const wallet = {
      request: ({ method }: { readonly method: string }) =>
        method === "eth_requestAccounts"
          ? Promise.resolve([account])
          : method === "eth_chainId"
            ? Promise.resolve("0x1")
            : new Promise<never>(() => {}),
    }
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const connector = yield* makeInjectedConnector(wallet, info)
          yield* connector.connect()
          const events = yield* Effect.forkChild(Stream.runHead(connector.events))
          yield* Effect.yieldNow
          const disconnecting = yield* Effect.forkChild(connector.disconnect())
          yield* TestClock.adjust("99 millis")
          const before = disconnecting.pollUnsafe()
          yield* TestClock.adjust("1 millis")
          yield* Effect.yieldNow
          // (polled, not joined: a disconnect that waits on the wallet fails here rather than hanging the test)
          return { before, after: disconnecting.pollUnsafe(), event: events.pollUnsafe() }
        }),
      ).pipe(Effect.provide(TestClock.layer())),
    )
    expect(result.before).toBeUndefined()
    expect(result.after).toEqual(Exit.void)
    expect(result.event).toMatchObject(Exit.succeed({ value: { _tag: "disconnect" } }))
  })

  it("bounds every wallet request: a wallet that never answers fails after the bound, named", async () => {
    const silent = { request: () => new Promise<never>(() => {}) }
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const connector = yield* makeInjectedConnector(silent, info, { requestTimeout: "30 seconds" })
          const connecting = yield* Effect.forkChild(connector.connect())
          yield* TestClock.adjust("29 seconds")
          const before = connecting.pollUnsafe()
          yield* TestClock.adjust("1 second")
          return { before, after: yield* Effect.flip(Fiber.join(connecting)) }
        }),
      ).pipe(Effect.provide(TestClock.layer())),
    )
    expect(result.before).toBeUndefined()
    expect(result.after).toMatchObject({
      _tag: "WalletRequestTimeout",
      walletName: "Dev Wallet",
      method: "eth_requestAccounts",
      message:
        "Dev Wallet did not answer eth_requestAccounts within 30s: check that the wallet is open and still connected, then try again",
    })
  })
})
