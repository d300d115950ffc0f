import { Context, Effect, Layer, type Schema } from "effect"
import { Limits, NameSuffix, Timings } from "../../config/constants"
import { DataError } from "../../errors/data"
import { NameError, type nameMessages } from "../../errors/names"
import { SwapError } from "../../errors/transfer"
import {
  ApiClient,
  type ApiError,
  type ApiRequest,
  apiQueryOptions,
  type QueryParams,
} from "../../http/ApiClient"
import { QueryCache } from "../../http/QueryCache"
import { displayableBalances, visibleTransactions } from "./activity"
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
  type OnrampQuoteRequest,
  OnrampUrl,
  type OnrampUrlRequest,
  type RegisterNameRequest,
  RegisterNameResponse,
  ReverseNames,
  RevokeSessionResponse,
  SmartSessions,
  SupportedChains,
  SwapQuotes,
  SwapTokens,
  type TokenBalance,
  TransactionHistory,
} from "./schemas"
import { isSwapNetwork } from "./swapNetworks"

/** The suggestions zone is fixed (§9): the current name suffix without its dot. */
export const nameSuggestionZone = NameSuffix.current.slice(1)

export interface HistoryParams {
  /** Required: history without an account address is refused before any call. */
  readonly account: string | undefined
  /** The connected chain (CAIP-2); other chains' entries are dropped. */
  readonly chainId: string
  readonly cursor?: string | undefined
  /** "buy" for onramp activity. */
  readonly onramp?: string | undefined
}

export interface BalanceParams {
  readonly address: string
  readonly chainId: string
  /** A CAIP-10 token address whose balance must bypass the server's (and our) cache. */
  readonly forceUpdate?: string | undefined
}

export interface SwapQuoteParams {
  readonly chainId: string
  readonly amount: string
  readonly userAddress: string
  readonly from: string
  readonly to: string
  readonly gasPrice: string
}

export interface BuildTransactionParams {
  readonly chainId: string
  readonly amount: string
  readonly from: string
  readonly to: string
  readonly userAddress: string
  /** Percent; §9 default `Limits.swapSlippagePercent` (1). */
  readonly slippage?: number | undefined
  readonly disableEstimate?: boolean | undefined
}

export interface BuildApproveParams {
  readonly chainId: string
  readonly userAddress: string
  readonly from: string
  readonly to: string
}

export interface BlockchainApiShape {
  readonly supportedChains: Effect.Effect<SupportedChains, ApiError>
  /** False only when the supported-chains list loaded and lacks the network; an unknown list lets the call decide. */
  readonly isSupportedNetwork: (caipNetworkId: string) => Effect.Effect<boolean>
  /** Identity of an address; unsupported networks answer `{ name: null, avatar: null }` without a call. */
  readonly identity: (params: {
    readonly address: string
    readonly chainId: string
    readonly sender?: string | undefined
  }) => Effect.Effect<Identity, ApiError>
  readonly history: (params: HistoryParams) => Effect.Effect<TransactionHistory, ApiError | DataError>
  /** Token balances with prices; 0-decimal entries dropped; [] on unsupported networks; every failure → 'Token Balance Unavailable'. */
  readonly balance: (params: BalanceParams) => Effect.Effect<ReadonlyArray<TokenBalance>, DataError>
  readonly fungiblePrice: (params: {
    readonly addresses: ReadonlyArray<string>
    readonly currency?: string | undefined
  }) => Effect.Effect<FungiblePriceResponse, ApiError>
  readonly swapQuotes: (params: SwapQuoteParams) => Effect.Effect<SwapQuotes, ApiError | SwapError>
  readonly swapTokens: (params: {
    readonly chainId: string
  }) => Effect.Effect<SwapTokens, ApiError | SwapError>
  readonly allowance: (params: {
    readonly chainId: string
    readonly tokenAddress: string
    readonly userAddress: string
  }) => Effect.Effect<Allowance, ApiError | SwapError>
  readonly gasPrice: (params: { readonly chainId: string }) => Effect.Effect<GasPrice, ApiError | SwapError>
  readonly buildTransaction: (
    params: BuildTransactionParams,
  ) => Effect.Effect<BuildTransactionResponse, ApiError | SwapError>
  readonly buildApprove: (
    params: BuildApproveParams,
  ) => Effect.Effect<BuildApproveResponse, ApiError | SwapError>
  /** Forward lookup of a name ("alice.reown.id"). */
  readonly lookupName: (name: string) => Effect.Effect<NameRecord, NameError>
  readonly reverseLookup: (params: {
    readonly address: string
    readonly sender?: string | undefined
  }) => Effect.Effect<ReadonlyArray<NameRecord>, NameError>
  readonly nameSuggestions: (name: string) => Effect.Effect<NameSuggestions, NameError>
  readonly registerName: (payload: RegisterNameRequest) => Effect.Effect<boolean, NameError>
  readonly onrampUrl: (request: OnrampUrlRequest) => Effect.Effect<string, ApiError>
  /** Never fails: falls back to the built-in sample options. */
  readonly onrampOptions: Effect.Effect<OnrampOptions>
  /** Never fails: falls back to a mocked quote of the amount entered. */
  readonly onrampQuote: (request: OnrampQuoteRequest) => Effect.Effect<OnrampQuote>
  /** Smart sessions of an account (CAIP-10). */
  readonly sessions: (account: string) => Effect.Effect<SmartSessions, ApiError>
  readonly revokeSession: (params: {
    readonly account: string
    readonly pci: string
    readonly signature: string
  }) => Effect.Effect<boolean, ApiError>
}

export class BlockchainApi extends Context.Service<BlockchainApi, BlockchainApiShape>()(
  "appkit/BlockchainApi",
) {
  static readonly layer: Layer.Layer<BlockchainApi, never, ApiClient | QueryCache> = Layer.effect(
    BlockchainApi,
    Effect.gen(function* () {
      return makeBlockchainApi(yield* ApiClient, yield* QueryCache)
    }),
  )
}

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
      Effect.map((response) => displayableBalances(response.balances)),
      Effect.mapError((cause) => new DataError({ reason: "tokenBalanceUnavailable", cause })),
    )
    return Effect.gen(function* () {
      if (!(yield* isSupportedNetwork(params.chainId))) return []
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
        if (!(yield* isSupportedNetwork(chainId))) return { data: [], next: null }
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
