export {
  Account,
  type AccountPatch,
  type AccountState,
  type AccountTab,
  accountTabs,
  type NamespaceAccount,
} from "./Account"
export { AccountData } from "./AccountData"
// `Connection` alone is the Connector contract's connect result (connectors/), hence the service's longer public name.
export {
  Connection as ConnectionService,
  type ConnectionState,
} from "./Connection"
export {
  type ConnectMethod,
  type ConnectorInfo,
  type ConnectorListItem,
  ConnectorNotFoundError,
  Connectors,
  type ConnectorsState,
  connectMethodOrder,
  connectorSectionOrder,
  orderedConnectorList,
  visibleSocials,
} from "./Connectors"
export { type StateLayerConfig, type StateServices, stateLayer } from "./layer"
export { defaultView, Modal, type ModalState } from "./Modal"
export { Names, type NamesState } from "./Names"
export { Network, type NetworkState, shouldShowUnsupportedChain } from "./Network"
export {
  AppKitOptions,
  type Features,
  Options,
  type ResolvedOptions,
  resolveOptions,
} from "./Options"
export { isPairingExpired, Pairing, type PairingState } from "./Pairing"
export { Router, type RouterState, type TransactionAction, View } from "./Router"
export {
  InvalidReceiverError,
  InvalidSendAmountError,
  Send,
  type SendPatch,
  type SendState,
  type SendValidationError,
  sendNamespaces,
  UnsupportedSendChainError,
  type ValidSend,
  validateSend,
} from "./Send"
export { type SignInErrorType, Siwx, type SiwxState } from "./Siwx"
export { Toast, type ToastInput, type ToastState } from "./Toast"
export { Transactions, type TransactionsState } from "./Transactions"
export type { WalletConnection, WalletConnections } from "./walletConnections"
