import { Context, Effect, Layer, Scope } from "effect"
import { Analytics, type AnalyticsOptions, type AnalyticsShape } from "../api/analytics/Analytics"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import { WalletApi, type WalletApiShape, walletApiImageUrl } from "../api/wallet/WalletApi"
import { makeApiConfig } from "../http/ApiConfig"
import { ClientId } from "../http/ClientId"
import { SiwxClient } from "../siwx/SiwxClient"
import type { SiwxConfig } from "../siwx/siwxClientLayer"
import type { Storage } from "../storage/Storage"

/**
 * Services whose implementation loads (import()) and is built on first use, in the scope of the layer that
 * asked for them: createAppKit must build every service synchronously, but an app that never signs in or never
 * reads the API must not download their code. The first call waits for the code; later calls do not.
 */
const loadOnFirstUse = <I, R>(
  load: () => Promise<Layer.Layer<I, never, R>>,
): Effect.Effect<Effect.Effect<Context.Context<I>>, never, R | Scope.Scope> =>
  Effect.gen(function* () {
    const scope = yield* Scope.Scope
    const context = yield* Effect.context<R>()
    return yield* Effect.cached(
      Effect.promise(load).pipe(
        Effect.flatMap((layer) => Layer.buildWithScope(layer, scope)),
        Effect.provideContext(context),
      ),
    )
  })

/**
 * The sign-in client (CAIP-122 messages, EIP-191/1271 and ed25519 verification, the session store), loaded on
 * first use.
 */
export const lazySiwxClient = (config: SiwxConfig): Layer.Layer<SiwxClient, never, Storage> =>
  Layer.effect(
    SiwxClient,
    Effect.gen(function* () {
      const built = yield* loadOnFirstUse(async () => {
        const { siwxClient, SiwxSessionStore } = await import("./onFirstUse")
        return siwxClient(config).pipe(Layer.provide(SiwxSessionStore.layer))
      })
      const client = Effect.map(built, (context) => Context.get(context, SiwxClient))
      return SiwxClient.of({
        createMessage: (input) => Effect.flatMap(client, (c) => c.createMessage(input)),
        addSession: (session) => Effect.flatMap(client, (c) => c.addSession(session)),
        addWalletSignIn: (signIn) =>
          Effect.flatMap(client, (c) =>
            c.addWalletSignIn === undefined ? Effect.void : c.addWalletSignIn(signIn),
          ),
        getSessions: (chainId, accountAddress) =>
          Effect.flatMap(client, (c) => c.getSessions(chainId, accountAddress)),
        revokeSession: (chainId, accountAddress) =>
          Effect.flatMap(client, (c) => c.revokeSession(chainId, accountAddress)),
      })
    }),
  )

/** Each method waits for the client, then calls it (written out so every signature stays checked). */
const forwardBlockchainApi = (api: Effect.Effect<BlockchainApiShape>): BlockchainApiShape => {
  const real = <A, E>(use: (client: BlockchainApiShape) => Effect.Effect<A, E>) => Effect.flatMap(api, use)
  return {
    supportedChains: real((client) => client.supportedChains),
    onrampOptions: real((client) => client.onrampOptions),
    isSupportedNetwork: (caipNetworkId) => real((client) => client.isSupportedNetwork(caipNetworkId)),
    identity: (params) => real((client) => client.identity(params)),
    history: (params) => real((client) => client.history(params)),
    balance: (params) => real((client) => client.balance(params)),
    fungiblePrice: (params) => real((client) => client.fungiblePrice(params)),
    swapQuotes: (params) => real((client) => client.swapQuotes(params)),
    swapTokens: (params) => real((client) => client.swapTokens(params)),
    allowance: (params) => real((client) => client.allowance(params)),
    gasPrice: (params) => real((client) => client.gasPrice(params)),
    buildTransaction: (params) => real((client) => client.buildTransaction(params)),
    buildApprove: (params) => real((client) => client.buildApprove(params)),
    lookupName: (name) => real((client) => client.lookupName(name)),
    reverseLookup: (params) => real((client) => client.reverseLookup(params)),
    nameSuggestions: (name) => real((client) => client.nameSuggestions(name)),
    registerName: (payload) => real((client) => client.registerName(payload)),
    onrampUrl: (request) => real((client) => client.onrampUrl(request)),
    onrampQuote: (request) => real((client) => client.onrampQuote(request)),
    sessions: (account) => real((client) => client.sessions(account)),
    revokeSession: (params) => real((client) => client.revokeSession(params)),
  }
}

/** As above; an image URL needs no client (it is built from the configuration), so it is answered at once. */
const forwardWalletApi = (
  api: Effect.Effect<WalletApiShape>,
  imageUrl: WalletApiShape["imageUrl"],
): WalletApiShape => ({
  getWallets: (params) => Effect.flatMap(api, (client) => client.getWallets(params)),
  image: (kind, id) => Effect.flatMap(api, (client) => client.image(kind, id)),
  imageUrl,
  analyticsConfig: Effect.flatMap(api, (client) => client.analyticsConfig),
  allowedOrigins: Effect.flatMap(api, (client) => client.allowedOrigins),
  remoteFeatures: Effect.flatMap(api, (client) => client.remoteFeatures),
})

const forwardAnalytics = (api: Effect.Effect<AnalyticsShape>): AnalyticsShape => ({
  sendEvent: (event) => Effect.flatMap(api, (client) => client.sendEvent(event)),
  sendError: (error) => Effect.flatMap(api, (client) => client.sendError(error)),
  setEnabled: (enabled) => Effect.flatMap(api, (client) => client.setEnabled(enabled)),
  isEnabled: Effect.flatMap(api, (client) => client.isEnabled),
})

/**
 * The Blockchain and Wallet APIs on `apiUrl` (effect's HTTP client, the wire schemas, one query cache shared
 * by both) and the analytics client, loaded on first use of any of them. Their requests carry the instance's
 * WalletConnect client id once it is known (ClientId).
 */
export const lazyApis = (
  apiUrl: string,
  projectId: string,
  analytics: AnalyticsOptions,
): Layer.Layer<BlockchainApi | WalletApi | Analytics, never, ClientId> =>
  Layer.effectContext(
    Effect.gen(function* () {
      const clientId = yield* ClientId
      const built = yield* loadOnFirstUse(async () => {
        const { apiLayer, ApiConfig, analyticsLayer } = await import("./onFirstUse")
        return analyticsLayer(analytics).pipe(
          Layer.provideMerge(apiLayer(ApiConfig.fromBaseUrl(apiUrl, { projectId }))),
          Layer.provide(Layer.succeed(ClientId, clientId)),
        )
      })
      const config = makeApiConfig(apiUrl, { projectId })
      return Context.make(
        BlockchainApi,
        forwardBlockchainApi(Effect.map(built, (context) => Context.get(context, BlockchainApi))),
      ).pipe(
        Context.add(
          WalletApi,
          forwardWalletApi(
            Effect.map(built, (context) => Context.get(context, WalletApi)),
            (kind, id) => walletApiImageUrl(config, kind, id),
          ),
        ),
        Context.add(
          Analytics,
          forwardAnalytics(Effect.map(built, (context) => Context.get(context, Analytics))),
        ),
      )
    }),
  )
