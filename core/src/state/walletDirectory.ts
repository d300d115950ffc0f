import { Effect, Option, Schema, SubscriptionRef } from "effect"
import type { WalletPage } from "../api/wallet/schemas"
import { WalletApi, walletPageEntries, walletSearchEntries } from "../api/wallet/WalletApi"
import { AppKitError } from "../domain/appKitError"
import { Network } from "./Network"

export interface WalletPageRequest {
  /** 1-based. */
  readonly page: number
  /** Text typed in the AllWallets search box; blank means no search. */
  readonly search?: string | undefined
}

export class WalletDirectoryUnavailableError extends AppKitError(
  Schema.TaggedError<WalletDirectoryUnavailableError>()("WalletDirectoryUnavailableError", {}),
) {
  override get message(): string {
    return "The wallet list is unavailable: no Wallet API is configured"
  }
}

const walletApi = Effect.flatMap(Effect.serviceOption(WalletApi), (api) =>
  Option.isSome(api) ? Effect.succeed(api.value) : Effect.fail(new WalletDirectoryUnavailableError()),
)

/**
 * The AllWallets view's directory: pages of §9's 40 wallets (100 when searching) supporting the dApp's
 * networks, through the API's query cache, and the URL of each wallet's image.
 */
export const walletDirectory = {
  page: (request: WalletPageRequest) =>
    Effect.gen(function* () {
      const api = yield* walletApi
      const { requestedCaipNetworks } = yield* SubscriptionRef.get((yield* Network).state)
      const search = request.search?.trim() || undefined
      const page: WalletPage = yield* api.getWallets({
        page: request.page,
        entries: search === undefined ? walletPageEntries : walletSearchEntries,
        search,
        chains: requestedCaipNetworks.map((network) => network.caipNetworkId),
      })
      return page
    }),
  /** Undefined without a Wallet API: the skin shows its placeholder. */
  imageUrl: (imageId: string) =>
    Effect.map(Effect.serviceOption(WalletApi), (api) =>
      Option.getOrUndefined(Option.map(api, (client) => client.imageUrl("wallet", imageId))),
    ),
}
