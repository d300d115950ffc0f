import { Effect, Layer } from "effect"
import type { SolanaModule } from "../chains/SolanaSupport"
import { Connectors } from "../state/Connectors"
import type { AppKitOptions } from "../state/Options"
import { whenPageIdle } from "../state/whenPageIdle"
import { pageWindow } from "./pageWindow"

/**
 * Wallet Standard discovery when the app has a solana network and Solana support: once the services are
 * built and the page is idle after its first paint (whenPageIdle), the adapter loads (through the app's
 * `solanaAdapter` loader) and registers a connector for each wallet on the page, now and as wallets register
 * later, for the life of the instance. Without a page (Node, unless `target` is given) nothing is discovered.
 */
export const solanaWalletsLayer = (
  options: AppKitOptions,
  load: (() => Promise<SolanaModule>) | undefined,
  target: EventTarget | undefined = pageWindow(),
): Layer.Layer<never, never, Connectors> => {
  const solanaNetworkIds = options.networks
    .filter((network) => network.chainNamespace === "solana")
    .map((network) => network.caipNetworkId)
  if (load === undefined || target === undefined || solanaNetworkIds.length === 0) return Layer.empty
  return Layer.effectDiscard(
    Effect.gen(function* () {
      const connectors = yield* Connectors
      yield* Effect.forkScoped(
        Effect.flatMap(
          Effect.promise(() => whenPageIdle().then(load)),
          (solana) => solana.registerWalletStandardWallets(target, solanaNetworkIds, connectors.register),
        ),
      )
    }),
  )
}
