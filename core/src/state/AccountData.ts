import { Context, Effect, Layer, Option, Schema, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { servesBalances } from "../api/blockchain/servedNamespaces"
import { CacheLifetime, DEFAULT_NATIVE_BALANCE } from "../config/constants"
import { networkOfAccount } from "../domain/caip"
import type { ChainNamespace } from "../domain/namespace"
import { StorageKeys } from "../domain/storageKeys"
import { Token } from "../domain/token"
import { DataError, dataMessages } from "../errors/data"
import { Storage } from "../storage/Storage"
import { Account } from "./Account"
import { cachedRead } from "./storedCache"
import { Toast } from "./Toast"

const decodeToken = Schema.decodeUnknownOption(Token)

/** The account's data from the Blockchain API: balances (eip155/solana, §1) and the identity (eip155). */
export class AccountData extends Context.Service<
  AccountData,
  {
    /**
     * Token balances and the native balance (eip155 and solana accounts only). A failure, or a network the API
     * does not serve, shows 'Token Balance Unavailable' and keeps what was shown. `forceUpdate` (CAIP-10 token
     * addresses, comma-separated) names tokens a transaction just moved: their balances are read past every cache.
     */
    readonly refreshBalance: (namespace: ChainNamespace, forceUpdate?: string) => Effect.Effect<void>
    /** Profile name (identity, else the registered name) and avatar of the eip155 account; a failure leaves the profile empty. */
    readonly refreshIdentity: Effect.Effect<void>
  }
>()("appkit/AccountData") {
  static readonly layer = Layer.effect(
    AccountData,
    Effect.gen(function* () {
      const api = yield* Effect.serviceOption(BlockchainApi)
      const account = yield* Account
      const toast = yield* Toast
      const storage = yield* Storage

      const connectedAccount = (namespace: ChainNamespace) =>
        Effect.map(SubscriptionRef.get(account.state), (s) => {
          const caipAddress = s.byNamespace[namespace]?.caipAddress
          const address = s.byNamespace[namespace]?.address
          if (caipAddress === undefined || address === undefined) return undefined
          return { caipAddress, address, chainId: networkOfAccount(caipAddress) }
        })

      const refreshBalance = (namespace: ChainNamespace, forceUpdate?: string) =>
        Effect.gen(function* () {
          const target = yield* connectedAccount(namespace)
          if (target === undefined || Option.isNone(api) || !servesBalances(target.chainId)) return
          const client = api.value
          // §8: a network the API does not serve is a balance that cannot be shown, not an empty wallet.
          const fetchBalances = Effect.gen(function* () {
            if (!(yield* client.isSupportedNetwork(target.chainId)))
              return yield* new DataError({ reason: "tokenBalanceUnavailable" })
            const balances = yield* client.balance({
              address: target.address,
              chainId: target.chainId,
              forceUpdate,
            })
            return balances.flatMap((balance) => Option.toArray(decodeToken(balance)))
          })
          const portfolio = yield* cachedRead(
            StorageKeys.portfolioCache,
            storage,
            target.caipAddress,
            CacheLifetime.portfolio,
            fetchBalances,
            !!forceUpdate,
          )
          const native = yield* cachedRead(
            StorageKeys.nativeBalanceCache,
            storage,
            target.caipAddress,
            CacheLifetime.nativeBalance,
            Effect.sync(() => {
              const token = portfolio.find((t) => t.address === undefined)
              return token
                ? { balance: token.quantity.numeric, symbol: token.symbol }
                : DEFAULT_NATIVE_BALANCE
            }),
            !!forceUpdate,
          )
          yield* account.updateIfCurrent(namespace, target.caipAddress, {
            tokenBalance: portfolio,
            tokenBalanceError: undefined,
            balance: native.balance,
            balanceSymbol: native.symbol,
          })
        }).pipe(
          Effect.catch((e) =>
            Effect.gen(function* () {
              yield* Effect.logWarning("Token balance unavailable", e)
              yield* toast.showCatalogue("tokenBalanceUnavailable")
              // Kept on the account, so a list left empty reads as unavailable, not as no tokens.
              const target = yield* connectedAccount(namespace)
              if (target !== undefined)
                yield* account.updateIfCurrent(namespace, target.caipAddress, {
                  tokenBalanceError: dataMessages.tokenBalanceUnavailable,
                })
            }),
          ),
        )

      const refreshIdentity = Effect.gen(function* () {
        const target = yield* connectedAccount("eip155")
        if (target === undefined || Option.isNone(api)) return
        const identity = yield* cachedRead(
          StorageKeys.identityCache,
          storage,
          target.address,
          CacheLifetime.identity,
          api.value.identity({ address: target.address, chainId: target.chainId }),
        )
        // Without an ENS-style identity name, the account's registered name (.reown.id) is its profile name.
        const names =
          identity.name === null
            ? yield* cachedRead(
                StorageKeys.nameCache,
                storage,
                target.address,
                CacheLifetime.name,
                api.value.reverseLookup({ address: target.address }),
              )
            : []
        const profileName = identity.name ?? names[0]?.name
        yield* account.updateIfCurrent("eip155", target.caipAddress, {
          // Lookups that find no name (cached for 5 min) lag behind a name this app just registered: it stays.
          ...(profileName && { profileName }),
          profileImage: identity.avatar ?? undefined,
        })
      }).pipe(Effect.catch((error) => Effect.logWarning("Identity unavailable", error)))

      return AccountData.of({ refreshBalance, refreshIdentity })
    }),
  )
}
