import { Duration } from "effect"
import type { PreferredAccountTypes } from "../domain/account"
import type { OperationType } from "../domain/history"
import type { OnrampPaymentCurrency, OnrampProvider } from "../domain/onramp"
import type { SocialProvider } from "../domain/social"
import { permissionRevokeTimeoutMillis } from "./revokeTimeout"

/**
 * Every business constant of §9 (and the §2 timings), in one place. Durations are Effect Durations so
 * that services sleep, cache and time out with them directly and tests drive them with TestClock.
 */

export const SDK_VERSION = "2.17.2"

/** How long fetched data stays fresh. */
export const CacheLifetime = {
  balance: Duration.seconds(30),
  portfolio: Duration.seconds(30),
  nativeBalance: Duration.seconds(30),
  name: Duration.minutes(5),
  identity: Duration.minutes(5),
  /** Any other cached query. */
  query: Duration.minutes(5),
} as const

/**
 * Failed queries are retried 3 times, waiting min(1000·2^n, 30000) ms before retry n (0-based), or longer when
 * the server's Retry-After asks for it (up to the same 30 s; a longer ask is not retried).
 */
const maxBackoffMillis = 30_000
export const QueryRetry = {
  retries: 3,
  maxBackoffMillis,
  backoff: (attempt: number): Duration.Duration =>
    Duration.millis(Math.min(1000 * 2 ** attempt, maxBackoffMillis)),
} as const

export const Limits = {
  recentWallets: 2,
  recommendedWallets: 4,
  walletPageEntries: 40,
  walletSearchEntries: 100,
  pendingTransactions: 99,
  /** Swap slippage tolerance, in percent. */
  swapSlippagePercent: 1,
} as const

export const Timings = {
  // §2 modal animation
  viewTransition: Duration.millis(150),
  headerTextTransition: Duration.millis(120),
  modalHeightTransition: Duration.millis(150),
  shake: Duration.millis(500),
  /** The Farcaster view resyncs this long after going back. */
  farcasterResyncAfterBack: Duration.millis(100),
  /** A new toast waits this long after hiding the open one. */
  toastOpenDelay: Duration.millis(150),
  bitcoinSelectorOpen: Duration.millis(400),
  bitcoinSelectorClose: Duration.millis(200),
  // embedded-wallet frame
  frameReadyDelay: Duration.millis(500),
  frameLoadTimeout: Duration.seconds(20),
  frameRequestTimeout: Duration.seconds(30),
  frameSignOutWait: Duration.seconds(3),
  /**
   * Embedded-wallet waits paced by the user on another screen (approving a Farcaster sign-in, typing a
   * password in the social-login popup): as long as a pairing URI lives, the §9 bound for the same kind of wait.
   */
  frameUserActionTimeout: Duration.minutes(4),
  // flows
  transactionConfirmationTimeout: Duration.seconds(25),
  /** A pairing URI expires this long after it is created… */
  pairingLifetime: Duration.minutes(4),
  /** …and already counts as expired within this margin of that moment. */
  pairingExpiryMargin: Duration.seconds(10),
  emailLoginCooldown: Duration.seconds(30),
  /** After a failed balance fetch, no retry before this ('Token Balance Unavailable'). */
  balanceRetryLock: Duration.seconds(30),
  imagePreloadTimeout: Duration.seconds(2),
  /** How long a disconnect waits on the wallet to drop the dApp's permission (revokeTimeout.ts says why). */
  permissionRevokeTimeout: Duration.millis(permissionRevokeTimeoutMillis),
} as const

/** At most this many error events reach analytics per window. */
export const ErrorTelemetry = { maxEvents: 5, window: Duration.seconds(60) } as const

export const WebSocketReconnect = { maxAttempts: 5, delay: Duration.millis(1000) } as const

/** Features on (true) or off (false) unless the dApp says otherwise. */
export const FeatureDefaults = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
} as const satisfies Record<string, boolean>
export type FeatureName = keyof typeof FeatureDefaults

export const SOCIALS_ORDER: ReadonlyArray<SocialProvider> = [
  "google",
  "x",
  "discord",
  "farcaster",
  "github",
  "apple",
  "facebook",
]

