import { base58, base64 } from "@scure/base"
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from "@solana/wallet-standard-features"
import type { IdentifierString, Wallet, WalletAccount } from "@wallet-standard/base"
import { Effect, Result, Schema } from "effect"
import { ProviderRpcError } from "../../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../../errors/rpcCodes"
import type { WalletRequestTimeout } from "../../../errors/wallet"
import type { CheckedRpcRequest } from "../../../rpc/checkRpcRequest"

/**
 * The Solana sign methods of §5 (shaped as WalletConnect's Solana RPC: base58 messages and signatures,
 * base64 transactions) carried out with a Wallet Standard wallet's features, so the adapter asks every
 * Solana wallet the same way whatever connects it.
 */

const Base58Text = Schema.String.check(
  Schema.isPattern(/^[1-9A-HJ-NP-Za-km-z]+$/, { expected: "base58 text" }),
)
const Base64Text = Schema.String.check(
  Schema.isPattern(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
    expected: "base64 text",
  }),
)
const SendOptions = Schema.Struct({
  preflightCommitment: Schema.optionalKey(Schema.Literals(["processed", "confirmed", "finalized"])),
  skipPreflight: Schema.optionalKey(Schema.Boolean),
  maxRetries: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  minContextSlot: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
})

export const SolanaSignMessageParams = Schema.Struct({ message: Base58Text, pubkey: Base58Text })
export const SolanaSignTransactionParams = Schema.Struct({ transaction: Base64Text })
export const SolanaSignAllTransactionsParams = Schema.Struct({ transactions: Schema.Array(Base64Text) })
export const SolanaSignAndSendTransactionParams = Schema.Struct({
  transaction: Base64Text,
  sendOptions: Schema.optionalKey(SendOptions),
})

const paramsOf = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, params: unknown) =>
  Result.mapError(
    Schema.decodeUnknownResult(schema)(params),
    (error) =>
      new ProviderRpcError({
        code: RpcErrorCode.invalidParams,
        message: `Invalid params: ${error.message.replace(/\s*\n\s*/g, " ")}`,
      }),
  )

const unsupported = (feature: string) =>
  new ProviderRpcError({
    code: RpcErrorCode.unsupportedMethod,
    message: `The wallet does not support ${feature}`,
  })

type WalletFeatures = Partial<
  SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature
>

/** Runs one wallet call, bounded and with the wallet's refusal decoded (the connector supplies it). */
export type CallWallet = <A>(
  feature: string,
  call: () => Promise<A>,
) => Effect.Effect<A, ProviderRpcError | WalletRequestTimeout>

export interface SolanaWalletContext {
  readonly wallet: Wallet
  readonly account: WalletAccount
  /** The wallet's name for the active chain (solana:mainnet, …). */
  readonly chain: IdentifierString
  readonly callWallet: CallWallet
}

/**
 * What each output's bytes must be: an ed25519 signature is 64 bytes; a signed wire transaction opens with
 * its signature count (at least the fee payer's) and that signature, the transaction's id.
 */
const wellFormed = {
  signature: (bytes: Uint8Array) => bytes.length === 64,
  signedTransaction: (bytes: Uint8Array) => bytes.length >= 65 && (bytes[0] ?? 0) >= 1,
}

/**
 * The bytes under `field` of each output a feature answered, one output per input as the standard has it. A
 * wallet answering anything else (no list, null, a base58 string where bytes belong, more outputs than asked,
 * a signature that is not 64 bytes) failed internally: the dApp gets that as an error, never a crash on the reply.
 */
const outputBytes = (
  feature: string,
  field: "signature" | "signedTransaction",
  inputs: number,
  reply: unknown,
): Effect.Effect<ReadonlyArray<Uint8Array>, ProviderRpcError> => {
  const bytes = Array.isArray(reply)
    ? reply.map((output: unknown) =>
        typeof output === "object" && output !== null
          ? (output as Record<string, unknown>)[field]
          : undefined,
      )
    : []
  if (
    Array.isArray(reply) &&
    bytes.length === inputs &&
    bytes.every((value): value is Uint8Array => value instanceof Uint8Array && wellFormed[field](value))
  )
    return Effect.succeed(bytes)
  // (no output at all: the wallet declined the feature, as before)
  if (Array.isArray(reply) && reply.length === 0) return Effect.fail(unsupported(feature))
  return Effect.fail(
    new ProviderRpcError({
      code: RpcErrorCode.internalError,
      message: `The wallet answered ${feature} without a ${field} for each of the ${inputs} input(s)`,
    }),
  )
}

/** The fee payer's (first) signature of a wire transaction, which is the transaction's id. */
const firstSignature = (wire: Uint8Array): string => base58.encode(wire.subarray(1, 65))

export const runSolanaWalletRequest = (
  context: SolanaWalletContext,
  request: CheckedRpcRequest,
): Effect.Effect<unknown, ProviderRpcError | WalletRequestTimeout> =>
  Effect.gen(function* () {
    const features = context.wallet.features as WalletFeatures
    const { account, chain, callWallet } = context
    switch (request.method) {
      case "solana_signMessage": {
        const params = yield* Effect.fromResult(paramsOf(SolanaSignMessageParams, request.params))
        if (params.pubkey !== account.address)
          return yield* new ProviderRpcError({
            code: RpcErrorCode.unauthorized,
            message: `${params.pubkey} is not the connected account`,
          })
        const feature = features["solana:signMessage"]
        if (feature === undefined) return yield* unsupported("solana:signMessage")
        const reply = yield* callWallet("solana:signMessage", () =>
          feature.signMessage({ account, message: base58.decode(params.message) }),
        )
        const [signature] = yield* outputBytes("solana:signMessage", "signature", 1, reply)
        return { signature: base58.encode(signature as Uint8Array) }
      }
      case "solana_signTransaction":
      case "solana_signAllTransactions": {
        const transactions =
          request.method === "solana_signTransaction"
            ? [(yield* Effect.fromResult(paramsOf(SolanaSignTransactionParams, request.params))).transaction]
            : (yield* Effect.fromResult(paramsOf(SolanaSignAllTransactionsParams, request.params)))
                .transactions
        const feature = features["solana:signTransaction"]
        if (feature === undefined) return yield* unsupported("solana:signTransaction")
        const reply = yield* callWallet("solana:signTransaction", () =>
          feature.signTransaction(
            ...transactions.map((transaction) => ({
              account,
              chain,
              transaction: base64.decode(transaction),
            })),
          ),
        )
        const signed = yield* outputBytes(
          "solana:signTransaction",
          "signedTransaction",
          transactions.length,
          reply,
        )
        if (request.method === "solana_signAllTransactions")
          return { transactions: signed.map((wire) => base64.encode(wire)) }
        const [wire] = signed as [Uint8Array]
        return { signature: firstSignature(wire), transaction: base64.encode(wire) }
      }
      case "solana_signAndSendTransaction": {
        const params = yield* Effect.fromResult(paramsOf(SolanaSignAndSendTransactionParams, request.params))
        const feature = features["solana:signAndSendTransaction"]
        if (feature === undefined) return yield* unsupported("solana:signAndSendTransaction")
        const reply = yield* callWallet("solana:signAndSendTransaction", () =>
          feature.signAndSendTransaction({
            account,
            chain,
            transaction: base64.decode(params.transaction),
            ...(params.sendOptions === undefined ? {} : { options: params.sendOptions }),
          }),
        )
        const [signature] = yield* outputBytes("solana:signAndSendTransaction", "signature", 1, reply)
        return { signature: base58.encode(signature as Uint8Array) }
      }
      default:
        return yield* unsupported(request.method)
    }
  })
