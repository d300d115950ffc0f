import { Context, Effect, Layer, SubscriptionRef } from "effect"
import type { ChainNamespace } from "../domain/namespace"
import { Storage } from "../storage/Storage"
import type { SocialProvider } from "./Options"
import { persisted, StoredKeys } from "./persisted"

export type AccountTab = "Tokens" | "NFTs" | "Activity"
export const accountTabs: ReadonlyArray<AccountTab> = ["Tokens", "NFTs", "Activity"]

export type AccountKind = "eoa" | "smartAccount" | "payment" | "ordinals" | "stacks"

/** §9 default account types per namespace (cosmos has none in §9; it uses eoa like polkadot). */
export const defaultAccountTypes: Readonly<Record<ChainNamespace, AccountKind>> = {
  eip155: "smartAccount",
  bip122: "payment",
  solana: "eoa",
  polkadot: "eoa",
  cosmos: "eoa",
}

/** A token balance row (§3 Token). Amounts are decimal strings, never floats. */
export interface TokenBalance {
  readonly address?: string | undefined
  readonly symbol: string
  readonly quantity: { readonly decimals: string; readonly numeric: string }
  readonly price?: number | undefined
}

/** §3 embedded-wallet user. */
export interface EmbeddedUser {
  readonly email?: string | undefined
  readonly address: string
  readonly chainId: string | number
  readonly accounts: ReadonlyArray<{ readonly address: string; readonly type: "EOA" | "SMART_ACCOUNT" }>
  readonly userName?: string | undefined
  readonly smartAccountDeployed?: boolean | undefined
  readonly preferredAccountType?: "eoa" | "smartAccount" | undefined
}

/** §3 account type object. */
export interface AccountEntry {
  readonly namespace: ChainNamespace
  readonly address: string
  readonly type: string
  readonly publicKey?: string | undefined
  readonly path?: string | undefined
}

/** The account of one namespace (§3 account state). */
export interface NamespaceAccount {
  readonly caipAddress: string | undefined
  readonly address: string | undefined
  readonly balance: string | undefined
  readonly balanceSymbol: string | undefined
  readonly profileName: string | undefined
  readonly profileImage: string | undefined
  readonly addressExplorerUrl: string | undefined
  readonly tokenBalance: ReadonlyArray<TokenBalance>
  readonly connectedWalletInfo: { readonly name: string; readonly icon?: string | undefined } | undefined
  readonly farcasterUrl: string | undefined
  readonly allAccounts: ReadonlyArray<AccountEntry>
  readonly user: EmbeddedUser | undefined
  readonly smartAccountDeployed: boolean
  readonly addressLabels: Readonly<Record<string, string>>
}

export interface AccountState {
  readonly byNamespace: Readonly<Partial<Record<ChainNamespace, NamespaceAccount>>>
  readonly currentTab: AccountTab
  readonly preferredAccountTypes: Readonly<Record<ChainNamespace, AccountKind>>
  readonly socialProvider: SocialProvider | undefined
}

export const emptyAccount: NamespaceAccount = {
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  profileName: undefined,
  profileImage: undefined,
  addressExplorerUrl: undefined,
  tokenBalance: [],
  connectedWalletInfo: undefined,
  farcasterUrl: undefined,
  allAccounts: [],
  user: undefined,
  smartAccountDeployed: false,
  addressLabels: {},
}

export const initialAccountState: AccountState = {
  byNamespace: {},
  currentTab: "Tokens",
  preferredAccountTypes: defaultAccountTypes,
  socialProvider: undefined,
}

/** The address part of a CAIP-10 id (`ns:ref:address`); the whole input when it has no chain prefix. */
const addressOf = (caipAddress: string) => caipAddress.split(":").slice(2).join(":") || caipAddress

export type AccountPatch = Partial<Omit<NamespaceAccount, "caipAddress" | "address">>

/** Account state per namespace, the account tabs, preferred account types and social provider. */
export class Account extends Context.Service<
  Account,
  {
    readonly state: SubscriptionRef.SubscriptionRef<AccountState>
    readonly setCaipAddress: (namespace: ChainNamespace, caipAddress: string) => Effect.Effect<void>
    readonly update: (namespace: ChainNamespace, patch: AccountPatch) => Effect.Effect<void>
    /** §4: clears address, balance, profile, token balances and user of one namespace. */
    readonly resetAccount: (namespace: ChainNamespace) => Effect.Effect<void>
    readonly setCurrentTab: (tab: AccountTab) => Effect.Effect<void>
    readonly setPreferredAccountType: (namespace: ChainNamespace, kind: AccountKind) => Effect.Effect<void>
    readonly setSocialProvider: (provider: SocialProvider | undefined) => Effect.Effect<void>
  }
>()("appkit/Account") {
  static readonly layer = Layer.effect(
    Account,
    Effect.gen(function* () {
      const storage = yield* Storage
      const storedTypes = persisted(StoredKeys.preferredAccountTypes, storage)
      const storedSocial = persisted(StoredKeys.socialProvider, storage)
      const state = yield* SubscriptionRef.make<AccountState>({
        ...initialAccountState,
        preferredAccountTypes: { ...defaultAccountTypes, ...(yield* storedTypes.read) },
        socialProvider: yield* storedSocial.read,
      })
      const updateNamespace = (
        namespace: ChainNamespace,
        f: (account: NamespaceAccount) => NamespaceAccount,
      ) =>
        SubscriptionRef.update(state, (s) => ({
          ...s,
          byNamespace: { ...s.byNamespace, [namespace]: f(s.byNamespace[namespace] ?? emptyAccount) },
        }))
      return Account.of({
        state,
        setCaipAddress: (namespace, caipAddress) =>
          updateNamespace(namespace, (account) => ({
            ...account,
            caipAddress,
            address: addressOf(caipAddress),
          })),
        update: (namespace, patch) => updateNamespace(namespace, (account) => ({ ...account, ...patch })),
        resetAccount: (namespace) =>
          SubscriptionRef.update(state, (s) => {
            const { [namespace]: _cleared, ...rest } = s.byNamespace
            return { ...s, byNamespace: rest }
          }),
        setCurrentTab: (currentTab) => SubscriptionRef.update(state, (s) => ({ ...s, currentTab })),
        setPreferredAccountType: (namespace, kind) =>
          Effect.gen(function* () {
            const next = yield* SubscriptionRef.updateAndGet(state, (s) => ({
              ...s,
              preferredAccountTypes: { ...s.preferredAccountTypes, [namespace]: kind },
            }))
            yield* storedTypes.write(next.preferredAccountTypes)
          }),
        setSocialProvider: (socialProvider) =>
          Effect.andThen(
            SubscriptionRef.update(state, (s) => ({ ...s, socialProvider })),
            storedSocial.write(socialProvider),
          ),
      })
    }),
  )
}
