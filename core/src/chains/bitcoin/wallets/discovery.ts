import type { BitcoinWalletOption, InstallUrls } from "../../../domain/bitcoin"
import { isRequestApiProvider } from "../request/protocol"
import {
  type InstallPlatform,
  installUrlFor,
  installUrlKeys,
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

interface Wbip004Entry {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly installUrls: InstallUrls
}

const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value !== ""

/**
 * A WBIP004 `btc_providers` entry: a non-empty id and name, an icon, and optional string links (`webUrl` and the
 * stores'); anything else, or an entry whose properties throw when read, is none.
 */
const wbip004Entry = (raw: unknown): Wbip004Entry | undefined => {
  try {
    if (typeof raw !== "object" || raw === null) return undefined
    const entry = raw as Record<string, unknown>
    const { id, name, icon } = entry
    if (!isNonEmptyString(id) || !isNonEmptyString(name) || typeof icon !== "string") return undefined
    if ("webUrl" in entry && typeof entry.webUrl !== "string") return undefined
    const installUrls: Record<string, string> = {}
    for (const key of installUrlKeys) {
      if (!(key in entry)) continue
      const url = entry[key]
      if (typeof url !== "string") return undefined
      installUrls[key] = url
    }
    return { id, name, icon, installUrls }
  } catch {
    return undefined
  }
}

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
    const entry = wbip004Entry(raw)
    if (entry === undefined) return []
    const provider = providerAtPath(host, entry.id)
    const installed = isRequestApiProvider(provider)
    return [
      {
        ...entry,
        source: sourceOfId[entry.id] ?? "requestApi",
        isInstalled: installed,
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

/** Extensions inject at different moments after load; these re-scans (ms after the watch starts) catch the late ones, then stop. */
export const defaultRescanDelays: ReadonlyArray<number> = [100, 500, 1500, 3000]

const signature = (wallets: ReadonlyArray<DiscoveredBitcoinWallet>) =>
  wallets.map((wallet) => `${wallet.id}:${wallet.isInstalled}`).join("|")

const loadEvents = ["DOMContentLoaded", "load"] as const

/**
 * Calls `onChange` with the wallet list now and whenever it changes: on every Wallet Standard registration, on
 * the page's load events, and at a few bounded re-scans for wallets that inject late. No fixed start-up delay.
 * Returns how to stop watching.
 */
export const watchBitcoinWallets = (
  host: WalletHost,
  onChange: (wallets: ReadonlyArray<DiscoveredBitcoinWallet>) => void,
  rescanDelays: ReadonlyArray<number> = defaultRescanDelays,
): (() => void) => {
  let last = ""
  let standard: ReadonlyArray<StandardWallet> = []
  const scan = () => {
    const wallets = listBitcoinWallets(host, standard)
    const current = signature(wallets)
    if (current === last) return
    last = current
    onChange(wallets)
  }
  const registry = watchStandardWallets(host, (wallets) => {
    standard = wallets
    scan()
  })
  standard = registry.current()
  scan()
  for (const event of loadEvents) host.addEventListener(event, scan)
  const rescans = rescanDelays.map((delay) => setTimeout(scan, delay))
  return () => {
    registry.stop()
    for (const event of loadEvents) host.removeEventListener(event, scan)
    for (const rescan of rescans) clearTimeout(rescan)
  }
}

/** The wallets present now (with the Wallet Standard wallets that answer the app-ready call at once). */
export const discoverBitcoinWallets = (host: WalletHost): ReadonlyArray<DiscoveredBitcoinWallet> => {
  const registry = watchStandardWallets(host, () => {})
  registry.stop()
  return listBitcoinWallets(host, registry.current())
}
