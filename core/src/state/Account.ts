import { Context, Effect, Layer, SubscriptionRef } from "effect"
import { DEFAULT_ACCOUNT_TYPES } from "../config/constants"
import type { AccountState, AccountTab, NamespaceAccount, PreferredAccountTypes } from "../domain/account"
import { addressOfAccount, type CaipAccountId } from "../domain/caip"
import type { ChainNamespace } from "../domain/namespace"
import type { SocialProvider } from "../domain/social"
import { StorageKeys } from "../domain/storageKeys"
import { persisted } from "../storage/keys"
import { Storage } from "../storage/Storage"
import { Options } from "./Options"
import { restoredOr } from "./restoredState"
import { namespacesOf, readStoredConnections, type WalletConnections } from "./walletConnections"

export const emptyAccount: NamespaceAccount = {
  tokenBalance: [],
  allAccounts: [],
  smartAccountDeployed: false,
  addressLabels: {},
}

export const initialAccountState: AccountState = {
  byNamespace: {},
  currentTab: "Tokens",
  preferredAccountTypes: DEFAULT_ACCOUNT_TYPES,
  socialProvider: undefined,
}

export const withCaipAddress = (account: NamespaceAccount, caipAddress: CaipAccountId): NamespaceAccount => ({
  ...account,
  caipAddress,
  address: addressOfAccount(caipAddress),
})

/**
 * The account state after a reload: the stored account types and social provider, and in each namespace with a
 * restored connection its first account.
 */
export const restoredAccountState = (storage: Storage["Service"], connections: WalletConnections) =>
  Effect.gen(function* () {
    const byNamespace: Partial<Record<ChainNamespace, NamespaceAccount>> = {}
    for (const namespace of namespacesOf(connections)) {
      const first = connections[namespace]?.accounts[0]
      if (first !== undefined) byNamespace[namespace] = withCaipAddress(emptyAccount, first)
    }
    return {
      ...initialAccountState,
      byNamespace,
      preferredAccountTypes: {
        ...DEFAULT_ACCOUNT_TYPES,
        ...(yield* persisted(StorageKeys.preferredAccountTypes, storage).read),
      },
      socialProvider: yield* persisted(StorageKeys.socialProvider, storage).read,
    } satisfies AccountState
  })

export type AccountPatch = Partial<Omit<NamespaceAccount, "caipAddress" | "address">>

/** Account state per namespace, the account tabs, preferred account types and social provider. */
export class Account extends Context.Service<
  Account,
  {
    readonly state: SubscriptionRef.SubscriptionRef<AccountState>
    readonly setCaipAddress: (namespace: ChainNamespace, caipAddress: CaipAccountId) => Effect.Effect<void>
    readonly update: (namespace: ChainNamespace, patch: AccountPatch) => Effect.Effect<void>
    /**
     * Applies a fetched result only while `caipAddress` is still the namespace's account: a balance, profile
     * or name that arrives after a disconnect or an account switch must not bring the old account back.
     */
    readonly updateIfCurrent: (
      namespace: ChainNamespace,
      caipAddress: CaipAccountId,
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
      const state = yield* SubscriptionRef.make<AccountState>(
        yield* restoredOr(
          "account",
          Effect.gen(function* () {
            const { networks } = yield* SubscriptionRef.get((yield* Options).state)
            return yield* restoredAccountState(storage, yield* readStoredConnections(storage, networks))
          }),
        ),
      )
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
          updateNamespace(namespace, (account) => withCaipAddress(account, caipAddress)),
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
