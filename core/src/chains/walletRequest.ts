import type { Effect } from "effect"
import type { RpcRequest } from "../connectors/Connector"

/**
 * Sends one request to the connected wallet: a connector's `request`, or anything shaped like it. The
 * namespace sign actions take it rather than a connector, so they work with any transport to a wallet.
 */
export type WalletRequest<E> = (request: RpcRequest) => Effect.Effect<unknown, E>
