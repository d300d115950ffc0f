import { equalBytes } from "@noble/curves/utils.js"
import { Effect, Result, Schema } from "effect"
import type { WalletRequest } from "../walletRequest"
import { type AminoSignDoc, makeAdr036SignDoc } from "./adr036"
import { serializeAminoSignDoc } from "./aminoJson"
import { type CosmosSignatureError, cosmosError } from "./errors"
import { AminoSignDocShape, checkSigner, decodeReply } from "./replies"
import { CosmosStdSignature } from "./stdSignature"
import { verifyCosmosAminoSignature } from "./verifySignature"

export interface AminoSignResponse {
  /** The document the wallet signed: it may differ from the request (a wallet can set the fee). */
  readonly signed: AminoSignDoc
  readonly signature: CosmosStdSignature
}

const signBytesOf = (doc: unknown) => Result.getOrElse(serializeAminoSignDoc(doc), () => new Uint8Array())
const decodeShape = Schema.decodeUnknownResult(AminoSignDocShape)
const AminoSignReply = Schema.Struct({ signed: AminoSignDocShape, signature: CosmosStdSignature })

/**
 * Asks the wallet to sign an amino (legacy JSON) document as `signerAddress` (cosmos_signAmino) and checks
 * the answer: the signature must verify for the signer's key over the document the wallet says it signed.
 */
export const signCosmosAmino = <E>(
  request: WalletRequest<E>,
  parameters: { readonly signerAddress: string; readonly signDoc: AminoSignDoc },
): Effect.Effect<AminoSignResponse, E | CosmosSignatureError> =>
  Effect.gen(function* () {
    const chainId: unknown = parameters.signDoc?.chain_id
    yield* checkSigner(parameters.signerAddress, typeof chainId === "string" ? chainId : undefined)
    const checked = Result.flatMap(
      Result.mapError(decodeShape(parameters.signDoc), (issue) => String(issue)),
      () => serializeAminoSignDoc(parameters.signDoc),
    )
    if (Result.isFailure(checked)) return yield* cosmosError("invalidSignDoc", checked.failure)
    const reply = yield* request({ method: "cosmos_signAmino", params: parameters })
    const { signature } = yield* decodeReply(AminoSignReply)(reply)
    // The signature covers the document exactly as the wallet sent it back, unknown fields included.
    const signed = (reply as { readonly signed: AminoSignDoc }).signed
    yield* Effect.fromResult(
      verifyCosmosAminoSignature({ signerAddress: parameters.signerAddress, signDoc: signed, signature }),
    )
    return { signed, signature }
  })

/**
 * Signs arbitrary data the ADR-036 way (what Keplr calls signArbitrary): cosmos_signAmino of a
 * `sign/MsgSignData` document. A wallet that changed that document (it can never be a transaction, so there
 * is no fee to set) is refused, as is a signature that does not verify.
 */
export const signCosmosAdr036 = <E>(
  request: WalletRequest<E>,
  parameters: { readonly signer: string; readonly data: string | Uint8Array },
): Effect.Effect<AminoSignResponse, E | CosmosSignatureError> =>
  Effect.gen(function* () {
    const signDoc = makeAdr036SignDoc(parameters.signer, parameters.data)
    const response = yield* signCosmosAmino(request, { signerAddress: parameters.signer, signDoc })
    if (!equalBytes(signBytesOf(signDoc), signBytesOf(response.signed)))
      return yield* cosmosError("invalidReply", "the wallet signed a different document")
    return response
  })
