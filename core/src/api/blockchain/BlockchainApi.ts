import { Context, type Effect } from "effect"
import { NameSuffix } from "../../config/constants"
import type { DataError } from "../../errors/data"
import type { NameError } from "../../errors/names"
import type { SwapError } from "../../errors/transfer"
import type { ApiError } from "../../http/ApiClient"
import type {
  Allowance,
  BuildApproveResponse,
  BuildTransactionResponse,
  FungiblePriceResponse,
  GasPrice,
  Identity,
  NameRecord,
  NameSuggestions,
  OnrampOptions,
  OnrampQuote,
  OnrampQuoteRequest,
  OnrampUrlRequest,
  RegisterNameRequest,
  SmartSessions,
  SupportedChains,
  SwapQuotes,
  SwapTokens,
  TokenBalance,
  TransactionHistory,
} from "./schemas"

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

/**
 * The Blockchain API client (§7). The tag and its shape only: the implementation, `blockchainApiLayer`, lives in
 * its own module so code that merely asks for the service (the state services) never pulls in the client.
 */
export class BlockchainApi extends Context.Service<BlockchainApi, BlockchainApiShape>()(
  "appkit/BlockchainApi",
) {}
