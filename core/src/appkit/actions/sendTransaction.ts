import { Effect } from "effect"
import { loadSolana } from "../../chains/SolanaSupport"
import type { SolanaSubmissionRefused } from "../../chains/solana/errors"
import type { PrepareTransferError } from "../../chains/solana/transfer"
import type { ConnectorError } from "../../connectors/Connector"
import { ConnectionError } from "../../errors/connection"
import { type NodeError, nodeVerdictOr } from "../../errors/nodeErrors"
import { InvalidParameterError } from "../../errors/parameters"
import { InvalidWalletReplyError } from "../../errors/wallet"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import type { Network } from "../../state/Network"
import { sendNamespaces, UnsupportedSendChainError } from "../../state/Send"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { connectedWallet, evmAddress, requestedNetwork } from "./wallet"

export type Hash = `0x${string}`

export interface SendTransactionParameters {
  readonly to: string
  /** Wei to send along (eip155); lamports, or the SPL `token`'s base units, to transfer (solana). */
  readonly value?: bigint | undefined
  /** Calldata, 0x-prefixed (eip155). */
  readonly data?: `0x${string}` | undefined
  /**
   * The network (eip155 chain id or CAIP-2 id), the active one when absent. On eip155 the wallet must be on
   * it: a wallet elsewhere is refused, never switched silently.
   */
  readonly chainId?: number | string | undefined
  /** A gas limit (eip155); the wallet estimates one when absent. */
  readonly gas?: bigint | undefined
  /** An SPL Token or Token-2022 mint to transfer instead of SOL (solana). */
  readonly token?: string | undefined
}

/** A Solana transaction's id: its fee payer's ed25519 signature, base58 (64 bytes). */
export type SolanaSignature = string & { readonly SolanaSignature: unique symbol }

/** The transaction's hash on eip155 (0x…, what an eip155 chain id as `chainId` gives), its id on solana. */
export type SendTransactionReturnType = Hash | SolanaSignature

export type SendTransactionErrorType =
  | ConnectionError
  | UnsupportedSendChainError
  | PrepareTransferError
  | SolanaSubmissionRefused
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
 * wallet's 4001 ProviderRpcError. With a chainId the wallet must be on it: never switched silently.
 */
export const sendEvmTransaction = Effect.fn("AppKit.sendEvmTransaction")(function* (
  parameters: SendTransactionParameters,
): Effect.fn.Return<Hash, SendTransactionErrorType, Network | Connection | Connectors> {
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
    // §9: a legacy (type 0) transaction, as Reown AppKit asks; the wallet prices it.
    type: "0x0",
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

/**
 * A transaction on the network (`chainId`, else the active one) through the wallet connected on its
 * namespace. eip155: {@link sendEvmTransaction}. solana: a transfer of `value` lamports (or of the SPL
 * `token`) with the §9 compute budget, simulated before the wallet signs and sends it. Other namespaces
 * cannot send (§1: 'Unsupported chain'), and are refused before anything is asked. Resolves once the wallet
 * has sent it, without waiting for confirmation.
 */
export const sendTransaction = Effect.fn("AppKit.sendTransaction")(function* (
  parameters: SendTransactionParameters,
): Effect.fn.Return<SendTransactionReturnType, SendTransactionErrorType, Network | Connection | Connectors> {
  const network = yield* requestedNetwork(parameters.chainId)
  if (!sendNamespaces.includes(network.chainNamespace))
    return yield* new UnsupportedSendChainError({ namespace: network.chainNamespace })
  if (network.chainNamespace !== "solana") return yield* sendEvmTransaction(parameters)
  const amount = parameters.value
  if (typeof amount !== "bigint" || amount <= 0n)
    return yield* new InvalidParameterError({ parameter: "value", expected: "a positive bigint" })
  const { submitSolanaTransfer } = yield* loadSolana
  const wallet = yield* connectedWallet("solana")
  const sent = yield* submitSolanaTransfer(network, wallet, {
    to: parameters.to,
    amount,
    token: parameters.token,
  })
  return sent.signature as SolanaSignature
})
