import { afterEach, describe, expect, it, vi } from "vitest"
import { installPlatformOf, installUrlFor, xverseWallet } from "./catalog"
import {
  discoverBitcoinWallets,
  listBitcoinWallets,
  toWalletOption,
  type WalletHost,
  watchBitcoinWallets,
} from "./discovery"
import type { StandardWallet } from "./walletStandard"

const requestApi = { request: async () => ({ result: null }) }
const unisatApi = {
  getAccounts: async () => [],
  getPublicKey: async () => "",
  signMessage: async () => "",
  signPsbt: async () => "",
}
const host = (globals: Record<string, unknown> = {}): WalletHost => Object.assign(new EventTarget(), globals)

const standardWallet = (name: string): StandardWallet => ({
  version: "1.0.0",
  name,
  icon: "data:image/svg+xml;base64,AA==",
  chains: ["bitcoin:mainnet"],
  accounts: [],
  features: { "bitcoin:connect": { version: "1.0.0", connect: async () => ({ accounts: [] }) } },
})

const registerStandardWallet = (target: EventTarget, wallet: StandardWallet) =>
  target.dispatchEvent(
    new CustomEvent("wallet-standard:register-wallet", {
      detail: (api: { register: (...wallets: Array<unknown>) => unknown }) => api.register(wallet),
    }),
  )

/** Watches `target`, keeping the installed wallets' names of every list it hears. */
const watchInstalled = (target: WalletHost) => {
  const lists: Array<ReadonlyArray<string>> = []
  const stop = watchBitcoinWallets(target, (wallets) =>
    lists.push(wallets.filter((wallet) => wallet.isInstalled).map((wallet) => wallet.name)),
  )
  return { lists, stop }
}

