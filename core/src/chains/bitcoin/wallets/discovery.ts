import { Duration, Effect, Queue, Schema, Stream } from "effect"
import { type BitcoinWalletOption, InstallUrls } from "../../../domain/bitcoin"
import { isRequestApiProvider } from "../request/protocol"
import {
  type InstallPlatform,
  installUrlFor,
  type KnownBitcoinWallet,
  knownBitcoinWallets,
  okxFamilyPath,
  okxNetworkProviders,
  unisatWallet,
  xverseWallet,
} from "./catalog"
import { type StandardWallet, watchStandardWallets } from "./walletStandard"

/**
 * Which Bitcoin wallets a page has: WBIP004's `window.btc_providers`, Xverse's provider object, Leather,
 * Unisat, OKX, and Wallet Standard wallets with `bitcoin:connect`. Known wallets that are missing are
 * listed too, as not installed, with their install links — Xverse included (sats-connect lists it as
 * installed whether it is or not).
 */
export type BitcoinWalletSource = "requestApi" | "leather" | "unisat" | "okx" | "walletStandard"

export interface DiscoveredBitcoinWallet {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly source: BitcoinWalletSource
  readonly isInstalled: boolean
  readonly installUrls: InstallUrls
  /**
   * The wallet's provider object (or Wallet Standard wallet), when installed; for OKX the `okxwallet`
   * object holding one provider per network.
   */
  readonly provider?: unknown
}

/** Where wallets live: the page's `window` (discovery reads its globals by name and listens to its events). */
export type WalletHost = EventTarget

/** A WBIP004 `btc_providers` entry. */
const Wbip004Entry = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.NonEmptyString,
  icon: Schema.String,
  webUrl: Schema.optionalKey(Schema.String),
  ...InstallUrls.fields,
})
const decodeEntry = Schema.decodeUnknownOption(Wbip004Entry)

/** The object at a sats-connect provider id: a dot path from the window ("XverseProviders.BitcoinProvider"). */
export const providerAtPath = (host: WalletHost, path: string): unknown =>
  path.split(".").reduce<unknown>((object, key) => {
    if (typeof object !== "object" || object === null || key === "__proto__" || key === "constructor")
      return undefined
    try {
      return (object as Record<string, unknown>)[key]
    } catch {
      return undefined
    }
  }, host)

