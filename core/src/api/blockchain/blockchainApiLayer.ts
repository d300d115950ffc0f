import { Effect, Layer, type Schema } from "effect"
import { Limits, Timings } from "../../config/constants"
import { DataError } from "../../errors/data"
import { NameError, type nameMessages } from "../../errors/names"
import { SwapError } from "../../errors/transfer"
import { ApiClient, type ApiRequest, apiQueryOptions, type QueryParams } from "../../http/ApiClient"
import { QueryCache } from "../../http/QueryCache"
import { displayableBalances, visibleTransactions, withValue } from "./activity"
import {
  type BalanceParams,
  BlockchainApi,
  type BlockchainApiShape,
  nameSuggestionZone,
} from "./BlockchainApi"
import { mockedOnrampQuote, sampleOnrampOptions } from "./onrampFallback"
import {
  Allowance,
  BalanceResponse,
  BuildApproveResponse,
  BuildTransactionResponse,
  FungiblePriceResponse,
  GasPrice,
  Identity,
  NameRecord,
  NameSuggestions,
  OnrampOptions,
  OnrampQuote,
  OnrampUrl,
  RegisterNameResponse,
  ReverseNames,
  RevokeSessionResponse,
  SmartSessions,
  SupportedChains,
  SwapQuotes,
  SwapTokens,
  TransactionHistory,
} from "./schemas"
import { servesActivity, servesBalances } from "./servedNamespaces"
import { isSwapNetwork } from "./swapNetworks"

const segment = encodeURIComponent

