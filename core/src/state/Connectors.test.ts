import { Effect, Logger, SubscriptionRef } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { FeatureDefaults as defaultFeatures, SOCIALS_ORDER as defaultSocials } from "../config/constants"
import type { ConnectorType } from "../domain/connector"
import { fromMap } from "../storage/Storage"
import { runState } from "../testing/testkit"
import {
  type ConnectorInfo,
  Connectors,
  type ConnectorsState,
  connectMethodOrder,
  connectorSectionOrder,
  orderedConnectorList,
  restoredConnectorsState,
  visibleSocials,
} from "./Connectors"

const connector = (id: string, type: ConnectorType, rdns?: string): ConnectorInfo => ({
  id,
  name: id,
  type,
  chain: "eip155",
  imageUrl: undefined,
  rdns,
})
const wallet = (id: string, rdns?: string) => (rdns ? { id, name: id, rdns } : { id, name: id })

const empty: ConnectorsState = {
  connectors: [],
  recentWallets: [],
  featuredWallets: [],
  customWallets: [],
  listedWallets: [],
}

describe("connector list", () => {
  it("follows the §9 type order and shows each wallet once", () => {
    const list = orderedConnectorList({
      connectors: [
        connector("metamask", "ANNOUNCED", "io.metamask"),
        connector("coinbase", "EXTERNAL"),
        connector("walletConnect", "WALLET_CONNECT"),
        connector("auth", "AUTH"),
      ],
      recentWallets: [wallet("rainbow"), wallet("zerion"), wallet("trust")],
      featuredWallets: [wallet("rainbow"), wallet("ledger")],
      customWallets: [wallet("my-wallet")],
      listedWallets: ["metamask-listing", "a", "b", "c", "d", "e"].map((id) =>
        wallet(id, id === "metamask-listing" ? "io.metamask" : undefined),
      ),
    })
    expect(
      list.map((item) => `${item.section}:${"connector" in item ? item.connector.id : item.wallet.id}`),
    ).toEqual([
      "walletConnect:walletConnect",
      "recent:rainbow",
      "recent:zerion",
      "injected:metamask",
      "featured:ledger",
      "custom:my-wallet",
      "external:coinbase",
      "recommended:a",
      "recommended:b",
      "recommended:c",
      "recommended:d",
    ])
  })

  it("keeps sections in order, never repeats a wallet and recommends at most 4 (any input)", () => {
    const ids = fc.constantFrom("a", "b", "c", "d", "e", "f", "g")
    const wallets = fc.array(
      ids.map((id) => wallet(id)),
      { maxLength: 8 },
    )
    const types = fc.constantFrom<ConnectorType>(
      "WALLET_CONNECT",
      "INJECTED",
      "ANNOUNCED",
      "EXTERNAL",
      "AUTH",
      "MULTI_CHAIN",
    )
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.constantFrom("x", "y", "z"), types), { selector: ([id]) => id }),
        wallets,
        wallets,
        wallets,
        (connectors, recentWallets, featuredWallets, listedWallets) => {
          const list = orderedConnectorList({
            ...empty,
            connectors: connectors.map(([id, type]) => connector(id, type)),
            recentWallets,
            featuredWallets,
            listedWallets,
          })
          const ranks = list.map((item) => connectorSectionOrder.indexOf(item.section))
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
          const walletIds = list.flatMap((item) => ("wallet" in item ? [item.wallet.id] : []))
          expect(new Set(walletIds).size).toBe(walletIds.length)
          expect(list.filter((item) => item.section === "recommended").length).toBeLessThanOrEqual(4)
          expect(list.filter((item) => item.section === "recent").length).toBeLessThanOrEqual(2)
        },
      ),
    )
  })
})

