import { Context, Effect, Layer, Scope } from "effect"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import type { Eip155SiwxConfig } from "../siwx/Eip155SiwxClient"
import { SiwxClient } from "../siwx/SiwxClient"
import type { Storage } from "../storage/Storage"

/**
 * A service whose implementation loads (import()) and is built on first use, in the scope of the layer that
 * asked for it: createAppKit must build every service synchronously, but an app that never signs in or never
 * reads the API must not download their code. The first call waits for the code; later calls do not.
 */
const loadOnFirstUse = <I, S, R>(
  tag: Context.Key<I, S>,
  load: () => Promise<Layer.Layer<I, never, R>>,
): Effect.Effect<Effect.Effect<S>, never, R | Scope.Scope> =>
  Effect.gen(function* () {
    const scope = yield* Scope.Scope
    const context = yield* Effect.context<R>()
    return yield* Effect.cached(
      Effect.promise(load).pipe(
        Effect.flatMap((layer) => Layer.buildWithScope(layer, scope)),
        Effect.map((built) => Context.get(built, tag)),
        Effect.provideContext(context),
      ),
    )
  })

/** The eip155 sign-in client (messages, EIP-191/1271 verification, the session store), loaded on first use. */
export const lazyEip155SiwxClient = (config: Eip155SiwxConfig): Layer.Layer<SiwxClient, never, Storage> =>
  Layer.effect(
    SiwxClient,
    Effect.gen(function* () {
      const client = yield* loadOnFirstUse(SiwxClient, async () => {
        const [{ eip155SiwxClient }, { SiwxSessionStore }] = await Promise.all([
          import("../siwx/Eip155SiwxClient"),
          import("../siwx/SiwxSessionStore"),
        ])
        return eip155SiwxClient(config).pipe(Layer.provide(SiwxSessionStore.layer))
      })
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

/** The Blockchain API on `apiUrl` (effect's HTTP client, the wire schemas, the query cache), loaded on first use. */
export const lazyBlockchainApi = (apiUrl: string, projectId: string): Layer.Layer<BlockchainApi> =>
  Layer.effect(
    BlockchainApi,
    Effect.gen(function* () {
      const api = yield* loadOnFirstUse(BlockchainApi, async () => {
        const [{ apiLayer }, { ApiConfig }] = await Promise.all([
          import("../api/layer"),
          import("../http/ApiConfig"),
        ])
        return apiLayer(ApiConfig.fromBaseUrl(apiUrl, { projectId }))
      })
      // Each method waits for the client, then calls it (written out so every signature stays checked).
      const real = <A, E>(use: (client: BlockchainApiShape) => Effect.Effect<A, E>) =>
        Effect.flatMap(api, use)
      return BlockchainApi.of({
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
      })
    }),
  )
