import { Context, Effect, Layer, Option, SubscriptionRef } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { addressOfAccount } from "../domain/caip"
import { StorageKeys } from "../domain/storageKeys"
import { NameError } from "../errors/names"
import { Storage } from "../storage/Storage"
import { isAccountName } from "../validation/accountName"
import { Account } from "./Account"
import { Connection } from "./Connection"
import { Network } from "./Network"
import { fullAccountName, registerAccountName } from "./nameRegistration"
import { Router } from "./Router"
import { forgetCached } from "./storedCache"

export interface NamesState {
  readonly status: "idle" | "registering" | "registered" | "error"
  readonly name: string | undefined
  readonly error: string | undefined
}

export const initialNamesState: NamesState = { status: "idle", name: undefined, error: undefined }

/** The §4 name registration flow: success view first, then sign, post, and set the profile name. */
export class Names extends Context.Service<
  Names,
  {
    readonly state: SubscriptionRef.SubscriptionRef<NamesState>
    readonly register: (name: string) => Effect.Effect<string, NameError>
  }
>()("appkit/Names") {
  static readonly layer = Layer.effect(
    Names,
    Effect.gen(function* () {
      const api = yield* Effect.serviceOption(BlockchainApi)
      const router = yield* Router
      const account = yield* Account
      const network = yield* Network
      const connection = yield* Connection
      const storage = yield* Storage
      const state = yield* SubscriptionRef.make(initialNamesState)

      const sign = (label: string) =>
        Effect.gen(function* () {
          const eip155 = (yield* SubscriptionRef.get(account.state)).byNamespace.eip155
          const chainId = (yield* SubscriptionRef.get(network.state)).activeNetworkIds.eip155
          if (eip155?.address === undefined || chainId === undefined) {
            return yield* new NameError({ reason: "register", cause: "No eip155 account connected" })
          }
          if (Option.isNone(api))
            return yield* new NameError({ reason: "register", cause: "No Blockchain API configured" })
          yield* registerAccountName(label, {
            address: eip155.address,
            chainId,
            signMessage: (message) => connection.signMessage("eip155", message),
          }).pipe(Effect.provideService(BlockchainApi, api.value))
        })

      // Back to the form the user came from (the success view was pushed on top of it).
      const backToRegister = Effect.gen(function* () {
        const { history } = yield* SubscriptionRef.get(router.state)
        if (history.at(-2) === "RegisterAccountName") yield* router.goBack
        else yield* router.replace("RegisterAccountName")
      })

      const register = (name: string) =>
        Effect.gen(function* () {
          const fullName = fullAccountName(name)
          if (!isAccountName(name)) return yield* new NameError({ reason: "register", cause: "Invalid name" })
          const owner = (yield* SubscriptionRef.get(account.state)).byNamespace.eip155?.caipAddress
          yield* SubscriptionRef.set(state, { status: "registering", name: fullName, error: undefined })
          yield* router.push("RegisterAccountNameSuccess")
          yield* sign(name).pipe(
            Effect.mapError((cause) =>
              cause instanceof NameError ? cause : new NameError({ reason: "register", cause }),
            ),
            Effect.tapError((error) =>
              Effect.andThen(
                SubscriptionRef.set(state, { status: "error", name: fullName, error: error.message }),
                backToRegister,
              ),
            ),
          )
          // (sign() fails without an eip155 account, so `owner` is set here; the user may have left meanwhile)
          if (owner !== undefined) {
            yield* account.updateIfCurrent("eip155", owner, { profileName: fullName })
            // The stored "no name" of the reverse lookup (5 min) would hide the new name after a reload.
            yield* forgetCached(StorageKeys.nameCache, storage, addressOfAccount(owner))
          }
          yield* SubscriptionRef.set(state, { status: "registered", name: fullName, error: undefined })
          return fullName
        })

      return Names.of({ state, register })
    }),
  )
}
