import { Effect } from "effect"
import type { Hash } from "viem"
import { sendTransaction } from "viem/actions"
import type { EvmClient, EvmSigner } from "./client"
import { evmTransactionCall } from "./errors"
import { nodeGasPrice } from "./sendTransfer"
import { waitForReceipt } from "./waitForReceipt"

/** A transaction built elsewhere (calldata, value and gas limit known), as a flow hands it over. */
export interface PreparedTransaction {
  readonly to: `0x${string}`
  readonly data: `0x${string}`
  readonly value: bigint
  readonly gas: bigint
}

/**
 * Sends prepared transactions as `signer` through `client` (the node for a local account, the wallet
 * otherwise) and reads their receipts from `node` (a wallet over WalletConnect may not answer reads). The shape
 * of the flows' signer ports (the swap's SwapSigner): node refusals arrive as typed NodeErrors. With
 * `pricedByNode`, each transaction is a legacy one at the node's gas price, as a send is (§9), so its fee is the
 * one a Max reserved; otherwise the wallet prices it.
 */
export const evmTransactionSender = (parameters: {
  readonly client: EvmClient
  readonly signer: EvmSigner
  readonly node?: EvmClient | undefined
  readonly pricedByNode?: boolean | undefined
}) => {
  const { client, signer } = parameters
  const node = parameters.node ?? client
  const pricing = parameters.pricedByNode
    ? Effect.map(nodeGasPrice(node), (gasPrice) => ({ type: "legacy" as const, gasPrice }))
    : Effect.succeed({})
  return {
    address: typeof signer === "string" ? signer : signer.address,
    sendTransaction: (transaction: PreparedTransaction) =>
      Effect.flatMap(pricing, (priced) =>
        evmTransactionCall(
          (): Promise<Hash> =>
            sendTransaction(client, { account: signer, chain: null, ...transaction, ...priced }),
        ),
      ),
    waitForReceipt: (hash: string) =>
      waitForReceipt(node, hash as Hash).pipe(Effect.map((receipt) => receipt.status)),
  }
}
