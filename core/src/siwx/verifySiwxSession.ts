import { Effect, Result } from "effect"
import { parseChainId } from "../domain/caip"
import type { SiwxSession } from "../domain/siwx"
import type { ClaimOptions } from "./claims"
import type { SiweVerificationError } from "./errors"
import { UnsupportedSiwxNamespace } from "./SiwxMessage"

export interface VerifySessionOptions extends ClaimOptions {
  /** An RPC URL of an eip155 chain, for contract wallets (EIP-1271). */
  readonly rpcUrl?: string
}

/**
 * Verifies a session's signature over its message with its namespace's scheme: EIP-191 (or EIP-1271) on
 * eip155, ed25519 on solana. Other namespaces have no verifier yet and say so. Each verifier (secp256k1 and
 * viem, or ed25519) loads with the first signature it checks, not with the app.
 */
export const verifySiwxSession = (
  session: SiwxSession,
  options: VerifySessionOptions,
): Effect.Effect<void, SiweVerificationError | UnsupportedSiwxNamespace> => {
  const chain = parseChainId(session.data.chainId)
  const namespace = Result.isSuccess(chain) ? chain.success.namespace : undefined
  switch (namespace) {
    case "eip155":
      return Effect.promise(() => import("./verifySiweMessage")).pipe(
        Effect.flatMap((verifier) => verifier.verifySiweMessage(session.message, session.signature, options)),
        Effect.asVoid,
      )
    case "solana":
      return Effect.promise(() => import("./solana/verifySolanaSiwxMessage")).pipe(
        Effect.flatMap((verifier) =>
          verifier.verifySolanaSiwxMessage(session.message, session.signature, options),
        ),
        Effect.asVoid,
      )
    default:
      return Effect.fail(
        new UnsupportedSiwxNamespace({
          message: `Sign-in messages for ${session.data.chainId} are not supported`,
        }),
      )
  }
}