export const makeBlockchainApi = (
  api: ApiClient["Service"],
  cache: QueryCache["Service"],
): BlockchainApiShape => {
  const baseUrl = api.config.blockchainApiUrl
  const queryOptions = apiQueryOptions(api.config)
  const get = <S extends Schema.Top & { readonly DecodingServices: never }>(
    path: string,
    schema: S,
    params?: QueryParams,
  ) => api.json({ method: "GET", baseUrl, path, params }, schema)
  const post = <S extends Schema.Top & { readonly DecodingServices: never }>(
    path: string,
    schema: S,
    body: unknown,
    params?: ApiRequest["params"],
  ) => api.json({ method: "POST", baseUrl, path, body, params }, schema)

  const supportedChains = cache.fetch(
    ["supportedChains"],
    get("/v1/supported-chains", SupportedChains),
    queryOptions,
  )

  const isSupportedNetwork = (caipNetworkId: string) =>
    supportedChains.pipe(
      Effect.map((chains) => chains.http.includes(caipNetworkId)),
      Effect.orElseSucceed(() => true),
    )

  /** Runs `call` only on the swap networks; elsewhere fails with the given §8 text. */
  const onSwapNetwork = <A, E>(
    chainId: string,
    reason: "swapNetworkUnsupported" | "gasPriceNetworkUnsupported",
    call: Effect.Effect<A, E>,
  ) => (isSwapNetwork(chainId) ? call : Effect.fail(new SwapError({ reason })))

  const nameError = (reason: keyof typeof nameMessages) => (cause: unknown) =>
    new NameError({ reason, cause })

  const balance = (params: BalanceParams) => {
    const key = ["balance", params.chainId, params.address] as const
    const read = get(`/v1/account/${segment(params.address)}/balance`, BalanceResponse, {
      currency: "usd",
      chainId: params.chainId,
      forceUpdate: params.forceUpdate,
    }).pipe(
      Effect.map((response) => displayableBalances(response.balances).map(withValue)),
      Effect.mapError((cause) => new DataError({ reason: "tokenBalanceUnavailable", cause })),
    )
    return Effect.gen(function* () {
      if (!servesBalances(params.chainId) || !(yield* isSupportedNetwork(params.chainId))) return []
      if (params.forceUpdate !== undefined) yield* cache.invalidate(key)
      return yield* cache.fetch(key, read, { retries: 0, errorCooldown: Timings.balanceRetryLock })
    })
  }

  return {
    supportedChains,
    isSupportedNetwork,
    identity: ({ address, chainId, sender }) =>
      Effect.flatMap(isSupportedNetwork(chainId), (supported) =>
        supported
          ? cache.fetch(
              ["identity", address],
              get(`/v1/identity/${segment(address)}`, Identity, { sender }),
              queryOptions,
            )
          : Effect.succeed({ name: null, avatar: null }),
      ),
    history: ({ account, chainId, cursor, onramp }) =>
      Effect.gen(function* () {
        if (account === undefined || account === "")
          return yield* new DataError({ reason: "historyAddressRequired" })
        if (!servesActivity(chainId) || !(yield* isSupportedNetwork(chainId))) return { data: [], next: null }
        const page = yield* get(`/v1/account/${segment(account)}/history`, TransactionHistory, {
          cursor,
          onramp,
          chainId,
        })
        return { data: visibleTransactions(page.data, chainId), next: page.next }
      }),
    balance,
    fungiblePrice: ({ addresses, currency }) =>
      post("/v1/fungible/price", FungiblePriceResponse, {
        currency: currency ?? "usd",
        addresses,
        projectId: api.config.projectId,
      }),
    swapQuotes: ({ chainId, ...query }) =>
      onSwapNetwork(chainId, "swapNetworkUnsupported", get("/v1/convert/quotes", SwapQuotes, query)),
    swapTokens: ({ chainId }) =>
      onSwapNetwork(
        chainId,
        "swapNetworkUnsupported",
        cache.fetch(
          ["swapTokens", chainId],
          get("/v1/convert/tokens", SwapTokens, { chainId }),
          queryOptions,
        ),
      ),
    allowance: ({ chainId, tokenAddress, userAddress }) =>
      onSwapNetwork(
        chainId,
        "swapNetworkUnsupported",
        get("/v1/convert/allowance", Allowance, { tokenAddress, userAddress }),
      ),
    gasPrice: ({ chainId }) =>
      onSwapNetwork(
        chainId,
        "gasPriceNetworkUnsupported",
        get("/v1/convert/gas-price", GasPrice, { chainId }),
      ),
    buildTransaction: ({ chainId, slippage, disableEstimate, amount, from, to, userAddress }) =>
      onSwapNetwork(
        chainId,
        "swapNetworkUnsupported",
        post("/v1/convert/build-transaction", BuildTransactionResponse, {
          projectId: api.config.projectId,
          amount,
          eip155: { slippage: String(slippage ?? Limits.swapSlippagePercent) },
          from,
          to,
          userAddress,
          disableEstimate: disableEstimate ?? false,
        }),
      ),
    buildApprove: ({ chainId, ...query }) =>
      onSwapNetwork(
        chainId,
        "swapNetworkUnsupported",
        get("/v1/convert/build-approve", BuildApproveResponse, query),
      ),
    lookupName: (name) =>
      cache
        .fetch(
          ["name", name],
          get(`/v1/profile/account/${segment(name)}`, NameRecord, { apiVersion: 2 }),
          queryOptions,
        )
        .pipe(Effect.mapError(nameError("resolve"))),
    reverseLookup: ({ address, sender }) =>
      cache
        .fetch(
          ["name", "reverse", address],
          get(`/v1/profile/reverse/${segment(address)}`, ReverseNames, { sender, apiVersion: 2 }),
          queryOptions,
        )
        .pipe(Effect.mapError(nameError("namesForAddress"))),
    nameSuggestions: (name) =>
      get(`/v1/profile/suggestions/${segment(name)}`, NameSuggestions, { zone: nameSuggestionZone }).pipe(
        Effect.mapError(nameError("suggestions")),
      ),
    registerName: (payload) =>
      post("/v1/profile/account", RegisterNameResponse, payload).pipe(
        Effect.map((response) => response.success),
        Effect.mapError(nameError("register")),
      ),
    onrampUrl: (request) =>
      post("/v1/generators/onrampurl", OnrampUrl, request).pipe(Effect.map((r) => r.url)),
    onrampOptions: cache
      .fetch(["onrampOptions"], get("/v1/onramp/options", OnrampOptions), queryOptions)
      .pipe(Effect.orElseSucceed(() => sampleOnrampOptions)),
    onrampQuote: (request) =>
      post("/v1/onramp/quote", OnrampQuote, request).pipe(
        Effect.orElseSucceed(() => mockedOnrampQuote(request)),
      ),
    sessions: (account) => get(`/v1/sessions/${segment(account)}`, SmartSessions),
    revokeSession: ({ account, pci, signature }) =>
      post(`/v1/sessions/${segment(account)}/revoke`, RevokeSessionResponse, { pci, signature }).pipe(
        Effect.map((response) => response.success),
      ),
  }
}

/** The Blockchain API client over the ApiClient (its base URL, SDK parameters, timeouts) and the QueryCache. */
export const blockchainApiLayer: Layer.Layer<BlockchainApi, never, ApiClient | QueryCache> = Layer.effect(
  BlockchainApi,
  Effect.gen(function* () {
    return makeBlockchainApi(yield* ApiClient, yield* QueryCache)
  }),
)
