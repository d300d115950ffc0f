export { WalletConnectError, walletConnectMessages } from "./errors"
export { keyValueStorageFrom, walletConnectKeyPrefix } from "./keyValueStorage"
export {
  addressOfAccount,
  chainOfAccount,
  namespaceEvents,
  namespaceMethods,
  proposalNamespaces,
  usesPairingAuthentication,
} from "./namespaces"
export {
  makeWalletConnectConnector,
  type WalletConnectConnector,
  type WalletConnectConnectorError,
  type WalletConnectOptions,
  type WalletConnectSession,
} from "./WalletConnectConnector"
