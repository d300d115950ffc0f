// @appkit/core: what a dApp or a skin uses. createAppKit and its types, the state it exposes, the §3
// entities, the errors, and the connectors (sign-in's own errors are @appkit/core/siwx's). Other entry
// points: /effect (the services and layers for Effect users), /evm, /siwx, /validation, /node (file
// storage), /testing (test support).

export {
  activityLabel,
  displayableBalances,
  visibleTransactions,
} from "./api/blockchain/activity"
export { type CollectedNft, collectedNfts } from "./api/blockchain/nfts"
export type {
  AppKit,
  AppKitState,
  FetchWalletsErrorType,
  RegisterNameErrorType,
  ValidateSendErrorType,
  WalletRequestErrorType,
} from "./appkit/AppKit"
export type {
  GetBalanceErrorType,
  GetBalanceParameters,
  GetBalanceReturnType,
} from "./appkit/actions/getBalance"
export type { SetSendMaxErrorType } from "./appkit/actions/sendMax"
export type {
  Hash,
  SendTransactionErrorType,
  SendTransactionParameters,
  SendTransactionReturnType,
  SolanaSignature,
} from "./appkit/actions/sendTransaction"
export type {
  SignMessageErrorType,
  SignMessageParameters,
  SignMessageReturnType,
} from "./appkit/actions/signMessage"
export type { SendInProgressError, SendOutcome, SubmitSendErrorType } from "./appkit/actions/submitSend"
export type { QuoteSwapParameters, SwapTokenChoice } from "./appkit/actions/swap"
export type {
  WriteContractErrorType,
  WriteContractParameters,
  WriteContractReturnType,
} from "./appkit/actions/writeContract"
export type { CardProviderParameters } from "./appkit/cardProviderLayer"
export { createAppKit } from "./appkit/createAppKit"
export type { EmbeddedAuthActions } from "./appkit/embeddedActions"
export type { EmbeddedFrame, EmbeddedFrameHost } from "./appkit/embeddedWallet"
export { type AppKitNetwork, type CreateAppKitParameters, networkIdOf } from "./appkit/options"
export type { Subscribe, SubscribeOptions } from "./appkit/store"
export { loadSolanaAdapter } from "./chains/solana/load"
export {
  CacheLifetime,
  CONNECTOR_TYPE_ORDER,
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_NATIVE_BALANCE,
  FeatureDefaults,
  type FeatureName,
  FONT_FAMILY,
  ImageOptimizer,
  Limits,
  NameSuffix,
  QUANTITY_SIGN,
  SDK_VERSION,
  SOCIALS_ORDER,
  TELEGRAM_HIDDEN_SOCIALS,
  Timings,
  WALLET_FEATURE_ORDER,
} from "./config/constants"
export { asEip1193Provider } from "./connectors/asEip1193Provider"
export type {
  Connection,
  Connector,
  ConnectorError,
  ConnectorEvent,
  RpcRequest,
  WalletSignIn,
} from "./connectors/Connector"
export {
  CARD_PROVIDER_CONNECTOR_ID,
  type CardProviderOptions,
  type CoinbaseWalletSdkModule,
  cardProviderChainIds,
  makeCardProviderConnector,
} from "./connectors/cardProvider/cardProviderConnector"
export { type Eip1193Provider, isEip1193Provider } from "./connectors/injected/eip1193"
export {
  type AnnouncedProvider,
  discoverInjectedProviders,
  Eip6963ProviderInfo,
  type InjectedProviders,
  watchAnnouncedProviders,
} from "./connectors/injected/eip6963"
export {
  type InjectedConnector,
  type InjectedConnectorError,
  makeInjectedConnector,
} from "./connectors/injected/InjectedConnector"
export { WalletConnectError, walletConnectMessages } from "./connectors/walletconnect/errors"
export {
  makeWalletConnectConnector,
  type WalletConnectConnector,
  type WalletConnectConnectorError,
  type WalletConnectOptions,
  type WalletConnectSession,
} from "./connectors/walletconnect/WalletConnectConnector"
export { boundWalletRequest, defaultWalletRequestTimeout } from "./connectors/walletRequestBound"
export {
  ACCOUNT_TABS,
  AccountState,
  AccountTab,
  AccountType,
  AccountTypeObject,
  ConnectedWalletInfo,
  ConnectionStatus,
  EmbeddedWalletUser,
  NamespaceAccount,
  PreferredAccountTypes,
} from "./domain/account"
export { AmountString, UnitsString } from "./domain/amount"
export {
  AppKitError,
  type AppKitErrorFields,
  type AppKitErrorOptions,
  docsPathOf,
} from "./domain/appKitError"
export {
  AddressPurpose,
  BitcoinAddressEntry,
  BitcoinNetwork,
  BitcoinWalletOption,
  BtcBalance,
  SignMessageInput,
  SignPsbtInput,
  SignPsbtResult,
  TransferInput,
} from "./domain/bitcoin"
export {
  type AccountId,
  accountOn,
  addressOfAccount,
  CaipAccountId,
  CaipNetworkId,
  type ChainId,
  decodeCaipAccountId,
  decodeCaipAccountIds,
  decodeCaipNetworkId,
  formatAccountId,
  formatChainId,
  InvalidCaipId,
  namespaceOf,
  networkOfAccount,
  parseAccountId,
  parseChainId,
  referenceOf,
} from "./domain/caip"
export { checkChainReference } from "./domain/caipProfiles"
export { ConnectorDescriptor, ConnectorType, WalletListing } from "./domain/connector"
export {
  HistoryTransfer,
  OperationType,
  TransactionHistoryEntry,
  TransactionStatus,
} from "./domain/history"
export { Identity, NameRecord, NameRegistrationPayload } from "./domain/names"
export { ChainNamespace, chainNamespaceOf, chainNamespaces, isChainNamespace } from "./domain/namespace"
export { isNetworkApproved, NativeCurrency, Network, NetworkState } from "./domain/network"
export { OnrampOptions, OnrampProvider, OnrampQuoteInput, PurchaseCurrency } from "./domain/onramp"
export { PairingConnection, PairingState, WcUri } from "./domain/pairing"
export { relativeTimeLabel, relativeTimeLabelOf } from "./domain/relativeTime"
export { SendState } from "./domain/send"
export { Cacao, SiwxMessageData, SiwxSession } from "./domain/siwx"
export { SocialProvider, socialProviders } from "./domain/social"
export { RecentWallet } from "./domain/storageKeys"
export { SwapQuoteInput } from "./domain/swap"
export { formatPriceImpact, type PricedSwapAmounts, swapPriceImpact } from "./domain/swapPriceImpact"
export { Toast, ToastSvg, ToastVariant } from "./domain/toast"
export { Token, TokenQuantity } from "./domain/token"
export { Utxo } from "./domain/utxo"
export { AlertError, type AlertKey, alerts } from "./errors/alerts"
export {
  BitcoinDisconnectError,
  BitcoinError,
  BitcoinMethodNotSupportedError,
  BitcoinRpcError,
  UtxoFetchError,
  XverseNetworkError,
} from "./errors/bitcoin"
export { TransactionConfirmationTimeout } from "./errors/confirmation"
export { ChainRequiredError, ConnectionError, DisconnectError, SiwxError } from "./errors/connection"
export { DataError } from "./errors/data"
export {
  EmailCooldownError,
  EmbeddedFrameError,
  FrameAbortedError,
  type FrameFailureCode,
  FrameRequestError,
} from "./errors/embedded"
export { HttpStatusError, HttpTimeoutError, HttpTransportError, ResponseDecodeError } from "./errors/http"
export { NameError } from "./errors/names"
export { NodeError, type NodeErrorKind, nodeErrorKinds } from "./errors/nodeErrors"
export {
  InvalidFiatAmountError,
  OnrampLimitError,
  OnrampNotOfferedError,
  OnrampRestrictedError,
} from "./errors/onramp"
export { InvalidAppKitOptionsError } from "./errors/options"
export { decodeProviderRpcError, isUserRejection, ProviderRpcError } from "./errors/ProviderRpcError"
export { InvalidContractCallError, InvalidParameterError } from "./errors/parameters"
export {
  BitcoinWalletErrorCode,
  lookupRpcErrorCode,
  RpcErrorCode,
  type RpcErrorCodeInfo,
} from "./errors/rpcCodes"
export {
  AllowanceNotGrantedError,
  BlockchainApiMissingError,
  InvalidSwapTransactionError,
  NoSwapQuoteError,
  PendingTransactionsLimitError,
  SwapNotReadyError,
  SwapRevertedError,
  SwapTokenNotFoundError,
} from "./errors/swapFlow"
export { type ToastKey, toastForWalletError, toastMessages } from "./errors/toasts"
export { SendError, SwapError, swapMessages } from "./errors/transfer"
export { InvalidWalletReplyError, WalletRequestTimeout } from "./errors/wallet"
export { checkRpcRequestResult, RpcPolicyError, rpcPolicyMessages } from "./rpc/checkRpcRequest"
export {
  type RpcMethodPolicy,
  type RpcPolicyNamespace,
  rpcMethodPolicy,
  rpcPolicyNamespaces,
  sendsWhenApproved,
} from "./rpc/methodPolicy"
export type { AccountPatch } from "./state/Account"
export type { AlertState } from "./state/Alert"
export type {
  ConnectErrorType,
  ConnectionState,
  DisconnectErrorType,
  SwitchNetworkErrorType,
} from "./state/Connection"
export {
  type ConnectMethod,
  type ConnectorInfo,
  type ConnectorListItem,
  ConnectorNotFoundError,
  type ConnectorsState,
  connectMethodOrder,
  orderedConnectorList,
  visibleSocials,
} from "./state/Connectors"
export type { EmbeddedAuthError, EmbeddedAuthState, EmbeddedStep } from "./state/EmbeddedAuth"
// A type only: the class loads with the send and swap checks, never with the app.
export type { FeeExceedsBalanceError, InsufficientBalanceError } from "./state/heldAmount"
export type { ModalState, OpenModalOptions } from "./state/Modal"
export type { NamesState } from "./state/Names"
export { shouldShowUnsupportedChain } from "./state/Network"
export type { AppMetadata, Features, OnrampSettings, ResolvedOptions } from "./state/Options"
export type { OnrampRequest, PreparedOnramp } from "./state/onrampFlow"
export { onrampFeeLabel, onrampProvidersOf } from "./state/onrampProviders"
export { isPairingExpired } from "./state/Pairing"
export { type RouterState, type TransactionAction, View } from "./state/Router"
export {
  balanceNamespaces,
  InvalidReceiverError,
  InvalidSendAmountError,
  type SendPatch,
  type SendValidationError,
  sendNamespaces,
  UnsupportedSendChainError,
  type ValidSend,
} from "./state/Send"
export type { SignInErrorType, SiwxState } from "./state/Siwx"
export type { SwapState } from "./state/Swap"
export type { SwapInProgressError, SwapOutcome, SwapQuote, SwapRequest, SwapStep } from "./state/swapFlow"
export type { ToastInput, ToastState } from "./state/Toast"
export type { TransactionsState } from "./state/Transactions"
export type { WalletConnection, WalletConnections } from "./state/walletConnections"
export { WalletDirectoryUnavailableError, type WalletPageRequest } from "./state/walletDirectory"
export { type WalletFeature, walletFeatures } from "./state/walletFeatures"
export { browserStorage, fromWebStorage, type WebStorage } from "./storage/browser"
export { fromMap, Storage } from "./storage/Storage"
