import { Effect, Layer, Scope, Stream } from "effect"
import type { Connector } from "../connectors/Connector"
import { Connectors } from "../state/Connectors"
import type { AppKitOptions } from "../state/Options"

/** The page's window, where Wallet Standard wallets register; none outside a browser. */
const pageWindow = (): EventTarget | undefined => {
  const candidate = (globalThis as { readonly window?: unknown }).window
  return candidate instanceof EventTarget ? candidate : undefined
}

/** The app's solana networks that are none of the public clusters: its local validator, if any. */
const localnetOf = (networks: AppKitOptions["networks"], publicClusters: ReadonlyArray<string>) =>
  networks.find(
    (network) => network.chainNamespace === "solana" && !publicClusters.includes(network.caipNetworkId),
  )?.caipNetworkId

/**
 * Wallet Standard discovery when the app has a solana network: the Solana adapter loads (a dynamic import,
 * after the services are built, so an app without Solana never downloads it), finds the wallets on the page
 * and those that register later, and registers one connector per wallet with the others. Connectors live as
 * long as the AppKit instance; a wallet that disappears keeps its connector, which then fails as the wallet
 * does. Without a page (Node, unless `target` is given) nothing is discovered.
 */
export const solanaWalletsLayer = (
  options: AppKitOptions,
  target: EventTarget | undefined = pageWindow(),
): Layer.Layer<never, never, Connectors> => {
  if (target === undefined || !options.networks.some((network) => network.chainNamespace === "solana"))
    return Layer.empty
  return Layer.effectDiscard(
    Effect.gen(function* () {
      const connectors = yield* Connectors
      const scope = yield* Effect.scope
      const discover = Effect.gen(function* () {
        const solana = yield* Effect.promise(() => import("../chains/solana/index"))
        const chains = solana.solanaChainMap(
          localnetOf(options.networks, Object.values(solana.SolanaClusters)),
        )
        const known = new Map<object, Connector>()
        yield* solana.watchWalletStandardWallets(target).pipe(
          Stream.runForEach((wallets) =>
            Effect.gen(function* () {
              const fresh = wallets.filter((wallet) => !known.has(wallet))
              if (fresh.length === 0) return
              const made = yield* Effect.forEach(fresh, (wallet) =>
                Effect.map(
                  Scope.provide(solana.makeWalletStandardConnector(wallet, { chains }), scope),
                  (connector) => {
                    known.set(wallet, connector)
                    return connector
                  },
                ),
              )
              yield* connectors.register(made)
            }),
          ),
        )
      })
      yield* Effect.forkScoped(discover)
    }),
  )
}
