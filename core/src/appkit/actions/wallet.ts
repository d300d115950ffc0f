import { Effect, Result, SubscriptionRef } from "effect"
import type { Connector } from "../../connectors/Connector"
import { addressOfAccount } from "../../domain/caip"
import type { ChainNamespace } from "../../domain/namespace"
import { ConnectionError } from "../../errors/connection"
import { Connection } from "../../state/Connection"
import { type ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import { Network } from "../../state/Network"
import type { CaipNetwork } from "../../state/Options"
import type { WalletConnection } from "../../state/walletConnections"
import type { InvalidAddress } from "../../validation/address/AddressCheck"

/** The requested network an action names by eip155 chain id (8453) or CAIP-2 id; the active one when none. */
export const requestedNetwork = (
  chainId: number | string | undefined,
): Effect.Effect<CaipNetwork, ConnectionError, Network> =>
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.get((yield* Network).state)
    if (chainId === undefined) return state.caipNetwork
    const id = typeof chainId === "number" ? `eip155:${chainId}` : chainId
    const network = state.requestedCaipNetworks.find((candidate) => candidate.caipNetworkId === id)
    return network ?? (yield* new ConnectionError({ reason: "chainNotConfigured" }))
  })

export interface ConnectedWallet {
  readonly connector: Connector
  readonly connection: WalletConnection
  /** The address of the connection's first account. */
  readonly address: string
}

/** The wallet connected on a namespace ('Connector not connected.' when none is). */
export const connectedWallet = (
  namespace: ChainNamespace,
): Effect.Effect<ConnectedWallet, ConnectionError | ConnectorNotFoundError, Connection | Connectors> =>
  Effect.gen(function* () {
    const { connections } = yield* SubscriptionRef.get((yield* Connection).state)
    const connection = connections[namespace]
    const account = connection?.accounts[0]
    if (connection === undefined || account === undefined)
      return yield* new ConnectionError({ reason: "connectorNotConnected" })
    const connector = yield* (yield* Connectors).get(connection.connectorId)
    return { connector, connection, address: addressOfAccount(account) }
  })

/**
 * An EVM address an action was given, in its EIP-55 spelling; a wrong one says which rule it broke. The
 * checksum code (keccak) loads with the first action that needs it.
 */
export const evmAddress = (input: unknown): Effect.Effect<`0x${string}`, InvalidAddress> =>
  Effect.flatMap(
    Effect.promise(() => import("../../validation/address/evm")),
    ({ checkEvmAddress }) =>
      Effect.fromResult(
        Result.map(
          checkEvmAddress(typeof input === "string" ? input : String(input)),
          (valid) => valid.normalized as `0x${string}`,
        ),
      ),
  )
