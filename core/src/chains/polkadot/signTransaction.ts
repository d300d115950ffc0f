import { Effect, Result, Schema } from "effect"
import type { WalletRequest } from "../walletRequest"
import { polkadotAccountKey } from "./account"
import { PolkadotSignatureError } from "./errors"
import { PolkadotSignerPayload } from "./signerPayload"
import { polkadotSignatureOf } from "./signMessage"

const decodePayload = Schema.decodeUnknownResult(PolkadotSignerPayload)

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
): Effect.Effect<{ readonly signature: `0x${string}` }, E | PolkadotSignatureError> =>
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
    return { signature: yield* Effect.fromResult(polkadotSignatureOf(reply)) }
  })