const sourceOfId: Readonly<Record<string, BitcoinWalletSource>> = {
  LeatherProvider: "leather",
  unisat: "unisat",
  "okxwallet.bitcoin": "okx",
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null

/** Whether `window.okxwallet` carries a Bitcoin provider for any network. */
const hasOkxBitcoinProvider = (family: unknown): boolean =>
  isObject(family) &&
  Object.values(okxNetworkProviders).some((key) => isObject(providerAtPath(family as WalletHost, key)))

const knownEntry = (known: KnownBitcoinWallet, host: WalletHost): DiscoveredBitcoinWallet => {
  const source = sourceOfId[known.id] ?? "requestApi"
  // OKX's provider is the family of per-network providers; its connector picks one by the app's network.
  const provider = providerAtPath(host, source === "okx" ? okxFamilyPath : known.id)
  const installed =
    source === "requestApi" || source === "leather"
      ? isRequestApiProvider(provider)
      : source === "okx"
        ? hasOkxBitcoinProvider(provider)
        : isObject(provider)
  return {
    id: known.id,
    name: known.name,
    icon: known.icon,
    source,
    isInstalled: installed,
    installUrls: known.installUrls,
    ...(installed ? { provider } : {}),
  }
}

const wbip004Entries = (host: WalletHost): ReadonlyArray<DiscoveredBitcoinWallet> => {
  let listed: unknown
  try {
    listed = (host as unknown as { readonly btc_providers?: unknown }).btc_providers
  } catch {
    return []
  }
  if (!Array.isArray(listed)) return []
  return listed.flatMap((raw): Array<DiscoveredBitcoinWallet> => {
    const decoded = decodeEntry(raw)
    if (decoded._tag === "None") return []
    const { id, name, icon, webUrl: _webUrl, ...installUrls } = decoded.value
    const provider = providerAtPath(host, id)
    const installed = isRequestApiProvider(provider)
    return [
      {
        id,
        name,
        icon,
        source: sourceOfId[id] ?? "requestApi",
        isInstalled: installed,
        installUrls,
        ...(installed ? { provider } : {}),
      },
    ]
  })
}

const standardEntries = (wallets: ReadonlyArray<StandardWallet>): ReadonlyArray<DiscoveredBitcoinWallet> =>
  wallets.map((wallet) => ({
    id: wallet.name,
    name: wallet.name,
    icon: wallet.icon,
    source: "walletStandard",
    isInstalled: true,
    installUrls: {},
    provider: wallet,
  }))

/**
 * §1's order: Xverse first, always; Unisat second when installed; then the other installed wallets, then
 * the ones to install. Within a group the page's order is kept.
 */
export const orderBitcoinWallets = (
  wallets: ReadonlyArray<DiscoveredBitcoinWallet>,
): ReadonlyArray<DiscoveredBitcoinWallet> => {
  const xverse = wallets.filter((wallet) => wallet.id === xverseWallet.id)
  const unisat = wallets.filter((wallet) => wallet.id === unisatWallet.id && wallet.isInstalled)
  const rest = wallets.filter((wallet) => !xverse.includes(wallet) && !unisat.includes(wallet))
  return [
    ...xverse,
    ...unisat,
    ...rest.filter((wallet) => wallet.isInstalled),
    ...rest.filter((wallet) => !wallet.isInstalled),
  ]
}

/**
 * Every wallet once: a wallet announcing itself several ways (WBIP004 and Wallet Standard, say) is kept
 * as its first installed sighting, matched by id or by name.
 */
const dedupe = (wallets: ReadonlyArray<DiscoveredBitcoinWallet>): ReadonlyArray<DiscoveredBitcoinWallet> => {
  const kept: Array<DiscoveredBitcoinWallet> = []
  for (const wallet of wallets) {
    const same = kept.findIndex(
      (other) => other.id === wallet.id || other.name.toLowerCase() === wallet.name.toLowerCase(),
    )
    if (same === -1) kept.push(wallet)
    else if (!(kept[same] as DiscoveredBitcoinWallet).isInstalled && wallet.isInstalled) kept[same] = wallet
  }
  return kept
}

/** The wallets on `host` now, ordered; `standardWallets` are the Wallet Standard wallets registered so far. */
export const listBitcoinWallets = (
  host: WalletHost,
  standardWallets: ReadonlyArray<StandardWallet> = [],
): ReadonlyArray<DiscoveredBitcoinWallet> =>
  orderBitcoinWallets(
    dedupe([
      ...wbip004Entries(host).filter((wallet) => wallet.isInstalled),
      ...knownBitcoinWallets.map((known) => knownEntry(known, host)),
      ...standardEntries(standardWallets),
      ...wbip004Entries(host).filter((wallet) => !wallet.isInstalled),
    ]),
  )

/** The selector's view of a wallet (§3 Bitcoin wallet option): an install prompt when it is missing. */
export const toWalletOption = (
  wallet: DiscoveredBitcoinWallet,
  platform: InstallPlatform,
): BitcoinWalletOption => {
  const url = wallet.isInstalled ? undefined : installUrlFor(wallet.installUrls, platform)
  return {
    id: wallet.id,
    name: wallet.name,
    icon: wallet.icon,
    isInstalled: wallet.isInstalled,
    ...(url !== undefined ? { installPrompt: { url } } : {}),
  }
}

/** Extensions inject at different moments after load; these re-scans catch the late ones, then stop. */
export const defaultRescanDelays: ReadonlyArray<Duration.Input> = [
  "100 millis",
  "500 millis",
  "1500 millis",
  "3 seconds",
]

const signature = (wallets: ReadonlyArray<DiscoveredBitcoinWallet>) =>
  wallets.map((wallet) => `${wallet.id}:${wallet.isInstalled}`).join("|")

/**
 * The wallet list now and whenever it changes: on every Wallet Standard registration, on the page's load
 * events, and at a few bounded re-scans for wallets that inject late. No fixed start-up delay.
 */
export const watchBitcoinWallets = (
  host: WalletHost,
  rescanDelays: ReadonlyArray<Duration.Input> = defaultRescanDelays,
): Stream.Stream<ReadonlyArray<DiscoveredBitcoinWallet>> =>
  Stream.callback<ReadonlyArray<DiscoveredBitcoinWallet>>((queue) =>
    Effect.gen(function* () {
      let last = ""
      let standard: ReadonlyArray<StandardWallet> = []
      const scan = () => {
        const wallets = listBitcoinWallets(host, standard)
        const current = signature(wallets)
        if (current === last) return
        last = current
        Queue.offerUnsafe(queue, wallets)
      }
      const watching = yield* Effect.acquireRelease(
        Effect.sync(() =>
          watchStandardWallets(host, (wallets) => {
            standard = wallets
            scan()
          }),
        ),
        (registry) => Effect.sync(registry.stop),
      )
      standard = watching.current()
      scan()
      yield* Effect.acquireRelease(
        Effect.sync(() => {
          for (const event of ["DOMContentLoaded", "load"]) host.addEventListener(event, scan)
        }),
        () =>
          Effect.sync(() => {
            for (const event of ["DOMContentLoaded", "load"]) host.removeEventListener(event, scan)
          }),
      )
      let waited = Duration.zero
      for (const delay of rescanDelays) {
        const at = Duration.fromInputUnsafe(delay)
        yield* Effect.sleep(Duration.subtract(at, waited))
        waited = at
        scan()
      }
    }),
  )

/** The wallets present now (with the Wallet Standard wallets that answer the app-ready call at once). */
export const discoverBitcoinWallets = (
  host: WalletHost,
): Effect.Effect<ReadonlyArray<DiscoveredBitcoinWallet>> =>
  Effect.sync(() => {
    const registry = watchStandardWallets(host, () => {})
    registry.stop()
    return listBitcoinWallets(host, registry.current())
  })
