import { Effect } from "effect"
import type { ConnectorError } from "../../connectors/Connector"
import { ConnectionError } from "../../errors/connection"
import { type NodeError, nodeVerdictOr } from "../../errors/nodeErrors"
import { InvalidParameterError } from "../../errors/parameters"
import { InvalidWalletReplyError } from "../../errors/wallet"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import type { Network } from "../../state/Network"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { connectedWallet, evmAddress, requestedNetwork } from "./wallet"

export type Hash = `0x${string}`

export interface SendTransactionParameters {
  readonly to: string
  /** Wei to send along. */
  readonly value?: bigint | undefined
  /** Calldata, 0x-prefixed. */
  readonly data?: `0x${string}` | undefined
  /** The chain the wallet must be on (eip155 chain id or CAIP-2 id): a wallet elsewhere is refused, never switched silently. */
  readonly chainId?: number | string | undefined
  /** A gas limit; the wallet estimates one when absent. */
  readonly gas?: bigint | undefined
}

export type SendTransactionReturnType = Hash

export type SendTransactionErrorType =
  | ConnectorError
  | ConnectorNotFoundError
  | InvalidAddress
  | InvalidParameterError
  | InvalidWalletReplyError
  | NodeError

const hexBytes = /^0x(?:[0-9a-fA-F]{2})*$/
const transactionHash = /^0x[0-9a-fA-F]{64}$/

const quantity = (parameter: string, value: unknown) =>
  typeof value === "bigint" && value >= 0n
    ? Effect.succeed(`0x${value.toString(16)}`)
    : Effect.fail(new InvalidParameterError({ parameter, expected: "a non-negative bigint" }))

/**
 * eth_sendTransaction through the connected eip155 wallet (its RPC policy applies). The node's refusal the
 * wallet passes on (insufficient funds, nonce, fee, gas) is a NodeError; the user declining stays the
 * wallet's 4001 ProviderRpcError.
 */
export const sendTransaction: (
  parameters: SendTransactionParameters,
) => Effect.Effect<Hash, SendTransactionErrorType, Network | Connection | Connectors> = Effect.fn(
  "AppKit.sendTransaction",
)(function* (parameters: SendTransactionParameters) {
  const wallet = yield* connectedWallet("eip155")
  if (parameters.chainId !== undefined) {
    const network = yield* requestedNetwork(parameters.chainId)
    if (network.caipNetworkId !== wallet.connection.chainId)
      return yield* new ConnectionError({ reason: "connectorChainMismatch" })
  }
  const to = yield* evmAddress(parameters.to)
  const { value, data, gas } = parameters
  if (data !== undefined && (typeof data !== "string" || !hexBytes.test(data)))
    return yield* new InvalidParameterError({ parameter: "data", expected: "0x-prefixed hex bytes" })
  const transaction = {
    from: wallet.address,
    to,
    ...(value === undefined ? {} : { value: yield* quantity("value", value) }),
    ...(gas === undefined ? {} : { gas: yield* quantity("gas", gas) }),
    ...(data === undefined ? {} : { data }),
  }
  const reply = yield* wallet.connector
    .request({ method: "eth_sendTransaction", params: [transaction] })
    .pipe(Effect.mapError(nodeVerdictOr))
  if (typeof reply !== "string" || !transactionHash.test(reply))
    return yield* new InvalidWalletReplyError({
      method: "eth_sendTransaction",
      expected: "transaction hash",
      reply,
    })
  return reply as Hash
})
