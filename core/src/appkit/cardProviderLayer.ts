import { Effect, Layer, Option } from "effect"
import type { CoinbaseWalletSdkModule } from "../connectors/cardProvider/cardProviderConnector"
import { Connectors } from "../state/Connectors"
import type { AppKitOptions } from "../state/Options"
import { whenPageIdle } from "../state/whenPageIdle"

export interface CardProviderParameters {
  /** Where the SDK comes from; the official `@coinbase/wallet-sdk` when absent (and installed). */
  readonly loadSdk?: (() => Promise<CoinbaseWalletSdkModule>) | undefined
}

/**
 * Offers the card-provider wallet (§0, §1) when the app asks for it: its connector code and SDK load in the
 * background once the page is idle after its first paint (at once outside a page), for the app's card-provider
 * chains, and it is registered once ready. An app without `cardProvider` never downloads either; a failed
 * import is logged and the wallet stays hidden.
 */
export const cardProviderLayer = (options: AppKitOptions, parameters: CardProviderParameters | undefined) =>
  parameters === undefined
    ? Layer.empty
    : Layer.effectDiscard(
        Effect.gen(function* () {
          const connectors = yield* Connectors
          const { makeCardProviderConnector } = yield* Effect.promise(() =>
            whenPageIdle().then(() => import("./onFirstUse")),
          )
          const connector = yield* makeCardProviderConnector({
            appName: options.metadata?.name ?? "AppKit",
            appLogoUrl: options.metadata?.icons?.[0],
            chainIds: options.networks.flatMap((network) =>
              network.chainNamespace === "eip155" && typeof network.id === "number" ? [network.id] : [],
            ),
            loadSdk: parameters.loadSdk,
          })
          if (Option.isSome(connector)) yield* connectors.register([connector.value])
        }).pipe(Effect.forkScoped),
      )
