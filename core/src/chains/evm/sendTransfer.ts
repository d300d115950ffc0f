import { Effect } from "effect"
import type { Address, Hash } from "viem"
import { estimateGas, getGasPrice, sendTransaction } from "viem/actions"
import { LoggedMessages } from "../../errors/logged"
import type { NodeError } from "../../errors/nodeErrors"
import type { EvmClient, EvmSigner } from "./client"
import { erc20TransferData } from "./erc20"
import { type EvmError, evmTransactionCall } from "./errors"

export interface TransferParameters {
  readonly signer: EvmSigner
  readonly to: Address
  /** Base units: wei for the native coin, the token's smallest unit for ERC-20. */
  readonly amount: bigint
  /** An ERC-20 contract; the native coin when absent. */
  readonly token?: Address | undefined
}

/** The transaction a transfer needs: value to the receiver, or `transfer(to, amount)` calldata to the token. */
export const transferRequest = (parameters: TransferParameters) =>
  parameters.token === undefined
    ? { to: parameters.to, value: parameters.amount }
    : { to: parameters.token, data: erc20TransferData(parameters.to, parameters.amount) }

/** The node's gas price: what every transaction the app sends is priced at (§9: legacy transactions). */
export const nodeGasPrice = (node: EvmClient) => evmTransactionCall(() => getGasPrice(node))

/**
 * What a transfer will pay the network, as its send prices it: the node's gas estimate for it and the node's
 * gas price (§9: legacy transactions, priced by the node, as Reown AppKit sends them).
 */
export const transferFee = (node: EvmClient, parameters: TransferParameters) =>
  Effect.gen(function* () {
    const gas = yield* evmTransactionCall(() =>
      estimateGas(node, { account: parameters.signer, ...transferRequest(parameters) }),
    ).pipe(Effect.tapError((error) => Effect.logError(LoggedMessages.gasEstimationFailed, error)))
    const gasPrice = yield* nodeGasPrice(node)
    return { gas, gasPrice }
  })

/**
 * eth_sendTransaction (a legacy transaction, §9) for a native or ERC-20 transfer. The gas limit is estimated first, so a transfer the
 * chain would reject (a reverting token, an empty account) fails here, before a wallet prompt or a broadcast.
 * The node's refusals arrive as typed NodeErrors.
 */
export const sendTransfer = (
  client: EvmClient,
  parameters: TransferParameters,
  /** Where the gas estimate comes from; a wallet (e.g. over WalletConnect) may not answer eth_estimateGas. */
  node: EvmClient = client,
): Effect.Effect<Hash, EvmError | NodeError> =>
  Effect.gen(function* () {
    const { gas, gasPrice } = yield* transferFee(node, parameters)
    return yield* evmTransactionCall(() =>
      sendTransaction(client, {
        account: parameters.signer,
        chain: null,
        type: "legacy",
        gas,
        gasPrice,
        ...transferRequest(parameters),
      }),
    )
  })
