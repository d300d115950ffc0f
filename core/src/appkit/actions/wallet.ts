import { Effect, Option, SubscriptionRef } from "effect"
import type { EvmReadTarget } from "../../chains/evm/readBalance"
import { EvmTransports } from "../../chains/evm/transports"
import { asEip1193Provider } from "../../connectors/asEip1193Provider"
import type { Connector } from "../../connectors/Connector"
import { addressOfAccount } from "../../domain/caip"
import type { ChainNamespace } from "../../domain/namespace"
import { ConnectionError } from "../../errors/connection"
import { Connection } from "../../state/Connection"
import { type ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import { Network } from "../../state/Network"
import type { CaipNetwork } from "../../state/Options"
import type { WalletConnection } from "../../state/walletConnections"
import { InvalidAddress, normalizedOf, Refusal } from "../../validation/address/AddressCheck"

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
    ({ checkEvmAddress }) => {
      const checked = checkEvmAddress(typeof input === "string" ? input : String(input))
      return checked instanceof Refusal
        ? Effect.fail(new InvalidAddress({ namespace: "eip155", message: checked.message }))
        : Effect.succeed(normalizedOf(checked) as `0x${string}`)
    },
  )

/** The dApp's transport for the chain, else its RPC URL, else the connected wallet when it is on that chain. */
export const evmReadTarget = (
  network: CaipNetwork,
): Effect.Effect<EvmReadTarget, ConnectionError | ConnectorNotFoundError, Connection | Connectors> =>
  Effect.gen(function* () {
    const transport = typeof network.id === "number" ? (yield* EvmTransports)[network.id] : undefined
    if (transport !== undefined) return { _tag: "transport", transport } satisfies EvmReadTarget
    if (network.rpcUrl !== undefined)
      return { _tag: "rpcUrl", rpcUrl: network.rpcUrl } satisfies EvmReadTarget
    const wallet = yield* Effect.option(connectedWallet("eip155"))
    if (Option.isSome(wallet) && wallet.value.connection.chainId === network.caipNetworkId)
      return { _tag: "wallet", provider: asEip1193Provider(wallet.value.connector) } satisfies EvmReadTarget
    return yield* new ConnectionError({ reason: "networkClientNotSet" })
  })
