import type { InstallUrls } from "../../../domain/bitcoin"

/**
 * The Bitcoin wallets the selector knows by name, with where to install them: each store the wallet is
 * published in (Xverse and Unisat have no Firefox add-on, Leather neither; Unisat lists no mobile app). `id` is the sats-connect
 * provider id: the path of the wallet's provider object on `window` ("XverseProviders.BitcoinProvider").
 */
export interface KnownBitcoinWallet {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly installUrls: InstallUrls
}

/** A square monogram icon, so the catalog carries no third-party artwork. */
const monogram = (letter: string, background: string) =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" rx="12" fill="${background}"/><text x="28" y="37" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  )}`

export const xverseWallet: KnownBitcoinWallet = {
  id: "XverseProviders.BitcoinProvider",
  name: "Xverse",
  icon: monogram("X", "#181818"),
  installUrls: {
    chromeWebStoreUrl:
      "https://chromewebstore.google.com/detail/xverse-wallet/idnnbdplmphpflfnlkomgpfbpcgelopg",
    googlePlayStoreUrl: "https://play.google.com/store/apps/details?id=com.secretkeylabs.xverse",
    iOSAppStoreUrl: "https://apps.apple.com/app/xverse-bitcoin-web3-wallet/id1552272513",
  },
}

export const unisatWallet: KnownBitcoinWallet = {
  id: "unisat",
  name: "Unisat",
  icon: monogram("U", "#ea8101"),
  installUrls: {
    chromeWebStoreUrl:
      "https://chromewebstore.google.com/detail/unisat-wallet/ppbibelpcjmhbdihakflkdcoccbgbkpo",
  },
}

export const leatherWallet: KnownBitcoinWallet = {
  id: "LeatherProvider",
  name: "Leather",
  icon: monogram("L", "#12100f"),
  installUrls: {
    chromeWebStoreUrl: "https://chromewebstore.google.com/detail/leather/ldinpeekobnhjjdofggfgjlcehhmanlj",
    googlePlayStoreUrl: "https://play.google.com/store/apps/details?id=io.leather.mobilewallet",
    iOSAppStoreUrl: "https://apps.apple.com/app/leather-self-custody-wallet/id6499127775",
  },
}

export const okxWallet: KnownBitcoinWallet = {
  id: "okxwallet.bitcoin",
  name: "OKX Wallet",
  icon: monogram("O", "#000000"),
  installUrls: {
    chromeWebStoreUrl: "https://chromewebstore.google.com/detail/okx-wallet/mcohilncbfahbmgdjkbpemcciiolgcge",
    mozillaAddOnsUrl: "https://addons.mozilla.org/firefox/addon/okexwallet/",
    googlePlayStoreUrl: "https://play.google.com/store/apps/details?id=com.okinc.okex.gp",
    iOSAppStoreUrl: "https://apps.apple.com/app/okx-buy-bitcoin-btc-crypto/id1327268470",
  },
}

/**
 * OKX puts one provider per network under `window.okxwallet` (its extension API on mainnet; connect and
 * signing only on testnet and signet), and none of them switches network: the network picks the provider.
 */
export const okxFamilyPath = "okxwallet"
export const okxNetworkProviders = {
  Mainnet: "bitcoin",
  Testnet: "bitcoinTestnet",
  Signet: "bitcoinSignet",
} as const

export const knownBitcoinWallets: ReadonlyArray<KnownBitcoinWallet> = [
  xverseWallet,
  unisatWallet,
  leatherWallet,
  okxWallet,
]

/** Every store a wallet may list an install link for: the keys of §3's InstallUrls, each once (the type checks). */
const installStores: Readonly<Record<keyof InstallUrls, true>> = {
  chromeWebStoreUrl: true,
  mozillaAddOnsUrl: true,
  googlePlayStoreUrl: true,
  iOSAppStoreUrl: true,
}
export const installUrlKeys = Object.keys(installStores) as ReadonlyArray<keyof InstallUrls>

export type InstallPlatform = "chrome" | "firefox" | "android" | "ios"

/** The platform a user agent belongs to, for picking the install link it can use. */
export const installPlatformOf = (userAgent: string): InstallPlatform =>
  /iPhone|iPad|iPod/i.test(userAgent)
    ? "ios"
    : /Android/i.test(userAgent)
      ? "android"
      : /Firefox\//i.test(userAgent)
        ? "firefox"
        : "chrome"

const preference: Readonly<Record<InstallPlatform, ReadonlyArray<keyof InstallUrls>>> = {
  chrome: ["chromeWebStoreUrl", "mozillaAddOnsUrl", "googlePlayStoreUrl", "iOSAppStoreUrl"],
  firefox: ["mozillaAddOnsUrl", "chromeWebStoreUrl", "googlePlayStoreUrl", "iOSAppStoreUrl"],
  android: ["googlePlayStoreUrl", "chromeWebStoreUrl", "mozillaAddOnsUrl", "iOSAppStoreUrl"],
  ios: ["iOSAppStoreUrl", "chromeWebStoreUrl", "mozillaAddOnsUrl", "googlePlayStoreUrl"],
}

/** The install URL for the platform, else the first the wallet has; undefined when it lists none. */
export const installUrlFor = (urls: InstallUrls, platform: InstallPlatform): string | undefined =>
  preference[platform]
    .map((key) => urls[key])
    .find((url): url is string => typeof url === "string" && /^https:\/\//.test(url))
