import { Effect, Stream } from "effect"
import type { Connector, ConnectorError } from "./Connector"

/** What a connector list shows before any of the connector's code has loaded. */
export type ConnectorInfo = Pick<Connector, "id" | "name" | "type" | "chain" | "imageUrl" | "rdns">

/**
 * Stands in for a connector whose code loads on first use (WalletConnect, the embedded wallet): registered at
 * once with what the connector list shows, every call loads the real one first (pass a memoized `load`: it runs
 * on each call). Listening starts with a connection, which loads the connector anyway; a connector that never
 * loads has no events.
 */
export const lazyConnector = <E extends ConnectorError>(
  info: ConnectorInfo,
  load: Effect.Effect<Connector<E>, E>,
): Connector<E> => ({
  ...info,
  connect: (options) => Effect.flatMap(load, (connector) => connector.connect(options)),
  disconnect: () => Effect.flatMap(load, (connector) => connector.disconnect()),
  request: (request) => Effect.flatMap(load, (connector) => connector.request(request)),
  // The network travels on: a connector that must add the chain to its wallet (4902) needs its name and RPC URL.
  switchChain: (chainId, network) =>
    Effect.flatMap(load, (connector) => connector.switchChain(chainId, network)),
  events: Stream.unwrap(
    Effect.match(load, { onFailure: () => Stream.empty, onSuccess: (connector) => connector.events }),
  ),
})
