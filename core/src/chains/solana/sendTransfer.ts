import { base58, base64 } from "@scure/base"
import { Effect, Schema } from "effect"
import type { RpcRequest } from "../../connectors/Connector"
import type { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../errors/rpcCodes"
import { Base58Signature } from "./base58Signature"
import { type ConfirmOptions, waitForSolanaSignature } from "./confirm"
import type { SolanaSubmissionRefused, SolanaTransactionExpired, SolanaTransactionFailed } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { SignatureResult } from "./rpc/schemas"
import { refusedSubmission } from "./submission"
import {
  type PreparedTransfer,
  type PrepareTransferError,
  prepareSolTransfer,
  prepareSplTransfer,
  type SolTransfer,
  type SplTransfer,
} from "./transfer"

/**
 * Whatever signs and sends for the sender: any Solana connector (Wallet Standard or WalletConnect), or a key
 * held here (makeSolanaLocalSigner, which fails as the node it sends through does).
 */
export interface SolanaWallet<E> {
  readonly request: (request: RpcRequest) => Effect.Effect<unknown, E>
}

export interface SentTransfer extends PreparedTransfer {
  /** The transaction's id (its fee payer's signature, base58), confirmed on the cluster. */
  readonly signature: string
}

export type SendTransferError<E> =
  | E
  | PrepareTransferError
  | ProviderRpcError
  | SolanaSubmissionRefused
  | SolanaTransactionFailed
  | SolanaTransactionExpired
  | TransactionConfirmationTimeout
  | SolanaRpcCallError

const SignAndSendReply = Schema.Struct({
  signature: Base58Signature,
})
const decodeReply = Schema.decodeUnknownEffect(SignAndSendReply)

const SignTransactionReply = Schema.Struct({
  signature: Base58Signature,
  transaction: Schema.optionalKey(Schema.String),
})
const decodeSignReply = Schema.decodeUnknownEffect(SignTransactionReply)

const noSignature = (method: string) =>
  new ProviderRpcError({
    code: RpcErrorCode.internalError,
    message: `The wallet answered ${method} without a signature`,
  })

/** A wallet that cannot send (4200, or -32601 as JSON-RPC says it) may still sign. */
const cannotSend = (error: unknown) =>
  error instanceof ProviderRpcError &&
  (error.code === RpcErrorCode.unsupportedMethod || error.code === RpcErrorCode.methodNotFound)

/**
 * The wallet signs (solana_signTransaction) and the node sends. The wallet's signed wire transaction when it
 * returns one; else its signature goes into the fee payer's slot of the unsigned one (one signer: byte 0 is
 * the count, then that slot). The node checks the signature; the transaction's id is what it answers, and
 * its refusal a SolanaSubmissionRefused.
 */
const signThenSend = <E>(
  wallet: SolanaWallet<E>,
  prepared: PreparedTransfer,
  rpc: SolanaRpc,
): Effect.Effect<string, E | ProviderRpcError | SolanaSubmissionRefused | SolanaRpcCallError> =>
  Effect.gen(function* () {
    const reply = yield* wallet.request({
      method: "solana_signTransaction",
      params: { transaction: prepared.transaction },
    })
    const signed = yield* decodeSignReply(reply).pipe(
      Effect.mapError(() => noSignature("solana_signTransaction")),
    )
    let wire = signed.transaction
    if (wire === undefined) {
      const bytes = base64.decode(prepared.transaction)
      bytes.set(base58.decode(signed.signature), 1)
      wire = base64.encode(bytes)
    }
    return yield* rpc
      .call(
        "sendTransaction",
        [wire, { encoding: "base64", preflightCommitment: "confirmed" }],
        SignatureResult,
      )
      .pipe(Effect.mapError(refusedSubmission))
  })

/**
 * Asks the wallet to sign and send (solana_signAndSendTransaction); the answer is the transaction's id. A
 * wallet that does not send (many WalletConnect Solana wallets only sign) signs, and `rpc` sends, as Reown
 * AppKit's WalletConnect provider does; without `rpc` its refusal stands.
 */
export const submitPreparedTransfer = <E>(
  wallet: SolanaWallet<E>,
  prepared: PreparedTransfer,
  rpc?: SolanaRpc,
): Effect.Effect<string, E | ProviderRpcError | SolanaSubmissionRefused | SolanaRpcCallError> =>
  Effect.gen(function* () {
    const reply = yield* wallet.request({
      method: "solana_signAndSendTransaction",
      params: { transaction: prepared.transaction },
    })
    const { signature } = yield* decodeReply(reply).pipe(
      Effect.mapError(() => noSignature("solana_signAndSendTransaction")),
    )
    return signature
  }).pipe(
    Effect.catchIf(
      (error) => rpc !== undefined && cannotSend(error),
      () => signThenSend(wallet, prepared, rpc as SolanaRpc),
    ),
  )

/** Has the wallet sign and send the transfer, then waits for the cluster to confirm it. */
export const sendPreparedTransfer = <E>(
  rpc: SolanaRpc,
  wallet: SolanaWallet<E>,
  prepared: PreparedTransfer,
  confirm?: ConfirmOptions,
): Effect.Effect<SentTransfer, SendTransferError<E>> =>
  Effect.gen(function* () {
    const signature = yield* submitPreparedTransfer(wallet, prepared, rpc)
    yield* waitForSolanaSignature(rpc, signature, { ...confirm, prepared })
    return { ...prepared, signature }
  })

/** Sends SOL from the wallet's account: prepared (§9 compute budget, simulated), signed by the wallet, confirmed. */
export const sendSol = <E>(
  rpc: SolanaRpc,
  wallet: SolanaWallet<E>,
  transfer: SolTransfer,
  confirm?: ConfirmOptions,
): Effect.Effect<SentTransfer, SendTransferError<E>> =>
  Effect.flatMap(prepareSolTransfer(rpc, transfer), (prepared) =>
    sendPreparedTransfer(rpc, wallet, prepared, confirm),
  )

/** Sends SPL Token or Token-2022 tokens, creating the recipient's token account when it has none. */
export const sendSplToken = <E>(
  rpc: SolanaRpc,
  wallet: SolanaWallet<E>,
  transfer: SplTransfer,
  confirm?: ConfirmOptions,
): Effect.Effect<SentTransfer, SendTransferError<E>> =>
  Effect.flatMap(prepareSplTransfer(rpc, transfer), (prepared) =>
    sendPreparedTransfer(rpc, wallet, prepared, confirm),
  )