/** Telegram mini-apps cannot complete some OAuth flows, so these socials are hidden per platform (§5). */
export const TELEGRAM_HIDDEN_SOCIALS = {
  ios: ["google"],
  mac: ["x"],
  android: ["facebook", "x"],
} as const satisfies Record<string, ReadonlyArray<SocialProvider>>

export const WALLET_FEATURE_ORDER = [
  "onramp",
  "swaps",
  "receive",
  "send",
] as const satisfies ReadonlyArray<FeatureName>

/** Order of the wallet groups in the connect view. */
export const CONNECTOR_TYPE_ORDER = [
  "walletConnect",
  "recent",
  "injected",
  "featured",
  "custom",
  "external",
  "recommended",
] as const

export const DEFAULT_ACCOUNT_TYPES: PreferredAccountTypes = {
  eip155: "smartAccount",
  bip122: "payment",
  solana: "eoa",
  polkadot: "eoa",
}

/** Names are registered under this suffix; names from before the rename end in the legacy one. */
export const NameSuffix = { current: ".reown.id", legacy: ".wcn.id" } as const

/** Shown while the native balance is unknown. */
export const DEFAULT_NATIVE_BALANCE = { balance: "0.00", symbol: "ETH" } as const

/** Transaction labels: + for value coming in, - for value going out; other operations get no sign. */
export const QUANTITY_SIGN: Readonly<Partial<Record<OperationType, "+" | "-">>> = {
  receive: "+",
  deposit: "+",
  borrow: "+",
  claim: "+",
  withdraw: "-",
  repay: "-",
  burn: "-",
}

export const Solana = {
  /** A transfer asks for this compute budget… */
  computeUnitLimit: 500,
  /** …at this priority price. */
  computeUnitPriceMicroLamports: 20_000_000n,
  lamportsPerSol: 1_000_000_000n,
  decimals: 9,
} as const

/**
 * The 12 eip155 networks where swaps (1inch, through the convert endpoints) are offered: Ethereum 1,
 * BNB Smart Chain 56, Polygon 137, OP Mainnet 10, Base 8453, Arbitrum One 42161, Avalanche C-Chain
 * 43114, Gnosis 100, zkSync Era 324, Fantom 250, Kaia (Klaytn) 8217, Aurora 1313161554 — the list the
 * original product ships.
 */
export const SWAP_NETWORKS = [
  "eip155:1",
  "eip155:56",
  "eip155:137",
  "eip155:10",
  "eip155:8453",
  "eip155:42161",
  "eip155:43114",
  "eip155:100",
  "eip155:324",
  "eip155:8217",
  "eip155:250",
  "eip155:1313161554",
] as const
export const SWAP_PROVIDER = "1inch"

export const ONRAMP_PROVIDERS: ReadonlyArray<OnrampProvider> = ["coinbase", "meld"]
/** Onramp fees, in percent of the purchase. */
export const OnrampFee = { minPercent: 1, maxPercent: 2 } as const

/** The card provider's chain names, as its API spells them. */
export const CARD_PROVIDER_CHAINS = [
  "ethereum",
  "arbitrum",
  "polygon",
  "berachain",
  "avalanche-c-chain",
  "optimism",
  "celo",
  "base",
] as const

const fallbackLimits = [
  { id: "card", min: "10.00", max: "7500.00" },
  { id: "ach_bank_account", min: "10.00", max: "25000.00" },
]
/** Limits used when the onramp options cannot be fetched. */
export const ONRAMP_FALLBACK_PAYMENT_CURRENCIES: ReadonlyArray<OnrampPaymentCurrency> = [
  { id: "USD", payment_method_limits: fallbackLimits },
  { id: "EUR", payment_method_limits: fallbackLimits },
]

/** Time zones of mainland China, Hong Kong and Macau, on the restricted list of §1. */
export const RESTRICTED_TIMEZONES = [
  "Asia/Shanghai",
  "Asia/Urumqi",
  "Asia/Chongqing",
  "Asia/Harbin",
  "Asia/Kashgar",
  "Asia/Hong_Kong",
  "Asia/Macau",
  "Asia/Macao",
] as const

/** The image optimizer endpoint (`?url=&w=&q=`) and its bounds. */
export const ImageOptimizer = {
  path: "/_next/image",
  minWidth: 640,
  maxWidth: 3840,
  defaultQuality: 75,
} as const
export const FONT_FAMILY = "Inter"
