import { Effect, Result, Schema } from "effect"
import type { WalletRequest } from "../walletRequest"
import { polkadotAccountKey } from "./account"
import { PolkadotSignatureError } from "./errors"
import { type PolkadotSignatureReply, PolkadotSignerPayload } from "./signerPayload"
import { polkadotSignatureOf } from "./signMessage"

const decodePayload = Schema.decodeUnknownResult(PolkadotSignerPayload)

export interface SignedPolkadotTransaction {
  readonly signature: `0x${string}`
  /** The signed extrinsic, when the payload asked for it (`withSignedTransaction`) and the wallet gave it. */
  readonly signedTransaction?: `0x${string}`
}

/**
 * Asks the wallet to sign a transaction (polkadot_signTransaction with polkadot.js's SignerPayloadJSON).
 * The payload is checked first (shape and signer address), so a malformed one is refused here rather than by
 * the wallet. The answer is the signature as the wallet gave it — 65 bytes with the MultiSignature type byte
 * from polkadot.js-style signers — ready for polkadot.js `addSignature`; the dApp's registry, which knows the
 * chain's signed extensions, is what can encode the payload to verify it.
 */
export const signPolkadotTransaction = <E>(
  request: WalletRequest<E>,
  payload: PolkadotSignerPayload,
): Effect.Effect<SignedPolkadotTransaction, E | PolkadotSignatureError> =>
  Effect.gen(function* () {
    const checked = yield* Effect.fromResult(
      Result.mapError(
        decodePayload(payload),
        (issue) => new PolkadotSignatureError({ reason: "invalidPayload", detail: String(issue) }),
      ),
    )
    yield* Effect.fromResult(polkadotAccountKey(checked.address))
    const reply = yield* request({
      method: "polkadot_signTransaction",
      params: { address: checked.address, transactionPayload: checked },
    })
    const signature = yield* Effect.fromResult(polkadotSignatureOf(reply))
    // (the reply decoded as a PolkadotSignatureReply above: a signedTransaction in it is hex)
    const { signedTransaction } = reply as PolkadotSignatureReply
    return signedTransaction === undefined
      ? { signature }
      : { signature, signedTransaction: signedTransaction as `0x${string}` }
  })
