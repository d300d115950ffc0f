export { AlertError, type AlertKey, alertForAnalyticsStatus, alertForServerMessage, alerts } from "./alerts"
export {
  BitcoinDisconnectError,
  BitcoinError,
  BitcoinMethodNotSupportedError,
  BitcoinRpcError,
  bitcoinMessages,
  UtxoFetchError,
  XverseNetworkError,
} from "./bitcoin"
export {
  ChainRequiredError,
  ConnectionError,
  connectionMessages,
  DisconnectError,
  SiwxError,
  siwxMessages,
} from "./connection"
export { DataError, dataMessages } from "./data"
export {
  EmailCooldownError,
  EmbeddedFrameError,
  FrameAbortedError,
  type FrameFailureCode,
  FrameRequestError,
  frameFailureAlerts,
  frameRequestError,
} from "./embedded"
export { HttpStatusError, HttpTimeoutError, HttpTransportError, ResponseDecodeError } from "./http"
export { NameError, nameMessages } from "./names"
export {
  NodeError,
  type NodeErrorKind,
  nodeErrorFromUnknown,
  nodeErrorKinds,
  parseNodeError,
} from "./nodeErrors"
export { decodeProviderRpcError, isUserRejection, ProviderRpcError } from "./ProviderRpcError"
export {
  BitcoinWalletErrorCode,
  bitcoinWalletCodes,
  describeEvmRpcErrorCode,
  eip1193Codes,
  eip1474Codes,
  eip5792Codes,
  lookupRpcErrorCode,
  RpcErrorCode,
  type RpcErrorCodeInfo,
  type RpcErrorTable,
  rpcErrorCodeForHttpStatus,
} from "./rpcCodes"
export { type ToastKey, type ToastVariant, toastForWalletError, toastMessages } from "./toasts"
export { SendError, SwapError, sendMessages, swapMessages } from "./transfer"
