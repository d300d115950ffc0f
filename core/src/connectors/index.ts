export type { Connection, Connector, ConnectorEvent, ConnectorType, RpcRequest } from "./Connector"
export { boundWalletRequest, defaultWalletRequestTimeout, WalletRequestTimeout } from "./walletRequestBound"
