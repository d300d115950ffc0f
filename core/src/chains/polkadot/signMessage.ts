import { hex } from "@scure/base"
import { Effect, Result, Schema } from "effect"
import type { RpcRequest } from "../../connectors/Connector"
import type { WalletRequest } from "../walletRequest"
import { polkadotAccountKey } from "./account"
import { PolkadotSignatureError } from "./errors"
import { wrapPolkadotMessage } from "./messageWrapping"
import { PolkadotSignatureReply } from "./signerPayload"
import { type PolkadotSignatureScheme, verifyPolkadotSignature } from "./verifySignature"

export interface SignedPolkadotMessage {
  readonly signature: `0x${string}`
  readonly scheme: PolkadotSignatureScheme
  /** The bytes the wallet signed (`<Bytes>…</Bytes>`): what a verifier checks the signature against. */
  readonly data: Uint8Array
}

/** The `polkadot_signMessage` request: the message wrapped in `<Bytes>…</Bytes>`, hex-encoded, type bytes. */
export const polkadotSignMessageRequest = (address: string, data: Uint8Array): RpcRequest => ({
  method: "polkadot_signMessage",
  params: { address, data: `0x${hex.encode(data)}`, type: "bytes" },
})

const decodeReply = Schema.decodeUnknownResult(PolkadotSignatureReply)

/** The signature of a wallet's `{ signature }` reply, or why the reply is not one. */
export const polkadotSignatureOf = (reply: unknown): Result.Result<`0x${string}`, PolkadotSignatureError> =>
  Result.match(decodeReply(reply), {
    onFailure: (issue) =>
      Result.fail(new PolkadotSignatureError({ reason: "invalidReply", detail: String(issue) })),
    onSuccess: ({ signature }) =>
      signature.length === 2 + 2 * 64 || signature.length === 2 + 2 * 65
        ? Result.succeed(signature as `0x${string}`)
        : Result.fail(
            new PolkadotSignatureError({ reason: "invalidReply", detail: "a signature is 64 or 65 bytes" }),
          ),
  })

/**
 * Asks the wallet to sign `message` as `address` (polkadot_signMessage) and checks the answer. An address
 * no wallet can hold is refused before the user is asked; a reply that is not a signature, or one that does
 * not verify for that address, is a PolkadotSignatureError.
 */
export const signPolkadotMessage = <E>(
  request: WalletRequest<E>,
  parameters: { readonly address: string; readonly message: string | Uint8Array },
): Effect.Effect<SignedPolkadotMessage, E | PolkadotSignatureError> =>
  Effect.gen(function* () {
    yield* Effect.fromResult(polkadotAccountKey(parameters.address))
    const data = wrapPolkadotMessage(parameters.message)
    const reply = yield* request(polkadotSignMessageRequest(parameters.address, data))
    const signature = yield* Effect.fromResult(polkadotSignatureOf(reply))
    const { scheme } = yield* Effect.fromResult(
      verifyPolkadotSignature({ address: parameters.address, data, signature }),
    )
    return { signature, scheme, data }
  })
