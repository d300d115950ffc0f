import { Context, Effect, Layer, Schema, SubscriptionRef } from "effect"
import { FeatureDefaults, type FeatureName, SOCIALS_ORDER } from "../config/constants"
import { ChainNamespace } from "../domain/namespace"
import { HttpUrl, Network, RelayUrl, RpcUrl } from "../domain/network"
import { SocialProvider } from "../domain/social"
import { restoredOr } from "./restoredState"

/** A network the dApp requests (§3 Network). */
export const CaipNetwork = Network
export type CaipNetwork = Network

export type Features = { readonly [K in FeatureName]: boolean }

const featureFields = Object.fromEntries(
  Object.keys(FeatureDefaults).map((name) => [name, Schema.optionalKey(Schema.Boolean)]),
) as { readonly [K in FeatureName]: Schema.optionalKey<Schema.Boolean> }

/**
 * `createAppKit({ onramp })`: the buy-with-fiat providers beyond coinbase (§1). Coinbase needs nothing (its URL
 * comes from the Blockchain API); meld is offered only when the app gives its Meld public key, since Meld's
 * page cannot tell whose purchase it is otherwise.
 */
export const OnrampSettings = Schema.Struct({
  meld: Schema.optional(
    Schema.Struct({
      /** The integrator's Meld public key. */
      publicKey: Schema.NonEmptyString,
      /** Meld's buy page; its hosted page by default (a test points it at a local page). */
      baseUrl: Schema.optional(HttpUrl),
    }),
  ),
})
export type OnrampSettings = typeof OnrampSettings.Type

/** What a wallet shows about the dApp when it connects (WalletConnect's and Reown AppKit's `metadata`). */
export const AppMetadata = Schema.Struct({
  name: Schema.NonEmptyString,
  description: Schema.String,
  url: Schema.String,
  icons: Schema.Array(Schema.String),
})
export type AppMetadata = typeof AppMetadata.Type

/** The data part of `createAppKit` options, validated at the boundary (wallets and clients are passed apart). */
export const AppKitOptions = Schema.Struct({
  projectId: Schema.NonEmptyString,
  /** Base URL of the Blockchain/Wallet APIs (names, history); without it those features stay empty. */
  apiUrl: Schema.optional(HttpUrl),
  networks: Schema.Array(CaipNetwork).check(
    Schema.isMinLength(1, { message: "expected at least one network" }),
  ),
  /** RPC URLs by eip155 chain id ("8453") or CAIP-2 id: where balances and receipts are read. */
  rpcUrls: Schema.optional(Schema.Record(Schema.String, RpcUrl)),
  /** What wallets show about this dApp (the WalletConnect metadata unless `walletConnect.metadata` says otherwise). */
  metadata: Schema.optional(AppMetadata),
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
  /** Browser wallets announced on the page (EIP-6963) become connectors on their own; on by default. */
  enableEIP6963: Schema.optional(Schema.Boolean),
  isMobile: Schema.optional(Schema.Boolean),
  /** Telegram mini-app platform, which hides some socials (§5). */
  telegramPlatform: Schema.optional(Schema.Literals(["ios", "mac", "android", "other"])),
  featuredWalletIds: Schema.optional(Schema.Array(Schema.String)),
  /** Sign-in is mandatory: cancelling it disconnects and the modal cannot be closed without a session. */
  siwxRequired: Schema.optional(Schema.Boolean),
  /** The embedded wallet's secure site (§9: configurable): email and social login load from it on first use. */
  secureSiteUrl: Schema.optional(HttpUrl),
  /** The buy-with-fiat providers beyond coinbase: `{ meld: { publicKey, baseUrl? } }` offers meld. */
  onramp: Schema.optional(OnrampSettings),
  /**
   * Offer WalletConnect pairing for every network (with `projectId`). The connector is built at once, but
   * `@walletconnect/sign-client` loads only when it is first used.
   */
  walletConnect: Schema.optional(
    Schema.Struct({
      /** Default: WalletConnect's public relay. */
      relayUrl: Schema.optional(RelayUrl),
      /** What the wallet shows about this dApp; the top-level `metadata` by default. */
      metadata: Schema.optional(AppMetadata),
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
  // An RPC URL for a chain the dApp does not use is a typo in the chain id, not something to ignore.
  Schema.makeFilter((options) => {
    const unknown = Object.keys(options.rpcUrls ?? {}).find(
      (key) => networkOfRpcKey(options.networks, key) === undefined,
    )
    return unknown === undefined
      ? undefined
      : { path: ["rpcUrls", unknown], issue: "must be the chain id of one of the networks" }
  }),
)

/** The network an `rpcUrls` key names: an eip155 chain id ("8453") or a CAIP-2 id ("eip155:8453"). */
const networkOfRpcKey = (networks: ReadonlyArray<CaipNetwork>, key: string) =>
  networks.find((network) => network.caipNetworkId === (/^\d+$/.test(key) ? `eip155:${key}` : key))
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
  /** What wallets show about this dApp, when the options give it. */
  readonly metadata: AppMetadata | undefined
  /** The onramp providers' settings (`{}`: coinbase only). */
  readonly onramp: OnrampSettings
}

export const resolveOptions = (options: AppKitOptions): ResolvedOptions => {
  const rpcUrls = Object.entries(options.rpcUrls ?? {})
  const networks = options.networks.map((network) => {
    const rpcUrl = rpcUrls.find(([key]) => networkOfRpcKey([network], key) !== undefined)?.[1]
    return rpcUrl === undefined ? network : { ...network, rpcUrl }
  })
  // (the schema holds at least one network, and a defaultNetwork that is one of them)
  const defaultNetwork =
    networks.find((network) => network.caipNetworkId === options.defaultNetwork) ??
    (networks[0] as CaipNetwork)
  return {
    projectId: options.projectId,
    networks,
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
    metadata: options.walletConnect?.metadata ?? options.metadata,
    onramp: options.onramp ?? {},
  }
}

/** The dApp's options (§9 defaults applied); features can be toggled at run time. */
export class Options extends Context.Service<
  Options,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ResolvedOptions>
    readonly setFeatures: (features: Partial<Features>) => Effect.Effect<void>
    /** The social logins offered, in order (the project's remote config may change them). */
    readonly setSocials: (socials: ReadonlyArray<SocialProvider>) => Effect.Effect<void>
  }
>()("appkit/Options") {
  static readonly layer = (options: AppKitOptions) =>
    Layer.effect(
      Options,
      Effect.gen(function* () {
        const state = yield* SubscriptionRef.make(
          yield* restoredOr(
            "options",
            Effect.sync(() => resolveOptions(options)),
          ),
        )
        return Options.of({
          state,
          setFeatures: (features) =>
            SubscriptionRef.update(state, (s) => ({ ...s, features: { ...s.features, ...features } })),
          setSocials: (socials) => SubscriptionRef.update(state, (s) => ({ ...s, socials })),
        })
      }),
    )
}
