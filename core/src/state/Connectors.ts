import { Context, Effect, Layer, Option, Schema, SubscriptionRef } from "effect"
import { CONNECTOR_TYPE_ORDER, Limits, TELEGRAM_HIDDEN_SOCIALS } from "../config/constants"
import type { Connector } from "../connectors/Connector"
import { AppKitError } from "../domain/appKitError"
import type { ConnectorType } from "../domain/connector"
import type { ChainNamespace } from "../domain/namespace"
import type { SocialProvider } from "../domain/social"
import { RecentWallet, StorageKeys, type RecentWallet as WalletRef } from "../domain/storageKeys"
import { persisted } from "../storage/keys"
import { Storage } from "../storage/Storage"
import { Options, type ResolvedOptions } from "./Options"
import { restoredOr } from "./restoredState"

/** What the skins show of a connector (§3); the live object stays in the Connectors registry. */
export interface ConnectorInfo {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly chain: ChainNamespace
  readonly imageUrl: string | undefined
  readonly rdns: string | undefined
}

export interface ConnectorsState {
  readonly connectors: ReadonlyArray<ConnectorInfo>
  readonly recentWallets: ReadonlyArray<WalletRef>
  readonly featuredWallets: ReadonlyArray<WalletRef>
  readonly customWallets: ReadonlyArray<WalletRef>
  /** Wallets of the listing not otherwise shown, most relevant first; only the first 4 are recommended. */
  readonly listedWallets: ReadonlyArray<WalletRef>
}

/** §9 connector type order of the connect view. */
export const connectorSectionOrder = CONNECTOR_TYPE_ORDER
export type ConnectorSection = (typeof connectorSectionOrder)[number]

export type ConnectorListItem =
  | { readonly section: "walletConnect" | "injected" | "external"; readonly connector: ConnectorInfo }
  | { readonly section: "recent" | "featured" | "custom" | "recommended"; readonly wallet: WalletRef }

const sectionOfType = (type: ConnectorType): "walletConnect" | "injected" | "external" | undefined => {
  switch (type) {
    case "WALLET_CONNECT":
      return "walletConnect"
    case "INJECTED":
    case "ANNOUNCED":
    case "MULTI_CHAIN":
      return "injected"
    case "EXTERNAL":
      return "external"
    case "AUTH":
      return undefined // email and socials have their own connect methods
  }
}

/**
 * The connect view's list in §9 order. A wallet appears once, in its first section: an installed wallet
 * (same rdns) is not repeated as recent/featured/recommended, and recommended keeps at most 4.
 */
export const orderedConnectorList = (state: ConnectorsState): ReadonlyArray<ConnectorListItem> => {
  const seen = new Set<string>()
  const installedRdns = new Set(state.connectors.flatMap((c) => (c.rdns ? [c.rdns] : [])))
  const fresh = (wallet: WalletRef) => {
    if (seen.has(wallet.id) || (wallet.rdns !== undefined && installedRdns.has(wallet.rdns))) return false
    seen.add(wallet.id)
    return true
  }
  const wallets = (
    section: "recent" | "featured" | "custom" | "recommended",
    list: ReadonlyArray<WalletRef>,
  ) => list.filter(fresh).map((wallet) => ({ section, wallet }))
  // Recent wallets that are installed still show as recent: a user looks for what they used last.
  const recent = state.recentWallets
    .filter((wallet) => !seen.has(wallet.id) && Boolean(seen.add(wallet.id)))
    .slice(0, Limits.recentWallets)
    .map((wallet) => ({ section: "recent" as const, wallet }))
  const bySection = (section: "walletConnect" | "injected" | "external") =>
    state.connectors
      .filter((connector) => sectionOfType(connector.type) === section && !seen.has(connector.id))
      .map((connector) => ({ section, connector }))
  const sections: Record<ConnectorSection, () => ReadonlyArray<ConnectorListItem>> = {
    walletConnect: () => bySection("walletConnect"),
    recent: () => recent,
    injected: () => bySection("injected"),
    featured: () => wallets("featured", state.featuredWallets),
    custom: () => wallets("custom", state.customWallets),
    external: () => bySection("external"),
    recommended: () => wallets("recommended", state.listedWallets).slice(0, Limits.recommendedWallets),
  }
  return connectorSectionOrder.flatMap((section) => sections[section]())
}

export type ConnectMethod = "email" | "social" | "wallet"

/** §2: email, social, wallet; wallet first when an injected or announced wallet exists. Disabled methods drop out. */
export const connectMethodOrder = (
  connectors: ReadonlyArray<ConnectorInfo>,
  options: Pick<ResolvedOptions, "features" | "socials" | "telegramPlatform">,
): ReadonlyArray<ConnectMethod> => {
  const hasInstalled = connectors.some((c) => c.type === "INJECTED" || c.type === "ANNOUNCED")
  const order: ReadonlyArray<ConnectMethod> = hasInstalled
    ? ["wallet", "email", "social"]
    : ["email", "social", "wallet"]
  return order.filter(
    (method) =>
      (method !== "email" || options.features.email) &&
      (method !== "social" || visibleSocials(options.socials, options.telegramPlatform).length > 0),
  )
}

