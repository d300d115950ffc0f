import type { Wallet } from "@wallet-standard/base"
import { Effect, Scope, Stream } from "effect"
import type { Connector } from "../../../connectors/Connector"
import { SolanaClusters, solanaChainMap } from "../clusters"
import { watchWalletStandardWallets } from "./discovery"
import { makeWalletStandardConnector } from "./WalletStandardConnector"

/**
 * The Wallet Standard wallets on `target`, now and as they register, each made a connector (alive with the
 * scope) and handed to `register`. The app's solana network that is none of the public clusters is its
 * local validator (what the wallets call solana:localnet). A wallet that disappears keeps its connector,
 * which then fails as the wallet does.
 */
export const registerWalletStandardWallets = (
  target: EventTarget,
  solanaNetworkIds: ReadonlyArray<string>,
  register: (connectors: ReadonlyArray<Connector>) => Effect.Effect<void>,
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.gen(function* () {
    const scope = yield* Effect.scope
    const publicClusters: ReadonlyArray<string> = Object.values(SolanaClusters)
    const chains = solanaChainMap(solanaNetworkIds.find((id) => !publicClusters.includes(id)))
    const known = new Set<Wallet>()
    yield* watchWalletStandardWallets(target).pipe(
      Stream.runForEach((wallets) =>
        Effect.gen(function* () {
          const fresh = wallets.filter((wallet) => !known.has(wallet))
          for (const wallet of fresh) known.add(wallet)
          if (fresh.length === 0) return
          const made = yield* Effect.forEach(fresh, (wallet) =>
            Scope.provide(makeWalletStandardConnector(wallet, { chains }), scope),
          )
          yield* register(made)
        }),
      ),
    )
  })
