import { Context, Effect, Layer, Schema, SubscriptionRef } from "effect"
import { FeatureDefaults, type FeatureName, SOCIALS_ORDER } from "../config/constants"
import { ChainNamespace } from "../domain/namespace"
import { Network } from "../domain/network"
import { SocialProvider } from "../domain/social"

/** A network the dApp requests (§3 Network). */
export const CaipNetwork = Network
export type CaipNetwork = Network

export type Features = { readonly [K in FeatureName]: boolean }

const featureFields = Object.fromEntries(
  Object.keys(FeatureDefaults).map((name) => [name, Schema.optionalKey(Schema.Boolean)]),
) as { readonly [K in FeatureName]: Schema.optionalKey<Schema.Boolean> }

/** The data part of `createAppKit` options, validated at the boundary (wallets and clients are passed apart). */
export const AppKitOptions = Schema.Struct({
  projectId: Schema.NonEmptyString,
  /** Base URL of the Blockchain/Wallet APIs (names, history); without it those features stay empty. */
  apiUrl: Schema.optional(
    Schema.String.check(Schema.isPattern(/^https?:\/\/[^\s/]+/, { expected: "an http(s) URL" })),
  ),
  networks: Schema.NonEmptyArray(CaipNetwork),
  /** caipNetworkId of the network to start on; the first requested network otherwise. */
  defaultNetwork: Schema.optional(Schema.String),
  /** Namespaces with a chain adapter. None means WalletConnect pairing only (basic view). */
  adapters: Schema.optional(Schema.Array(ChainNamespace)),
  features: Schema.optional(Schema.Struct(featureFields)),
  socials: Schema.optional(Schema.Array(SocialProvider)),
  /** The modal is rendered inline: closing returns to Account or Connect instead of hiding it. */
  enableEmbedded: Schema.optional(Schema.Boolean),
  allowUnsupportedChain: Schema.optional(Schema.Boolean),
  enableNetworkSwitch: Schema.optional(Schema.Boolean),
  isMobile: Schema.optional(Schema.Boolean),
  /** Telegram mini-app platform, which hides some socials (§5). */
  telegramPlatform: Schema.optional(Schema.Literals(["ios", "mac", "android", "other"])),
  featuredWalletIds: Schema.optional(Schema.Array(Schema.String)),
  /** Sign-in is mandatory: cancelling it disconnects and the modal cannot be closed without a session. */
  siwxRequired: Schema.optional(Schema.Boolean),
  /**
   * Offer WalletConnect pairing for every network (with `projectId`). The connector is built at once, but
   * `@walletconnect/sign-client` loads only when it is first used.
   */
  walletConnect: Schema.optional(
    Schema.Struct({
      /** Default: WalletConnect's public relay. */
      relayUrl: Schema.optional(
        Schema.String.check(Schema.isPattern(/^wss?:\/\/[^\s/]+/, { expected: "a ws(s) URL" })),
      ),
      /** What the wallet shows about this dApp. */
      metadata: Schema.optional(
        Schema.Struct({
          name: Schema.NonEmptyString,
          description: Schema.String,
          url: Schema.String,
          icons: Schema.Array(Schema.String),
        }),
      ),
    }),
  ),
}).check(
  // A typo here would otherwise start the app on another network without a word.
  Schema.makeFilter((options) =>
    options.defaultNetwork === undefined ||
    options.networks.some((network) => network.caipNetworkId === options.defaultNetwork)
      ? undefined
      : { path: ["defaultNetwork"], issue: "must be the caipNetworkId of one of the networks" },
  ),
)
export type AppKitOptions = typeof AppKitOptions.Type

/** Options with every default applied. */
export interface ResolvedOptions {
  readonly projectId: string
  readonly networks: ReadonlyArray<CaipNetwork>
  readonly defaultNetwork: CaipNetwork
  readonly adapters: ReadonlyArray<ChainNamespace>
  readonly features: Features
  readonly socials: ReadonlyArray<SocialProvider>
  readonly enableEmbedded: boolean
  readonly allowUnsupportedChain: boolean
  readonly enableNetworkSwitch: boolean
  readonly isMobile: boolean
  readonly telegramPlatform: "ios" | "mac" | "android" | "other" | undefined
  readonly featuredWalletIds: ReadonlyArray<string>
  readonly siwxRequired: boolean
}

export const resolveOptions = (options: AppKitOptions): ResolvedOptions => {
  const defaultNetwork =
    options.networks.find((network) => network.caipNetworkId === options.defaultNetwork) ??
    options.networks[0]
  return {
    projectId: options.projectId,
    networks: options.networks,
    defaultNetwork,
    adapters: options.adapters ?? [...new Set(options.networks.map((network) => network.chainNamespace))],
    features: { ...FeatureDefaults, ...options.features },
    socials: options.socials ?? SOCIALS_ORDER,
    enableEmbedded: options.enableEmbedded ?? false,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    isMobile: options.isMobile ?? false,
    telegramPlatform: options.telegramPlatform,
    featuredWalletIds: options.featuredWalletIds ?? [],
    siwxRequired: options.siwxRequired ?? false,
  }
}

/** The dApp's options (§9 defaults applied); features can be toggled at run time. */
export class Options extends Context.Service<
  Options,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ResolvedOptions>
    readonly setFeatures: (features: Partial<Features>) => Effect.Effect<void>
  }
>()("appkit/Options") {
  static readonly layer = (options: AppKitOptions) =>
    Layer.effect(
      Options,
      Effect.gen(function* () {
        const state = yield* SubscriptionRef.make(resolveOptions(options))
        return Options.of({
          state,
          setFeatures: (features) =>
            SubscriptionRef.update(state, (s) => ({ ...s, features: { ...s.features, ...features } })),
        })
      }),
    )
}
