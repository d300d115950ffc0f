import { Effect, Schema } from "effect"
import type { Connector, ConnectorError } from "../../connectors/Connector"
import type { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../errors/rpcCodes"
import { Base58Signature } from "./base58Signature"
import { type ConfirmOptions, waitForSolanaSignature } from "./confirm"
import type { SolanaTransactionFailed } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import {
  type PreparedTransfer,
  type PrepareTransferError,
  prepareSolTransfer,
  prepareSplTransfer,
  type SolTransfer,
  type SplTransfer,
} from "./transfer"

/** Whatever signs and sends for the sender: any Solana connector (Wallet Standard or WalletConnect). */
export type SolanaWallet<E extends ConnectorError> = Pick<Connector<E>, "request">

export interface SentTransfer extends PreparedTransfer {
  /** The transaction's id (its fee payer's signature, base58), confirmed on the cluster. */
  readonly signature: string
}

export type SendTransferError<E> =
  | E
  | PrepareTransferError
  | ProviderRpcError
  | SolanaTransactionFailed
  | TransactionConfirmationTimeout
  | SolanaRpcCallError

const SignAndSendReply = Schema.Struct({
  signature: Base58Signature,
})
const decodeReply = Schema.decodeUnknownEffect(SignAndSendReply)

/** Asks the wallet to sign and send (solana_signAndSendTransaction); the answer is the transaction's id. */
export const submitPreparedTransfer = <E extends ConnectorError>(
  wallet: SolanaWallet<E>,
  prepared: PreparedTransfer,
): Effect.Effect<string, E | ProviderRpcError> =>
  Effect.gen(function* () {
    const reply = yield* wallet.request({
      method: "solana_signAndSendTransaction",
      params: { transaction: prepared.transaction },
    })
    const { signature } = yield* decodeReply(reply).pipe(
      Effect.mapError(
        () =>
          new ProviderRpcError({
            code: RpcErrorCode.internalError,
            message: "The wallet answered solana_signAndSendTransaction without a signature",
          }),
      ),
    )
    return signature
  })

/** Has the wallet sign and send the transfer, then waits for the cluster to confirm it. */
export const sendPreparedTransfer = <E extends ConnectorError>(
  rpc: SolanaRpc,
  wallet: SolanaWallet<E>,
  prepared: PreparedTransfer,
  confirm?: ConfirmOptions,
): Effect.Effect<SentTransfer, SendTransferError<E>> =>
  Effect.gen(function* () {
    const signature = yield* submitPreparedTransfer(wallet, prepared)
    yield* waitForSolanaSignature(rpc, signature, confirm)
    return { ...prepared, signature }
  })

/** Sends SOL from the wallet's account: prepared (§9 compute budget, simulated), signed by the wallet, confirmed. */
export const sendSol = <E extends ConnectorError>(
  rpc: SolanaRpc,
  wallet: SolanaWallet<E>,
  transfer: SolTransfer,
  confirm?: ConfirmOptions,
): Effect.Effect<SentTransfer, SendTransferError<E>> =>
  Effect.flatMap(prepareSolTransfer(rpc, transfer), (prepared) =>
    sendPreparedTransfer(rpc, wallet, prepared, confirm),
  )

/** Sends SPL Token or Token-2022 tokens, creating the recipient's token account when it has none. */
export const sendSplToken = <E extends ConnectorError>(
  rpc: SolanaRpc,
  wallet: SolanaWallet<E>,
  transfer: SplTransfer,
  confirm?: ConfirmOptions,
): Effect.Effect<SentTransfer, SendTransferError<E>> =>
  Effect.flatMap(prepareSplTransfer(rpc, transfer), (prepared) =>
    sendPreparedTransfer(rpc, wallet, prepared, confirm),
  )