describe("connect methods and socials", () => {
  const options = { features: defaultFeatures, socials: defaultSocials, telegramPlatform: undefined }

  it("orders email, social, wallet, with wallet first when an injected or announced wallet exists", () => {
    expect(connectMethodOrder([], options)).toEqual(["email", "social", "wallet"])
    expect(connectMethodOrder([connector("mm", "ANNOUNCED")], options)).toEqual(["wallet", "email", "social"])
    expect(connectMethodOrder([connector("wc", "WALLET_CONNECT")], options)).toEqual([
      "email",
      "social",
      "wallet",
    ])
    expect(
      connectMethodOrder([], { ...options, features: { ...defaultFeatures, email: false }, socials: [] }),
    ).toEqual(["wallet"])
  })

  it("applies the Telegram rules: iOS hides google, Mac hides x, Android hides facebook and x", () => {
    expect(visibleSocials(defaultSocials, "ios")).not.toContain("google")
    expect(visibleSocials(defaultSocials, "mac")).toEqual([
      "google",
      "discord",
      "farcaster",
      "github",
      "apple",
      "facebook",
    ])
    expect(visibleSocials(defaultSocials, "android")).toEqual([
      "google",
      "discord",
      "farcaster",
      "github",
      "apple",
    ])
    expect(visibleSocials(defaultSocials, undefined)).toEqual(defaultSocials)
  })
})

describe("recent wallets", () => {
  it("keeps the 2 most recent, without duplicates, and restores them after a reload", async () => {
    const map = new Map<string, string>()
    const recent = Effect.flatMap(Connectors, (c) =>
      Effect.map(SubscriptionRef.get(c.state), (s) => s.recentWallets.map((w) => w.id)),
    )
    const first = await runState(
      Effect.gen(function* () {
        const connectors = yield* Connectors
        for (const id of ["a", "b", "a", "c"]) yield* connectors.addRecentWallet(wallet(id))
        return yield* recent
      }),
      { map },
    )
    expect(first).toEqual(["c", "a"])
    expect(await runState(recent, { map })).toEqual(["c", "a"])
  })

  it("restores at most 2 from a hand-edited store holding thousands, without duplicates", async () => {
    const stored = [...Array.from({ length: 5000 }, (_, i) => ({ id: `w${i % 3}`, name: "W" }))]
    const map = new Map([["@appkit/recent_wallets", JSON.stringify(stored)]])
    const recent = Effect.flatMap(Connectors, (c) =>
      Effect.map(SubscriptionRef.get(c.state), (s) => s.recentWallets.map((w) => w.id)),
    )
    expect(await runState(recent, { map })).toEqual(["w0", "w1"])
  })

  it("keeps the readable wallets when one stored entry is malformed", async () => {
    const stored = [
      { id: "", name: "empty id" },
      { id: "a", name: "A" },
      { name: "no id" },
      { id: "b", name: "B" },
    ]
    const map = new Map([["@appkit/recent_wallets", JSON.stringify(stored)]])
    const recent = Effect.flatMap(Connectors, (c) =>
      Effect.map(SubscriptionRef.get(c.state), (s) => s.recentWallets.map((w) => w.id)),
    )
    expect(await runState(recent, { map })).toEqual(["a", "b"])
  })

  /** The recent wallets a restore finds in `stored`, and the warnings it logged. */
  const restore = (stored: unknown) => {
    const logged: Array<string> = []
    const capture = Logger.layer([
      Logger.make(({ logLevel, message }) => void logged.push(`${logLevel} ${String(message)}`)),
    ])
    const map = new Map([["@appkit/recent_wallets", JSON.stringify(stored)]])
    const state = Effect.runSync(restoredConnectorsState([], fromMap(map)).pipe(Effect.provide(capture)))
    return { ids: state.recentWallets.map((w) => w.id), logged }
  }

  it("says once per restore that it dropped unreadable entries, and keeps the readable ones", () => {
    expect(restore([{ id: "", name: "empty id" }, { id: "a", name: "A" }, { name: "no id" }, 7])).toEqual({
      ids: ["a"],
      logged: ["Warn Discarding unreadable stored recent wallets"],
    })
    // Duplicates and entries past the limit are readable: kept out without a warning.
    expect(
      restore([
        { id: "a", name: "A" },
        { id: "a", name: "A" },
        { id: "b", name: "B" },
        { id: "c", name: "C" },
      ]),
    ).toEqual({
      ids: ["a", "b"],
      logged: [],
    })
  })
})
