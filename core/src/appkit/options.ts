import { Cause, Exit, type Layer, Schema, SchemaIssue } from "effect"
import type { Transport } from "viem"
import type { BlockchainApi } from "../api/blockchain/BlockchainApi"
import type { SolanaModule } from "../chains/SolanaSupport"
import type { Connector } from "../connectors/Connector"
import type { ChainNamespace } from "../domain/namespace"
import type { NativeCurrency } from "../domain/network"
import type { SocialProvider } from "../domain/social"
import { InvalidAppKitOptionsError } from "../errors/options"
import type { SiwxClient } from "../siwx/SiwxClient"
import type { SiwxConfig } from "../siwx/siwxClientLayer"
import type { OnrampSettings } from "../state/Options"
import {
  AppKitOptions,
  type AppKitOptions as AppKitOptionsSchema,
  type AppMetadata,
  type Features,
} from "../state/Options"
import type { Storage } from "../storage/Storage"
import type { CardProviderParameters } from "./cardProviderLayer"
import type { EmbeddedFrameHost } from "./embeddedWallet"

/**
 * A network as `createAppKit` takes it: a viem `Chain` (`import { base } from "viem/chains"`), a Reown
 * AppKit network, or the §3 Network. Without `chainNamespace` it is an eip155 chain; without
 * `caipNetworkId` its id is `chainNamespace:id`; its RPC URL is `rpcUrl`, else viem's `rpcUrls.default`.
 */
export interface AppKitNetwork {
  readonly id: number | string
  readonly name: string
  readonly chainNamespace?: ChainNamespace | undefined
  readonly caipNetworkId?: string | undefined
  readonly assets?: { readonly imageId?: string; readonly imageUrl?: string } | undefined
  readonly nativeCurrency?: NativeCurrency | undefined
  readonly rpcUrl?: string | undefined
  readonly rpcUrls?: { readonly default?: { readonly http?: ReadonlyArray<string> } } | undefined
}

/**
 * `createAppKit`'s options, flat as Reown AppKit takes them: the data (validated, with every wrong key named)
 * and the live parts (connectors, storage, sign-in, clients), which are passed through as they are.
 */
export interface CreateAppKitParameters {
  readonly projectId: string
  /** The networks the dApp works on; the first is the default unless `defaultNetwork` says otherwise. */
  readonly networks: readonly [AppKitNetwork, ...ReadonlyArray<AppKitNetwork>]
  /** The network to start on: one of `networks`, or its CAIP-2 id. */
  readonly defaultNetwork?: AppKitNetwork | string | undefined
  /** What wallets show about this dApp. */
  readonly metadata?: AppMetadata | undefined
  /** RPC URLs by eip155 chain id (`{ 8453: "https://…" }`) or CAIP-2 id; they win over the networks' own. */
  readonly rpcUrls?: Readonly<Record<number | string, string>> | undefined
  /** viem transports by eip155 chain id, as wagmi's `transports` (`{ 8453: http(url) }`); they win over URLs. */
  readonly transports?: Readonly<Record<number, Transport>> | undefined
  /** Base URL of the Blockchain/Wallet APIs (balances, names, history); without it those features stay empty. */
  readonly apiUrl?: string | undefined
  /** Namespaces with a chain adapter; none means WalletConnect pairing only (the basic view). */
  readonly adapters?: ReadonlyArray<ChainNamespace> | undefined
  readonly features?: Partial<Features> | undefined
  readonly socials?: ReadonlyArray<SocialProvider> | undefined
  /** The modal is rendered inline: closing returns to Account or Connect instead of hiding it. */
  readonly enableEmbedded?: boolean | undefined
  readonly allowUnsupportedChain?: boolean | undefined
  readonly enableNetworkSwitch?: boolean | undefined
  /**
   * Every browser wallet announced on the page through EIP-6963, before createAppKit or later, becomes an
   * injected connector (true by default, as Reown AppKit's `enableEIP6963`); false leaves that to the app.
   */
  readonly enableEIP6963?: boolean | undefined
  readonly isMobile?: boolean | undefined
  /** Telegram mini-app platform, which hides some socials (§5). */
  readonly telegramPlatform?: "ios" | "mac" | "android" | "other" | undefined
  readonly featuredWalletIds?: ReadonlyArray<string> | undefined
  /** Sign-in is mandatory: cancelling it disconnects and the modal cannot be closed without a session. */
  readonly siwxRequired?: boolean | undefined
  /**
   * Offer WalletConnect pairing for every network. The connector is built at once, but
   * `@walletconnect/sign-client` loads only when it is first used.
   */
  readonly walletConnect?:
    | { readonly relayUrl?: string | undefined; readonly metadata?: AppMetadata | undefined }
    | undefined

  /**
   * The embedded wallet's secure site: offers email and social login. Its frame and code load on first use
   * (a dynamic import), so an app without it never downloads them.
   */
  readonly secureSiteUrl?: string | undefined
  /**
   * Buy with fiat: coinbase is always offered; `{ meld: { publicKey, baseUrl? } }` adds meld, for the buy
   * view and `prepareOnramp` alike.
   */
  readonly onramp?: OnrampSettings | undefined
  /** Where the secure site's frame runs outside a page (a terminal); a hidden iframe by default. */
  readonly embeddedFrameHost?: EmbeddedFrameHost | undefined

