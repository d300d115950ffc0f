import { Effect, Option, PubSub, Ref, Scope, Semaphore, Stream } from "effect"
import type { CaipNetworkId } from "../../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../../domain/namespace"
import type { Storage } from "../../storage/Storage"
import type { Connector, ConnectorEvent } from "../Connector"
import { unavailable } from "./errors"
import { walletConnectIdentity } from "./identity"
import type {
  WalletConnectConnector,
  WalletConnectConnectorError,
  WalletConnectOptions,
} from "./WalletConnectConnector"

/**
 * The WalletConnect connector as createAppKit registers it: listed at once, while its code (sessions, the
 * relay supervisor, request policy; sign-client later still) is a lazy chunk loaded by the first call, so an
 * app whose users never pick WalletConnect never downloads it. A failed load (a chunk the network lost) is
 * not kept: the next call tries again. The wallet's events are relayed from the moment the code is there.
 */
export const lazyWalletConnectConnector = (
  options: WalletConnectOptions,
): Effect.Effect<Connector<WalletConnectConnectorError>, never, Storage | Scope.Scope> =>
  Effect.gen(function* () {
    const services = yield* Effect.context<Storage | Scope.Scope>()
    const scope = yield* Scope.Scope
    const events = yield* PubSub.unbounded<ConnectorEvent>()
    const loaded = yield* Ref.make(Option.none<WalletConnectConnector>())
    const loading = yield* Semaphore.make(1)

    const load = Effect.gen(function* () {
      const module = yield* Effect.tryPromise({
        try: () => import("./WalletConnectConnector"),
        catch: unavailable,
      })
      const connector = yield* module.makeWalletConnectConnector(options)
      // Subscribed before anyone can use the connector, so no event of its first connect is missed.
      yield* Effect.forkIn(
        Stream.runForEach(connector.events, (event) => PubSub.publish(events, event)),
        scope,
        { startImmediately: true },
      )
      yield* Ref.set(loaded, Option.some(connector))
      return connector
    }).pipe(Effect.provideContext(services))

    const connector = Ref.get(loaded).pipe(
      Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => load })),
      loading.withPermit,
    )
    return {
      ...walletConnectIdentity,
      chain: chainNamespaceOf(options.chains[0] as CaipNetworkId) as ChainNamespace,
      connect: (connectOptions) => Effect.flatMap(connector, (loaded) => loaded.connect(connectOptions)),
      disconnect: () => Effect.flatMap(connector, (loaded) => loaded.disconnect()),
      request: (rpc) => Effect.flatMap(connector, (loaded) => loaded.request(rpc)),
      switchChain: (chainId: CaipNetworkId) =>
        Effect.flatMap(connector, (loaded) => loaded.switchChain(chainId)),
      events: Stream.fromPubSub(events),
    }
  })
