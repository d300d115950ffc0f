// Wire schemas are namespaced: several share names with the §3 entities of domain/ (which build on them).

export {
  Analytics,
  type AnalyticsEvent,
  type AnalyticsOptions,
  type AnalyticsShape,
  type ErrorEvent,
} from "./analytics/Analytics"
export * as AnalyticsSchemas from "./analytics/schemas"
export { activityLabel, displayableBalances, visibleTransactions } from "./blockchain/activity"
export {
  type BalanceParams,
  BlockchainApi,
  type BlockchainApiShape,
  type BuildApproveParams,
  type BuildTransactionParams,
  type HistoryParams,
  nameSuggestionZone,
  type SwapQuoteParams,
} from "./blockchain/BlockchainApi"
export { type CollectedNft, collectedNfts } from "./blockchain/nfts"
export { mockedOnrampQuote, mockedQuoteId, sampleOnrampOptions } from "./blockchain/onrampFallback"
export { isWithinLimit, isWithinPaymentLimits } from "./blockchain/onrampLimits"
export * as BlockchainSchemas from "./blockchain/schemas"
export { isSwapNetwork } from "./blockchain/swapNetworks"
export { type ApiServices, apiLayer } from "./layer"
export {
  type BitcoinBalance,
  Mempool,
  type MempoolError,
  type MempoolShape,
  networkPathPrefix,
  satoshisToBtc,
  sumSatoshis,
} from "./mempool/Mempool"
export * as MempoolSchemas from "./mempool/schemas"
export { Ordinals, type OrdinalsError, type OrdinalsShape, type RuneOrderKind } from "./ordinals/Ordinals"
export * as OrdinalsSchemas from "./ordinals/schemas"
export { alertForApiError } from "./serverAlerts"
export * as WalletSchemas from "./wallet/schemas"
export {
  type GetWalletsParams,
  type ImageKind,
  WalletApi,
  type WalletApiShape,
  walletPageEntries,
  walletSearchEntries,
} from "./wallet/WalletApi"
