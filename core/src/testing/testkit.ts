import { Effect, Layer, Option, PubSub, Schema, Stream, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { privateKeyToAccount } from "viem/accounts"
import { apiLayer } from "../api/layer"
import type { Connector, ConnectorEvent } from "../connectors/Connector"
import { CaipAccountId, CaipNetworkId } from "../domain/caip"
import type { ConnectorType } from "../domain/connector"
import type { ChainNamespace } from "../domain/namespace"
import { Network } from "../domain/network"
import { ConnectionError } from "../errors/connection"
import { ProviderRpcError } from "../errors/ProviderRpcError"
import { ApiConfig } from "../http/ApiConfig"
import { SiwxClient } from "../siwx/SiwxClient"
import { SiwxSessionStore } from "../siwx/SiwxSessionStore"
import { type SiwxConfig, siwxClient } from "../siwx/siwxClientLayer"
import { type StateServices, stateLayer } from "../state/layer"
import type { AppKitOptions } from "../state/Options"
import { fromMap, Storage } from "../storage/Storage"

/** Test support for the state services (imported by tests only). */

/** CAIP ids as a wallet boundary decodes them (tests write them as text). */
export const networkId = Schema.decodeSync(CaipNetworkId)
export const accountId = Schema.decodeSync(CaipAccountId)

/** A §3 network, decoded as the options schema would (CAIP-2 ids are branded). */
export const network = Schema.decodeUnknownSync(Network)

export const ethereum = network({
  id: 1,
  chainNamespace: "eip155",
  caipNetworkId: "eip155:1",
  name: "Ethereum",
})
export const base = network({
  id: 8453,
  chainNamespace: "eip155",
  caipNetworkId: "eip155:8453",
  name: "Base",
})
export const solana = network({
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  chainNamespace: "solana",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  name: "Solana",
})

export const testOptions = {
  projectId: "test-project",
  networks: [ethereum, base, solana] as const,
} satisfies AppKitOptions

/** anvil's deterministic account 0: real signatures, so sign-in and names tests sign like a wallet does. */
export const devAccount = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
)

export interface ScriptedWallet {
  readonly connector: Connector<ProviderRpcError | ConnectionError>
  readonly emit: (event: ConnectorEvent) => Effect.Effect<void>
  /** Calls made to the wallet, in order. */
  readonly calls: Array<string>
  /** Methods the wallet refuses (as a user rejecting would). */
  readonly reject: Set<string>
  /** Methods the wallet never answers (a locked wallet, a dead relay). */
  readonly stall: Set<string>
}

/** An in-process wallet behind the Connector contract: signs with devAccount, emits events on demand. */
export const scriptedWallet = (options: {
  readonly id: string
  readonly type?: ConnectorType
  readonly chain?: ChainNamespace
  readonly chainId?: string | undefined
  readonly rdns?: string
  /** CAIP-10 accounts reported on connect (a pairing wallet reports several namespaces); devAccount on chainId by default. */
  readonly accounts?: ReadonlyArray<string>
}) =>
  Effect.gen(function* () {
    const events = yield* PubSub.unbounded<ConnectorEvent>()
    const calls: Array<string> = []
    const reject = new Set<string>()
    const stall = new Set<string>()
    const chain = options.chain ?? "eip155"
    let chainId = networkId(options.chainId ?? "eip155:1")
    const guarded = <A>(method: string, effect: Effect.Effect<A>) =>
      Effect.suspend(() => {
        calls.push(method)
        if (stall.has(method)) return Effect.never
        return reject.has(method)
          ? Effect.fail(new ProviderRpcError({ code: 4001, message: `User rejected ${method}` }))
          : effect
      })
    // Like a real wallet connector, it refuses a second connect until disconnected.
    let connected = false
    const connector: Connector<ProviderRpcError | ConnectionError> = {
      id: options.id,
      name: `Wallet ${options.id}`,
      type: options.type ?? "INJECTED",
      chain,
      rdns: options.rdns,
      connect: () =>
        connected
          ? Effect.fail(new ConnectionError({ reason: "connectorAlreadyConnected" }))
          : guarded(
              "connect",
              Effect.sync(() => {
                connected = true
                const accounts = options.accounts ?? [`${chainId}:${devAccount.address}`]
                return { accounts: accounts.map((account) => accountId(account)), chainId }
              }),
            ),
      disconnect: () =>
        guarded(
          "disconnect",
          Effect.sync(() => {
            connected = false
          }),
        ),
      switchChain: (next) =>
        guarded(
          "switchChain",
          Effect.sync(() => {
            chainId = next
          }),
        ),
      request: (request) =>
        guarded(
          request.method,
          request.method === "personal_sign"
            ? Effect.promise(() =>
                devAccount.signMessage({ message: { raw: (request.params as [`0x${string}`])[0] } }),
              )
            : Effect.succeed(null),
        ),
      events: Stream.fromPubSub(events),
    }
    return {
      connector,
      emit: (event) =>
        Effect.suspend(() => {
          if (event._tag === "disconnect") connected = false
          return Effect.asVoid(PubSub.publish(events, event))
        }),
      calls,
      reject,
      stall,
    } satisfies ScriptedWallet
  })

export const storageOver = (map: Map<string, string>) => Layer.succeed(Storage, fromMap(map))

/** Runs a program against a fresh set of state services over `map`, with a TestClock. */
export const runState = <A, E>(
  program: Effect.Effect<A, E, StateServices>,
  config: {
    readonly options?: AppKitOptions
    readonly map?: Map<string, string>
    readonly connectors?: ReadonlyArray<Connector>
    /** Sign-in through the real eip155 client and session store, over the same storage. */
    readonly siwx?: SiwxConfig | SiwxClient["Service"]
    /** A base URL nock intercepts: the real Blockchain API client is aimed at it. */
    readonly apiUrl?: string
  } = {},
) => {
  const options = config.options ?? testOptions
  const storage = storageOver(config.map ?? new Map())
  const siwx =
    config.siwx === undefined
      ? storage
      : "createMessage" in config.siwx
        ? Layer.merge(Layer.succeed(SiwxClient, config.siwx), storage)
        : siwxClient(config.siwx).pipe(Layer.provide(SiwxSessionStore.layer), Layer.provideMerge(storage))
  const layer = stateLayer({ options, connectors: config.connectors }).pipe(
    Layer.provide(siwx),
    Layer.provide(
      config.apiUrl
        ? apiLayer(ApiConfig.fromBaseUrl(config.apiUrl, { projectId: options.projectId }))
        : Layer.empty,
    ),
  )
  return Effect.runPromise(program.pipe(Effect.provide(layer), Effect.provide(TestClock.layer())))
}

/** Waits (on state, never on time) until a SubscriptionRef holds a value satisfying `predicate`. */
export const waitFor = <A>(ref: SubscriptionRef.SubscriptionRef<A>, predicate: (value: A) => boolean) =>
  Stream.runHead(Stream.filter(SubscriptionRef.changes(ref), predicate)).pipe(Effect.map(Option.getOrThrow))
