import { Context, Effect, Layer, SubscriptionRef } from "effect"
import { DEFAULT_ACCOUNT_TYPES } from "../config/constants"
import type { AccountTypeObject, EmbeddedWalletUser, PreferredAccountTypes } from "../domain/account"
import type { ChainNamespace } from "../domain/namespace"
import type { SocialProvider } from "../domain/social"
import { StorageKeys } from "../domain/storageKeys"
import type { Token } from "../domain/token"
import { persisted } from "../storage/keys"
import { Storage } from "../storage/Storage"
import { addressOf } from "./walletConnections"

export type AccountTab = "Tokens" | "NFTs" | "Activity"
export const accountTabs: ReadonlyArray<AccountTab> = ["Tokens", "NFTs", "Activity"]

/** The account of one namespace (§3 account state). */
export interface NamespaceAccount {
  readonly caipAddress: string | undefined
  readonly address: string | undefined
  readonly balance: string | undefined
  readonly balanceSymbol: string | undefined
  readonly profileName: string | undefined
  readonly profileImage: string | undefined
  readonly addressExplorerUrl: string | undefined
  readonly tokenBalance: ReadonlyArray<Token>
  readonly connectedWalletInfo: { readonly name: string; readonly icon?: string | undefined } | undefined
  readonly farcasterUrl: string | undefined
  readonly allAccounts: ReadonlyArray<AccountTypeObject>
  readonly user: EmbeddedWalletUser | undefined
  readonly smartAccountDeployed: boolean
  readonly addressLabels: Readonly<Record<string, string>>
}

export interface AccountState {
  readonly byNamespace: Readonly<Partial<Record<ChainNamespace, NamespaceAccount>>>
  readonly currentTab: AccountTab
  readonly preferredAccountTypes: PreferredAccountTypes
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
  preferredAccountTypes: DEFAULT_ACCOUNT_TYPES,
  socialProvider: undefined,
}

export type AccountPatch = Partial<Omit<NamespaceAccount, "caipAddress" | "address">>

/** Account state per namespace, the account tabs, preferred account types and social provider. */
export class Account extends Context.Service<
  Account,
  {
    readonly state: SubscriptionRef.SubscriptionRef<AccountState>
    readonly setCaipAddress: (namespace: ChainNamespace, caipAddress: string) => Effect.Effect<void>
    readonly update: (namespace: ChainNamespace, patch: AccountPatch) => Effect.Effect<void>
    /**
     * Applies a fetched result only while `caipAddress` is still the namespace's account: a balance, profile
     * or name that arrives after a disconnect or an account switch must not bring the old account back.
     */
    readonly updateIfCurrent: (
      namespace: ChainNamespace,
      caipAddress: string,
      patch: AccountPatch,
    ) => Effect.Effect<void>
    /** §4: clears address, balance, profile, token balances and user of one namespace. */
    readonly resetAccount: (namespace: ChainNamespace) => Effect.Effect<void>
    readonly setCurrentTab: (tab: AccountTab) => Effect.Effect<void>
    readonly setPreferredAccountType: <N extends keyof PreferredAccountTypes>(
      namespace: N,
      kind: NonNullable<PreferredAccountTypes[N]>,
    ) => Effect.Effect<void>
    readonly setSocialProvider: (provider: SocialProvider | undefined) => Effect.Effect<void>
  }
>()("appkit/Account") {
  static readonly layer = Layer.effect(
    Account,
    Effect.gen(function* () {
      const storage = yield* Storage
      const storedTypes = persisted(StorageKeys.preferredAccountTypes, storage)
      const storedSocial = persisted(StorageKeys.socialProvider, storage)
      const state = yield* SubscriptionRef.make<AccountState>({
        ...initialAccountState,
        preferredAccountTypes: { ...DEFAULT_ACCOUNT_TYPES, ...(yield* storedTypes.read) },
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
            // (the whole input when it has no chain prefix)
            address: addressOf(caipAddress) || caipAddress,
          })),
        update: (namespace, patch) => updateNamespace(namespace, (account) => ({ ...account, ...patch })),
        updateIfCurrent: (namespace, caipAddress, patch) =>
          SubscriptionRef.update(state, (s) => {
            const current = s.byNamespace[namespace]
            if (current?.caipAddress !== caipAddress) return s
            return { ...s, byNamespace: { ...s.byNamespace, [namespace]: { ...current, ...patch } } }
          }),
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
