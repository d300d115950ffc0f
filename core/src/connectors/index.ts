export type { Connection, Connector, ConnectorEvent, ConnectorType, RpcRequest } from "./Connector"
