import { Effect, Option } from "effect"
import { BlockchainApi } from "../../api/blockchain/BlockchainApi"
import { BlockchainApiMissingError } from "../../errors/swapFlow"
import type { OnrampRequest } from "../../state/onrampFlow"
import { connectedWallet } from "./wallet"

/** What the buy view asks for; the receiving address is the connected eip155 account's. */
export type PrepareOnrampParameters = Omit<OnrampRequest, "address">

/**
 * The buy flow for the connected account: region gate, options (or the labelled sample), limits, quote (or the
 * labelled mock) and the provider URL to open in a new window.
 */
export const prepareOnramp = (parameters: PrepareOnrampParameters) =>
  Effect.gen(function* () {
    const wallet = yield* connectedWallet("eip155")
    const api = yield* Effect.serviceOption(BlockchainApi)
    if (Option.isNone(api)) return yield* new BlockchainApiMissingError({ feature: "Buying crypto" })
    // The flow's code (limits, fee range, the restricted zones) loads with the first purchase, not with the app.
    const { prepareOnramp: prepare } = yield* Effect.promise(() => import("../../state/onrampFlow"))
    return yield* Effect.provideService(
      prepare({ ...parameters, address: wallet.address }),
      BlockchainApi,
      api.value,
    )
  })
