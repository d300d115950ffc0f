import { Effect, Option, SubscriptionRef } from "effect"
import { BlockchainApi } from "../../api/blockchain/BlockchainApi"
import { OnrampNotOfferedError } from "../../errors/onramp"
import { BlockchainApiMissingError } from "../../errors/swapFlow"
import { Options } from "../../state/Options"
import type { OnrampRequest } from "../../state/onrampFlow"
import { onrampProvidersOf } from "../../state/onrampProviders"
import { connectedWallet } from "./wallet"

/**
 * What the buy view asks for; the receiving address is the connected eip155 account's, and meld's page and
 * key are the app's `onramp` option.
 */
export type PrepareOnrampParameters = Omit<OnrampRequest, "address" | "meld">

/**
 * The buy flow for the connected account: region gate, options (or the labelled sample), limits, quote (or the
 * labelled mock) and the URL of the chosen provider (one the app offers) to open in a new window.
 */
export const prepareOnramp = (parameters: PrepareOnrampParameters) =>
  Effect.gen(function* () {
    const { onramp } = yield* SubscriptionRef.get((yield* Options).state)
    const provider = parameters.provider ?? "coinbase"
    const offered = onrampProvidersOf(onramp)
    if (!offered.includes(provider))
      return yield* new OnrampNotOfferedError({ what: "provider", wanted: provider, offered: [...offered] })
    const wallet = yield* connectedWallet("eip155")
    const api = yield* Effect.serviceOption(BlockchainApi)
    if (Option.isNone(api)) return yield* new BlockchainApiMissingError({ feature: "Buying crypto" })
    // The flow's code (limits, fee range, the restricted zones) loads with the first purchase, not with the app.
    const { prepareOnramp: prepare } = yield* Effect.promise(() => import("../../state/onrampFlow"))
    return yield* Effect.provideService(
      prepare({ ...parameters, provider, meld: onramp.meld, address: wallet.address }),
      BlockchainApi,
      api.value,
    )
  })