describe("Bitcoin wallet discovery", () => {
  afterEach(() => vi.useRealTimers())

  it("lists an uninstalled Xverse first, as not installed, with its install link (sats-connect shows it installed)", () => {
    const wallets = listBitcoinWallets(host())
    expect(wallets[0]).toMatchObject({ id: xverseWallet.id, isInstalled: false })
    expect(wallets.every((wallet) => !wallet.isInstalled)).toBe(true)
    expect(toWalletOption(wallets[0] as (typeof wallets)[number], "chrome")).toEqual({
      id: xverseWallet.id,
      name: "Xverse",
      icon: xverseWallet.icon,
      isInstalled: false,
      installPrompt: { url: xverseWallet.installUrls.chromeWebStoreUrl },
    })
  })

  it("orders Xverse first, Unisat second only when installed, then installed wallets, then the rest", () => {
    const withUnisat = listBitcoinWallets(host({ unisat: unisatApi, LeatherProvider: requestApi }))
    expect(withUnisat.map((wallet) => [wallet.name, wallet.isInstalled])).toEqual([
      ["Xverse", false],
      ["Unisat", true],
      ["Leather", true],
      ["OKX Wallet", false],
    ])
    const withoutUnisat = listBitcoinWallets(host({ XverseProviders: { BitcoinProvider: requestApi } }))
    expect(withoutUnisat.map((wallet) => [wallet.name, wallet.isInstalled])).toEqual([
      ["Xverse", true],
      ["Unisat", false],
      ["Leather", false],
      ["OKX Wallet", false],
    ])
  })

  it("reads WBIP004 btc_providers, resolves each id as a path on the window, and ignores malformed entries", () => {
    const wallets = listBitcoinWallets(
      host({
        DevWallet: { Provider: requestApi },
        btc_providers: [
          { id: "DevWallet.Provider", name: "Dev Wallet", icon: "data:image/svg+xml;base64,AA==" },
          {
            id: "Missing.Provider",
            name: "Gone",
            icon: "",
            chromeWebStoreUrl: "https://example.invalid/gone",
          },
          { id: "", name: "no id" },
          "not an object",
          { id: "__proto__.polluted", name: "Evil", icon: "" },
          { id: "Bad.Link", name: "Bad link", icon: "", chromeWebStoreUrl: 42 },
          { id: "Bad.Web", name: "Bad web", icon: "", webUrl: null },
          {
            id: "Throws.Provider",
            name: "Throws",
            get icon(): string {
              throw new Error("hostile getter")
            },
          },
        ],
      }),
    )
    const names = wallets.map((wallet) => [wallet.name, wallet.isInstalled, wallet.source])
    expect(names).toContainEqual(["Dev Wallet", true, "requestApi"])
    expect(names).toContainEqual(["Gone", false, "requestApi"])
    expect(names).toContainEqual(["Evil", false, "requestApi"])
    for (const dropped of ["no id", "Bad link", "Bad web", "Throws"])
      expect(names.map(([name]) => name)).not.toContain(dropped)
    expect(wallets.find((wallet) => wallet.name === "Gone")?.installUrls).toEqual({
      chromeWebStoreUrl: "https://example.invalid/gone",
    })
  })

  it("finds Wallet Standard wallets with bitcoin:connect, and no other standard wallets", () => {
    const target = host()
    target.addEventListener("wallet-standard:app-ready", (event) => {
      const api = (event as CustomEvent<{ register: (...wallets: Array<unknown>) => unknown }>).detail
      api.register(standardWallet("Standard BTC"), {
        ...standardWallet("Solana only"),
        features: { "solana:connect": {} },
      })
    })
    const wallets = discoverBitcoinWallets(target)
    expect(
      wallets.filter((wallet) => wallet.source === "walletStandard").map((wallet) => wallet.name),
    ).toEqual(["Standard BTC"])
  })

  it("hears late wallets: a Wallet Standard registration at once, a late injection at the bounded re-scans, then stops", async () => {
    vi.useFakeTimers()
    const target = host()
    const { lists, stop } = watchInstalled(target)
    registerStandardWallet(target, standardWallet("Late Standard"))
    ;(target as unknown as Record<string, unknown>).unisat = unisatApi
    expect(lists).toEqual([[], ["Late Standard"]])
    await vi.advanceTimersByTimeAsync(99)
    expect(lists).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(lists).toEqual([[], ["Late Standard"], ["Unisat", "Late Standard"]])
    // Past the last re-scan (3 s) only the page's load events and registrations are heard.
    await vi.advanceTimersByTimeAsync(2_900)
    ;(target as unknown as Record<string, unknown>).LeatherProvider = requestApi
    await vi.advanceTimersByTimeAsync(60_000)
    expect(lists).toHaveLength(3)
    target.dispatchEvent(new Event("load"))
    expect(lists.at(-1)).toEqual(["Unisat", "Leather", "Late Standard"])
    expect(vi.getTimerCount()).toBe(0)
    stop()
    registerStandardWallet(target, standardWallet("After stop"))
    target.dispatchEvent(new Event("load"))
    expect(lists).toHaveLength(4)
  })

  it("re-scans at each bounded delay while watched, and no more once stopped", async () => {
    vi.useFakeTimers()
    const target = host()
    const { lists, stop } = watchInstalled(target)
    await vi.advanceTimersByTimeAsync(400)
    ;(target as unknown as Record<string, unknown>).unisat = unisatApi
    await vi.advanceTimersByTimeAsync(100)
    expect(lists).toEqual([[], ["Unisat"]])
    stop()
    expect(vi.getTimerCount()).toBe(0)
    ;(target as unknown as Record<string, unknown>).LeatherProvider = requestApi
    await vi.advanceTimersByTimeAsync(3_000)
    expect(lists).toHaveLength(2)
  })

  it("picks the install link for the platform", () => {
    const urls = xverseWallet.installUrls
    expect(
      installUrlFor(urls, installPlatformOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")),
    ).toBe(urls.iOSAppStoreUrl)
    expect(installUrlFor(urls, installPlatformOf("Mozilla/5.0 (Linux; Android 14)"))).toBe(
      urls.googlePlayStoreUrl,
    )
    expect(installUrlFor(urls, installPlatformOf("Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"))).toBe(
      urls.chromeWebStoreUrl,
    )
    expect(installUrlFor({}, "chrome")).toBeUndefined()
    expect(installUrlFor({ chromeWebStoreUrl: "javascript:alert(1)" }, "chrome")).toBeUndefined()
  })
})
