import { Effect, Option, type Scope } from "effect"
import type { CARD_PROVIDER_CHAINS } from "../../config/constants"
import type { Eip1193Provider } from "../injected/eip1193"
import { type InjectedConnector, makeInjectedConnector } from "../injected/InjectedConnector"

/** The card provider's chain names (§1) and the eip155 chain ids they stand for. */
export const cardProviderChainIds: Readonly<Record<(typeof CARD_PROVIDER_CHAINS)[number], number>> = {
  ethereum: 1,
  arbitrum: 42161,
  polygon: 137,
  berachain: 80094,
  "avalanche-c-chain": 43114,
  optimism: 10,
  celo: 42220,
  base: 8453,
}
const servedChainIds: ReadonlySet<number> = new Set(Object.values(cardProviderChainIds))

/** What the connector needs of `@coinbase/wallet-sdk` (4.x): an SDK per app whose provider speaks EIP-1193. */
export interface CoinbaseWalletSdkModule {
  readonly createCoinbaseWalletSDK: (params: {
    readonly appName?: string
    readonly appLogoUrl?: string | null
    readonly appChainIds?: ReadonlyArray<number>
  }) => { readonly getProvider: () => Eip1193Provider }
}

/**
 * The official SDK, when the app has it installed. The specifier is a variable so bundlers do not insist on
 * resolving a package the app may not have; an app that bundles it passes `loadSdk: () => import("@coinbase/wallet-sdk")`.
 */
const sdkSpecifier = "@coinbase/wallet-sdk"
export const loadOfficialCoinbaseSdk = (): Promise<CoinbaseWalletSdkModule> =>
  import(/* @vite-ignore */ sdkSpecifier) as Promise<CoinbaseWalletSdkModule>

export interface CardProviderOptions {
  readonly appName: string
  readonly appLogoUrl?: string | undefined
  /** The app's eip155 chain ids; the wallet is offered only when one of them is a card-provider chain. */
  readonly chainIds: ReadonlyArray<number>
  /** Where the SDK comes from: the official package by default; tests and the demo hand in the dev one. */
  readonly loadSdk?: (() => Promise<CoinbaseWalletSdkModule>) | undefined
}

export const CARD_PROVIDER_CONNECTOR_ID = "coinbaseWalletSDK"

/** How the wallet is named in the connect view and in its requests' timeout messages. */
const cardProviderInfo = {
  uuid: CARD_PROVIDER_CONNECTOR_ID,
  name: "Coinbase Wallet",
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='16' fill='%230052FF'/%3E%3Crect x='11' y='11' width='10' height='10' rx='2' fill='white'/%3E%3C/svg%3E",
  rdns: "com.coinbase.wallet",
}

/**
 * The card-provider (Coinbase-style) wallet as a connector, its SDK loaded only now, for the app's chains the
 * provider serves (§1). None (the wallet hidden) when the app has none of them, or when the SDK cannot be
 * imported, which is logged as §8 says: 'Failed to import Coinbase Wallet SDK'.
 */
export const makeCardProviderConnector = (
  options: CardProviderOptions,
): Effect.Effect<Option.Option<InjectedConnector>, never, Scope.Scope> =>
  Effect.gen(function* () {
    const appChainIds = options.chainIds.filter((id) => servedChainIds.has(id))
    if (appChainIds.length === 0) return Option.none()
    const load = options.loadSdk ?? loadOfficialCoinbaseSdk
    const provider = yield* Effect.tryPromise(async () =>
      (await load())
        .createCoinbaseWalletSDK({
          appName: options.appName,
          appLogoUrl: options.appLogoUrl ?? null,
          appChainIds,
        })
        .getProvider(),
    ).pipe(
      Effect.map(Option.some),
      Effect.catch((cause) =>
        Effect.as(Effect.logError("Failed to import Coinbase Wallet SDK", cause), Option.none()),
      ),
    )
    if (Option.isNone(provider)) return Option.none()
    const connector = yield* makeInjectedConnector(provider.value, cardProviderInfo)
    return Option.some({
      ...connector,
      id: CARD_PROVIDER_CONNECTOR_ID,
      type: "EXTERNAL",
    } satisfies InjectedConnector)
  })
