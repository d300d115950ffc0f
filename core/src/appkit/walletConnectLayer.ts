import { Effect, Layer, type Scope } from "effect"
import { lazyConnector } from "../connectors/lazyConnector"
import { walletConnectIdentity } from "../connectors/walletconnect/identity"
import type {
  WalletConnectConnectorError,
  WalletConnectOptions,
} from "../connectors/walletconnect/WalletConnectConnector"
import type { ChainNamespace } from "../domain/namespace"
import type { ClientId } from "../http/ClientId"
import { Connectors } from "../state/Connectors"
import { memoized } from "../state/memoized"
import type { Storage } from "../storage/Storage"

/**
 * `createAppKit({ walletConnect })`: the WalletConnect connector, registered at once but built on first use —
 * its code (session handling, the relay supervisor) is imported when the user first connects or a reload finds
 * a stored session, and sign-client only when the connector first needs it. The connector lives in this
 * layer's scope and shares its Storage, as if it had been built with the layer; it tells the instance's
 * ClientId its client id once sign-client has started. `options` are made then too: the one-click sign-in
 * nonce among them needs the CSPRNG, which the page's start-up does not wait for.
 */
export const walletConnectLayer = (
  options: () => WalletConnectOptions,
  chain: ChainNamespace,
): Layer.Layer<never, never, Connectors | Storage | ClientId> =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const context = yield* Effect.context<Storage | ClientId | Scope.Scope>()
      const load = memoized(
        Effect.flatMap(
          Effect.promise(() => import("../connectors/walletconnect/WalletConnectConnector")),
          (module) => module.makeWalletConnectConnector(options()),
        ).pipe(Effect.provideContext(context)),
      )
      yield* (yield* Connectors).register([
        lazyConnector<WalletConnectConnectorError>({ ...walletConnectIdentity, chain }, load),
      ])
    }),
  )
