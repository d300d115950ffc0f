import { describe, expect, it } from "vitest"
import type { InstallUrls } from "../../../domain/bitcoin"
import {
  type InstallPlatform,
  installPlatformOf,
  installUrlFor,
  knownBitcoinWallets,
  leatherWallet,
  okxWallet,
  unisatWallet,
  xverseWallet,
} from "./catalog"
import { listBitcoinWallets, toWalletOption } from "./discovery"

/** The store each install-URL field must point into. */
const storeHosts: Readonly<Record<keyof InstallUrls, string>> = {
  chromeWebStoreUrl: "chromewebstore.google.com",
  mozillaAddOnsUrl: "addons.mozilla.org",
  googlePlayStoreUrl: "play.google.com",
  iOSAppStoreUrl: "apps.apple.com",
}

const userAgents: Readonly<Record<InstallPlatform, string>> = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
  ios: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
}

describe("the Bitcoin wallet catalog's install links", () => {
  it("gives every known wallet a Chrome link, and every link is https on its own store", () => {
    for (const wallet of knownBitcoinWallets) {
      expect(wallet.installUrls.chromeWebStoreUrl, wallet.name).toBeDefined()
      for (const [field, url] of Object.entries(wallet.installUrls)) {
        const parsed = new URL(url as string)
        expect([parsed.protocol, parsed.hostname], `${wallet.name} ${field}`).toEqual([
          "https:",
          storeHosts[field as keyof InstallUrls],
        ])
      }
    }
  })

  it("lists the stores each wallet is published in: Chrome, Firefox, Play and the App Store", () => {
    const stores = Object.fromEntries(
      knownBitcoinWallets.map((wallet) => [wallet.name, Object.keys(wallet.installUrls).sort()]),
    )
    expect(stores).toEqual({
      Xverse: ["chromeWebStoreUrl", "googlePlayStoreUrl", "iOSAppStoreUrl"],
      Unisat: ["chromeWebStoreUrl"],
      Leather: ["chromeWebStoreUrl", "googlePlayStoreUrl", "iOSAppStoreUrl"],
      "OKX Wallet": ["chromeWebStoreUrl", "googlePlayStoreUrl", "iOSAppStoreUrl", "mozillaAddOnsUrl"],
    })
  })

  it("offers each platform its own store, else the Chrome web store", () => {
    const pick = (urls: InstallUrls, platform: InstallPlatform) =>
      installUrlFor(urls, installPlatformOf(userAgents[platform]))
    expect(pick(okxWallet.installUrls, "firefox")).toBe(okxWallet.installUrls.mozillaAddOnsUrl)
    expect(pick(okxWallet.installUrls, "android")).toBe(okxWallet.installUrls.googlePlayStoreUrl)
    expect(pick(leatherWallet.installUrls, "ios")).toBe(leatherWallet.installUrls.iOSAppStoreUrl)
    expect(pick(leatherWallet.installUrls, "firefox")).toBe(leatherWallet.installUrls.chromeWebStoreUrl)
    expect(pick(xverseWallet.installUrls, "android")).toBe(xverseWallet.installUrls.googlePlayStoreUrl)
    expect(pick(unisatWallet.installUrls, "ios")).toBe(unisatWallet.installUrls.chromeWebStoreUrl)
    for (const platform of Object.keys(userAgents) as ReadonlyArray<InstallPlatform>)
      for (const wallet of knownBitcoinWallets) expect(pick(wallet.installUrls, platform)).toBeDefined()
  })

  it("puts the platform's link in every uninstalled wallet's install prompt, and none on an installed one", () => {
    const host = Object.assign(new EventTarget(), { unisat: { getAccounts: async () => [] } })
    const options = listBitcoinWallets(host).map((wallet) => toWalletOption(wallet, "android"))
    expect(options.map((option) => [option.name, option.installPrompt?.url])).toEqual([
      ["Xverse", xverseWallet.installUrls.googlePlayStoreUrl],
      ["Unisat", undefined],
      ["Leather", leatherWallet.installUrls.googlePlayStoreUrl],
      ["OKX Wallet", okxWallet.installUrls.googlePlayStoreUrl],
    ])
  })
})
