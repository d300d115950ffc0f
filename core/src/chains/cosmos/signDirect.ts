import { Effect, Result, Schema } from "effect"
import type { WalletRequest } from "../walletRequest"
import { type CosmosSignatureError, cosmosError } from "./errors"
import { checkSigner, decodeReply } from "./replies"
import { type CosmosSignDoc, CosmosSignDocJson, signDocFromJson, signDocToJson } from "./signDoc"
import { CosmosStdSignature } from "./stdSignature"
import { verifyCosmosDirectSignature } from "./verifySignature"

export interface DirectSignResponse {
  /** The SignDoc the wallet signed: it may differ from the request (a wallet can set the fee). */
  readonly signed: CosmosSignDoc
  readonly signature: CosmosStdSignature
}

const DirectSignReply = Schema.Struct({ signed: CosmosSignDocJson, signature: CosmosStdSignature })

/**
 * Asks the wallet to sign a protobuf SignDoc as `signerAddress` (cosmos_signDirect; bytes travel as base64,
 * the account number as a decimal string) and checks the answer: the signature must verify for the
 * signer's key over the SignDoc the wallet says it signed.
 */
export const signCosmosDirect = <E>(
  request: WalletRequest<E>,
  parameters: { readonly signerAddress: string; readonly signDoc: CosmosSignDoc },
): Effect.Effect<DirectSignResponse, E | CosmosSignatureError> =>
  Effect.gen(function* () {
    yield* checkSigner(parameters.signerAddress, parameters.signDoc.chainId)
    const reply = yield* request({
      method: "cosmos_signDirect",
      params: { signerAddress: parameters.signerAddress, signDoc: signDocToJson(parameters.signDoc) },
    })
    const decoded = yield* decodeReply(DirectSignReply)(reply)
    const signed = yield* Effect.fromResult(
      Result.mapError(signDocFromJson(decoded.signed), (why) => cosmosError("invalidReply", why)),
    )
    yield* Effect.fromResult(
      verifyCosmosDirectSignature({
        signerAddress: parameters.signerAddress,
        signDoc: signed,
        signature: decoded.signature,
      }),
    )
    return { signed, signature: decoded.signature }
  })
