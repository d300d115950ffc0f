import { ed25519 } from "@noble/curves/ed25519.js"
import { base58, base64 } from "@scure/base"
import { type Address, getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from "@solana/kit"
import { Effect, Result, Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { reasonOf } from "../../errors/catalogue"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../errors/rpcCodes"
import type { SolanaSubmissionRefused } from "./errors"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { SignatureResult } from "./rpc/schemas"
import type { SolanaWallet } from "./sendTransfer"
import { refusedSubmission } from "./submission"
import { SolanaSignAndSendTransactionParams, SolanaSignMessageParams } from "./walletStandard/walletRequests"

/**
 * A Solana key held by the app itself (a script, the CLI): solana-keygen's 64-byte secret key (32-byte seed
 * then the public key) given as its JSON array or as base58, and a signer over it that answers the same
 * Solana sign methods a wallet does, so every send and sign path works the same with it.
 */

export const solanaKeypairMessages = {
  notAKey: "A Solana key is a JSON array of 64 bytes (solana-keygen's file) or their base58 text",
  wrongLength: "A Solana secret key is 64 bytes",
  mismatch: "The Solana key's second half is not the public key of its first half",
} as const

export class SolanaKeypairError extends AppKitError(
  Schema.TaggedError<SolanaKeypairError>()("SolanaKeypairError", {
    reason: reasonOf(solanaKeypairMessages),
    detail: Schema.optional(Schema.String),
  }),
  { topic: (error) => solanaKeypairMessages[error.reason], details: (error) => error.detail },
) {
  override get message(): string {
    const text = solanaKeypairMessages[this.reason]
    return this.detail === undefined ? text : `${text} (${this.detail})`
  }
}

export interface SolanaLocalKeypair {
  /** The base58 public key. */
  readonly address: string
  /** The 64 bytes: seed ‖ public key. */
  readonly secretKey: Uint8Array
}

const isByte = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 255

const secretBytesOf = (text: string): Result.Result<Uint8Array, SolanaKeypairError> => {
  const trimmed = text.trim()
  if (trimmed.startsWith("[")) {
    let parsed: unknown
    try {
      parsed = JSON.parse(trimmed)
    } catch {
      return Result.fail(new SolanaKeypairError({ reason: "notAKey", detail: "the JSON does not parse" }))
    }
    if (!Array.isArray(parsed) || !parsed.every(isByte))
      return Result.fail(
        new SolanaKeypairError({ reason: "notAKey", detail: "an array of integers 0-255 is expected" }),
      )
    return Result.succeed(Uint8Array.from(parsed as ReadonlyArray<number>))
  }
  try {
    return Result.succeed(base58.decode(trimmed))
  } catch {
    return Result.fail(new SolanaKeypairError({ reason: "notAKey" }))
  }
}

/** Reads a solana-keygen key (JSON array or base58), refusing one whose halves do not belong together. */
export const decodeSolanaKeypair = (text: string): Result.Result<SolanaLocalKeypair, SolanaKeypairError> =>
  Result.flatMap(secretBytesOf(text), (secretKey) => {
    if (secretKey.length !== 64)
      return Result.fail(new SolanaKeypairError({ reason: "wrongLength", detail: `got ${secretKey.length}` }))
    const publicKey = ed25519.getPublicKey(secretKey.subarray(0, 32))
    if (!publicKey.every((byte, index) => byte === secretKey[32 + index]))
      return Result.fail(new SolanaKeypairError({ reason: "mismatch" }))
    return Result.succeed({ address: base58.encode(publicKey), secretKey })
  })

const transactionDecoder = getTransactionDecoder()
const transactionEncoder = getTransactionEncoder()

const invalidParams = (message: string) =>
  new ProviderRpcError({ code: RpcErrorCode.invalidParams, message: `Invalid params: ${message}` })

const decodeParams = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  params: unknown,
) => Effect.mapError(Schema.decodeUnknownEffect(schema)(params), (error) => invalidParams(error.message))

/** The wire transaction with this key's signature in its slot; one that does not name the key is refused. */
const signWire = (keypair: SolanaLocalKeypair, wire: Uint8Array) =>
  Effect.gen(function* () {
    const transaction = yield* Effect.try({
      try: () => transactionDecoder.decode(wire),
      catch: () => invalidParams("not a Solana wire transaction"),
    })
    if (!(keypair.address in transaction.signatures))
      return yield* invalidParams(`${keypair.address} is not a signer of this transaction`)
    const signature = ed25519.sign(
      new Uint8Array(transaction.messageBytes),
      keypair.secretKey.subarray(0, 32),
    ) as SignatureBytes
    const signatures = { ...transaction.signatures, [keypair.address as Address]: signature }
    return { signature, wire: new Uint8Array(transactionEncoder.encode({ ...transaction, signatures })) }
  })

/**
 * A signer for the key: solana_signMessage (ed25519 over the message bytes) and
 * solana_signAndSendTransaction (signed here, sent through `rpc`, whose failure is the answer's: the
 * cluster's refusal a SolanaSubmissionRefused, any other failure as typed as the node's; without `rpc` it
 * answers that it has no node). Nothing to approve: holding the key is the approval. `onSigned` hears a
 * transaction's id (its first signature, base58) once signed, before it is sent: a send whose submission is
 * never answered still knows what to look up.
 */
export const makeSolanaLocalSigner = (
  keypair: SolanaLocalKeypair,
  rpc?: SolanaRpc,
  onSigned?: (signature: string) => void,
): SolanaWallet<ProviderRpcError | SolanaSubmissionRefused | SolanaRpcCallError> => ({
  request: (request) =>
    Effect.gen(function* () {
      switch (request.method) {
        case "solana_signMessage": {
          const params = yield* decodeParams(SolanaSignMessageParams, request.params)
          if (params.pubkey !== keypair.address)
            return yield* new ProviderRpcError({
              code: RpcErrorCode.unauthorized,
              message: `${params.pubkey} is not this key's account`,
            })
          const signature = ed25519.sign(base58.decode(params.message), keypair.secretKey.subarray(0, 32))
          return { signature: base58.encode(signature) }
        }
        case "solana_signAndSendTransaction": {
          const params = yield* decodeParams(SolanaSignAndSendTransactionParams, request.params)
          if (rpc === undefined)
            return yield* new ProviderRpcError({
              code: RpcErrorCode.internalError,
              message: "This Solana key has no node to send through",
            })
          const signed = yield* signWire(keypair, base64.decode(params.transaction))
          onSigned?.(base58.encode(signed.signature))
          const signature = yield* rpc
            .call(
              "sendTransaction",
              [base64.encode(signed.wire), { encoding: "base64", preflightCommitment: "confirmed" }],
              SignatureResult,
            )
            .pipe(Effect.mapError(refusedSubmission))
          return { signature }
        }
        default:
          return yield* new ProviderRpcError({
            code: RpcErrorCode.unsupportedMethod,
            message: `A local Solana key does not answer ${request.method}`,
          })
      }
    }),
})
