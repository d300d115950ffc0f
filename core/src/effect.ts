// @appkit/core/effect: the services and layers behind createAppKit, for apps written with Effect. Each state
// service holds a SubscriptionRef and its actions; `stateLayer` wires them; the API clients are services too.

export {
  Analytics,
  type AnalyticsEvent,
  type AnalyticsOptions,
  type AnalyticsShape,
  type ErrorEvent,
} from "./api/analytics/Analytics"
export { analyticsLayer } from "./api/analytics/analyticsLayer"
export * as AnalyticsSchemas from "./api/analytics/schemas"
export {
  type BalanceParams,
  BlockchainApi,
  type BlockchainApiShape,
  type BuildApproveParams,
  type BuildTransactionParams,
  type HistoryParams,
  nameSuggestionZone,
  type SwapQuoteParams,
} from "./api/blockchain/BlockchainApi"
export { blockchainApiLayer, makeBlockchainApi } from "./api/blockchain/blockchainApiLayer"
export {
  isMockedOnrampQuote,
  isSampleOnrampOptions,
  sampleOnrampOptions,
} from "./api/blockchain/onrampFallback"
export { isWithinLimit, isWithinPaymentLimits } from "./api/blockchain/onrampLimits"
export * as BlockchainSchemas from "./api/blockchain/schemas"
export {
  activityNamespaces,
  balanceNamespaces,
  servesActivity,
  servesBalances,
} from "./api/blockchain/servedNamespaces"
export { isSwapNetwork } from "./api/blockchain/swapNetworks"
export { type ApiServices, apiLayer } from "./api/layer"
export {
  type BitcoinBalance,
  Mempool,
  type MempoolError,
  type MempoolShape,
  satoshisToBtc,
} from "./api/mempool/Mempool"
export * as MempoolSchemas from "./api/mempool/schemas"
export { Ordinals, type OrdinalsError, type OrdinalsShape, type RuneOrderKind } from "./api/ordinals/Ordinals"
export * as OrdinalsSchemas from "./api/ordinals/schemas"
export { alertForApiError } from "./api/serverAlerts"
export * as WalletSchemas from "./api/wallet/schemas"
export {
  type GetWalletsParams,
  type ImageKind,
  WalletApi,
  type WalletApiShape,
  walletApiImageUrl,
  walletPageEntries,
  walletSearchEntries,
} from "./api/wallet/WalletApi"
export { makeWalletApi, walletApiLayer } from "./api/wallet/walletApiLayer"
export { getBalance } from "./appkit/actions/getBalance"
export { sendTransaction } from "./appkit/actions/sendTransaction"
export { signMessage } from "./appkit/actions/signMessage"
export { refreshNodeBalance, submitSend } from "./appkit/actions/submitSend"
export { writeContract } from "./appkit/actions/writeContract"
export { EvmTransports } from "./chains/evm/transports"
export { ApiClient, type ApiError, isTransientApiError } from "./http/ApiClient"
export { ApiConfig, type ApiConfigOptions, type ApiConfigShape, makeApiConfig } from "./http/ApiConfig"
export { ClientId } from "./http/ClientId"
export {
  type FetchStatus,
  QueryCache,
  type QueryKey,
  type QueryOptions,
  type QueryState,
  type QueryStatus,
} from "./http/QueryCache"
export { Account } from "./state/Account"
export { AccountData } from "./state/AccountData"
export { Alert, type AlertState } from "./state/Alert"
export { Connection } from "./state/Connection"
export { Connectors } from "./state/Connectors"
export { heldAmountProblem, InsufficientBalanceError } from "./state/heldAmount"
export { type StateLayerConfig, type StateServices, stateLayer } from "./state/layer"
export { Modal } from "./state/Modal"
export { Names } from "./state/Names"
export { Network } from "./state/Network"
export {
  fullAccountName,
  type NameRegistrant,
  nameRegistrationMessage,
  registerAccountName,
} from "./state/nameRegistration"
export { AppKitOptions, Options, resolveOptions } from "./state/Options"
export {
  currentTimeZone,
  isFiatAmount,
  isRestrictedTimeZone,
  onrampFeeRange,
  prepareOnramp,
  selectOnrampPurchase,
} from "./state/onrampFlow"
export { Pairing } from "./state/Pairing"
export { checkProject } from "./state/projectCheck"
export { Router } from "./state/Router"
export { Send, validateSend } from "./state/Send"
export { Siwx } from "./state/Siwx"
export { Swap } from "./state/Swap"
export {
  executeSwap,
  findSwapToken,
  isNativeSwapToken,
  makePendingTransactions,
  type PendingTransactions,
  quoteSwap,
  type SwapSigner,
  type SwapStep,
  type SwapTransaction,
} from "./state/swapFlow"
export { Toast } from "./state/Toast"
export { Transactions } from "./state/Transactions"
export { walletDirectory } from "./state/walletDirectory"