/** §5: in a Telegram mini app, iOS hides google, Mac hides x, Android hides facebook and x. */
export const visibleSocials = (
  socials: ReadonlyArray<SocialProvider>,
  telegramPlatform: "ios" | "mac" | "android" | "other" | undefined,
): ReadonlyArray<SocialProvider> => {
  if (telegramPlatform === undefined || telegramPlatform === "other") return socials
  const hidden: ReadonlyArray<SocialProvider> = TELEGRAM_HIDDEN_SOCIALS[telegramPlatform]
  return socials.filter((social) => !hidden.includes(social))
}

export class ConnectorNotFoundError extends AppKitError(
  Schema.TaggedError<ConnectorNotFoundError>()("ConnectorNotFoundError", {
    connectorId: Schema.String,
  }),
  { topic: "Connector not found" },
) {
  override get message(): string {
    return `Connector ${this.connectorId} not found`
  }
}

const infoOf = (connector: Connector): ConnectorInfo => ({
  id: connector.id,
  name: connector.name,
  type: connector.type,
  chain: connector.chain,
  imageUrl: connector.imageUrl,
  rdns: connector.rdns,
})

/** The recent wallets as kept: each once (its first place), at most Limits.recentWallets (§9: 2). */
const recentList = <W extends { readonly id: string }>(wallets: ReadonlyArray<W>): ReadonlyArray<W> =>
  wallets
    .filter((w, index) => wallets.findIndex((other) => other.id === w.id) === index)
    .slice(0, Limits.recentWallets)

const decodeWallet = Schema.decodeUnknownOption(RecentWallet)

/** The connectors state after a reload: the connectors given at creation, and the stored recent wallets. */
export const restoredConnectorsState = (initial: ReadonlyArray<Connector>, storage: Storage["Service"]) =>
  Effect.gen(function* () {
    const stored = (yield* persisted(StorageKeys.recentWallets, storage).read) ?? []
    // Each entry on its own: one unreadable entry (a hand edit, an old version) loses no other, and a
    // hand-edited store may hold any number, repeated.
    const readable = stored.flatMap((entry) => Option.toArray(decodeWallet(entry)))
    if (readable.length < stored.length)
      yield* Effect.logWarning("Discarding unreadable stored recent wallets")
    return {
      connectors: initial.map(infoOf),
      recentWallets: recentList(readable),
      featuredWallets: [],
      customWallets: [],
      listedWallets: [],
    } satisfies ConnectorsState
  })

/** Known connectors (the live objects and what skins show of them), wallet sections and recent wallets. */
export class Connectors extends Context.Service<
  Connectors,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ConnectorsState>
    /** Adds or replaces connectors by id (EIP-6963 announcements arrive over time). */
    readonly register: (connectors: ReadonlyArray<Connector>) => Effect.Effect<void>
    readonly get: (connectorId: string) => Effect.Effect<Connector, ConnectorNotFoundError>
    readonly setWallets: (
      wallets: Partial<Pick<ConnectorsState, "featuredWallets" | "customWallets" | "listedWallets">>,
    ) => Effect.Effect<void>
    /** Most recent first, de-duplicated, at most 2; persisted. */
    readonly addRecentWallet: (wallet: WalletRef) => Effect.Effect<void>
    readonly connectMethods: Effect.Effect<ReadonlyArray<ConnectMethod>>
    readonly socials: Effect.Effect<ReadonlyArray<SocialProvider>>
  }
>()("appkit/Connectors") {
  static readonly layer = (initial: ReadonlyArray<Connector> = []) =>
    Layer.effect(
      Connectors,
      Effect.gen(function* () {
        const options = yield* Options
        const recent = persisted(StorageKeys.recentWallets, yield* Storage)
        // The live connector objects: per instance, never module-level.
        const registry = new Map(initial.map((connector) => [connector.id, connector]))
        const state = yield* SubscriptionRef.make<ConnectorsState>(
          yield* restoredOr("connectors", restoredConnectorsState(initial, yield* Storage)),
        )
        const resolved = SubscriptionRef.get(options.state)
        return Connectors.of({
          state,
          register: (connectors) =>
            SubscriptionRef.update(state, (s) => {
              for (const connector of connectors) registry.set(connector.id, connector)
              const ids = new Set(connectors.map((c) => c.id))
              return {
                ...s,
                connectors: [...s.connectors.filter((c) => !ids.has(c.id)), ...connectors.map(infoOf)],
              }
            }),
          // Looked up when run, not when the effect is built: connectors register over time.
          get: (connectorId) =>
            Effect.suspend(() => {
              const connector = registry.get(connectorId)
              return connector
                ? Effect.succeed(connector)
                : Effect.fail(new ConnectorNotFoundError({ connectorId }))
            }),
          setWallets: (wallets) => SubscriptionRef.update(state, (s) => ({ ...s, ...wallets })),
          addRecentWallet: (wallet) =>
            Effect.gen(function* () {
              const next = yield* SubscriptionRef.updateAndGet(state, (s) => ({
                ...s,
                recentWallets: recentList([wallet, ...s.recentWallets]),
              }))
              yield* recent.write(next.recentWallets)
            }),
          connectMethods: Effect.gen(function* () {
            return connectMethodOrder((yield* SubscriptionRef.get(state)).connectors, yield* resolved)
          }),
          socials: Effect.map(resolved, (o) => visibleSocials(o.socials, o.telegramPlatform)),
        })
      }),
    )
}