  readonly connectors?: ReadonlyArray<Connector> | undefined
  /** Offer the card-provider (Coinbase-style) wallet, its SDK loaded in the background (cardProviderLayer). */
  readonly cardProvider?: CardProviderParameters | undefined
  /** Where the `@appkit/...` keys live: memory by default, `browserStorage` in a page, `fileStorage` in Node. */
  readonly storage?: Layer.Layer<Storage> | undefined
  /**
   * Sign-in: the SIWX setup for eip155 and solana accounts (sessions kept in `storage`), or any SiwxClient
   * layer. Without it, sign-in is off ('SIWX is not enabled').
   */
  readonly siwx?: SiwxConfig | Layer.Layer<SiwxClient, never, Storage> | undefined
  /**
   * The Blockchain API client; by default the Blockchain and Wallet API clients are built from `apiUrl` when
   * that is set. A layer that also provides the WalletApi serves the wallet directory.
   */
  readonly api?: Layer.Layer<BlockchainApi> | undefined
  /**
   * Reconnect the stored connections' wallets at once (true by default, as wagmi and Reown AppKit do on
   * load); `ready` settles when that is done. A stored wallet that is not among `connectors` may still
   * register (EIP-6963); one that does not register and answer within 10 s is dropped.
   */
  readonly reconnect?: boolean | undefined
  /**
   * The page is rendered on a server first (Next.js, Remix), as wagmi's `ssr`: `getServerState` then gives the
   * state the server rendered (nothing stored: disconnected), which a skin's first, hydrating render reads, so
   * it matches the server's markup; the stored session shows right after.
   */
  readonly ssr?: boolean | undefined
  /**
   * Solana support: `loadSolanaAdapter` from "@appkit/core". With it and a solana network, the adapter loads
   * after start (Wallet Standard wallets become connectors; balance, send and sign work on solana). Without
   * it the app bundles no Solana code at all, and solana actions answer 'Chain adapter not found'.
   */
  readonly solanaAdapter?: (() => Promise<SolanaModule>) | undefined
  /** Where Wallet Standard (Solana) wallets register: the page's `window` by default. */
  readonly walletStandardTarget?: EventTarget | undefined
  /** Where EIP-6963 wallets announce themselves: the page's `window` by default. */
  readonly eip6963Target?: EventTarget | undefined
}

/** The live parts of the parameters: everything the options schema does not describe. */
export type AppKitRuntime = Pick<
  CreateAppKitParameters,
  | "connectors"
  | "storage"
  | "siwx"
  | "api"
  | "reconnect"
  | "ssr"
  | "transports"
  | "solanaAdapter"
  | "walletStandardTarget"
  | "eip6963Target"
  | "cardProvider"
  | "embeddedFrameHost"
>

const runtimeKeys = [
  "connectors",
  "storage",
  "siwx",
  "api",
  "reconnect",
  "ssr",
  "transports",
  "solanaAdapter",
  "walletStandardTarget",
  "eip6963Target",
  "cardProvider",
  "embeddedFrameHost",
] as const

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A viem Chain or Reown network as the §3 Network (anything else is left for the schema to refuse). */
const toNetwork = (input: unknown): unknown => {
  if (!isRecord(input)) return input
  const chainNamespace = input.chainNamespace ?? "eip155"
  const rpcUrls = isRecord(input.rpcUrls) && isRecord(input.rpcUrls.default) ? input.rpcUrls.default : {}
  const rpcUrl = input.rpcUrl ?? (Array.isArray(rpcUrls.http) ? rpcUrls.http[0] : undefined)
  return {
    id: input.id,
    chainNamespace,
    caipNetworkId: networkIdOf({ ...input, chainNamespace } as AppKitNetwork),
    name: input.name,
    ...(input.assets === undefined ? {} : { assets: input.assets }),
    ...(input.nativeCurrency === undefined ? {} : { nativeCurrency: input.nativeCurrency }),
    ...(rpcUrl === undefined ? {} : { rpcUrl }),
  }
}

/** A network object (viem Chain, Reown or §3 network) as its CAIP-2 id. */
export const networkIdOf = (network: AppKitNetwork): string =>
  network.caipNetworkId ?? `${network.chainNamespace ?? "eip155"}:${network.id}`

/** `["networks", 0, "id"]` → `networks[0].id` */
const formatPath = (path: ReadonlyArray<PropertyKey>) =>
  path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join("")

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/** Every wrong key in words: "networks[0].id: expected a positive integer, got -1; projectId: …". */
const describeIssue = (issue: SchemaIssue.Issue): string =>
  formatIssues(issue)
    .issues.map(({ path, message }) => {
      const where = formatPath((path ?? []).map((key) => (typeof key === "object" ? key.key : key)))
      const text = message.charAt(0).toLowerCase() + message.slice(1)
      return where === "" ? text : `${where}: ${text}`
    })
    .join("; ")

/**
 * Splits the parameters into the validated options and the live parts. Networks may be viem Chains; a
 * wrong key is an InvalidAppKitOptionsError naming it.
 */
export const decodeParameters = (
  parameters: CreateAppKitParameters,
): { readonly options: AppKitOptionsSchema; readonly runtime: AppKitRuntime } => {
  if (!isRecord(parameters)) throw new InvalidAppKitOptionsError({ issue: "expected an object of options" })
  const data: Record<string, unknown> = { ...parameters }
  const runtime: Record<string, unknown> = {}
  for (const key of runtimeKeys) {
    runtime[key] = data[key]
    delete data[key]
  }
  if (Array.isArray(data.networks)) data.networks = data.networks.map(toNetwork)
  if (isRecord(data.defaultNetwork))
    data.defaultNetwork = networkIdOf(data.defaultNetwork as unknown as AppKitNetwork)
  const decoded = Schema.decodeUnknownExit(AppKitOptions)(data, { errors: "all" })
  if (Exit.isSuccess(decoded)) return { options: decoded.value, runtime: runtime as AppKitRuntime }
  const error = Cause.squash(decoded.cause)
  throw new InvalidAppKitOptionsError({
    issue: Schema.isSchemaError(error) ? describeIssue(error.issue) : String(error),
  })
}
