import { Effect, Result } from "effect"
import { parseChainId } from "../domain/caip"
import type { SiwxSession } from "../domain/siwx"
import type { ClaimOptions } from "./claims"
import type { SiweVerificationError } from "./errors"
import { UnsupportedSiwxNamespace } from "./SiwxMessage"
import { verifySolanaSiwxMessage } from "./solana/verifySolanaSiwxMessage"
import { verifySiweMessage } from "./verifySiweMessage"

export interface VerifySessionOptions extends ClaimOptions {
  /** An RPC URL of an eip155 chain, for contract wallets (EIP-1271). */
  readonly rpcUrl?: string
}

/**
 * Verifies a session's signature over its message with its namespace's scheme: EIP-191 (or EIP-1271) on
 * eip155, ed25519 on solana. Other namespaces have no verifier yet and say so.
 */
export const verifySiwxSession = (
  session: SiwxSession,
  options: VerifySessionOptions,
): Effect.Effect<void, SiweVerificationError | UnsupportedSiwxNamespace> => {
  const chain = parseChainId(session.data.chainId)
  const namespace = Result.isSuccess(chain) ? chain.success.namespace : undefined
  switch (namespace) {
    case "eip155":
      return Effect.asVoid(verifySiweMessage(session.message, session.signature, options))
    case "solana":
      return Effect.asVoid(verifySolanaSiwxMessage(session.message, session.signature, options))
    default:
      return Effect.fail(
        new UnsupportedSiwxNamespace({
          message: `Sign-in messages for ${session.data.chainId} are not supported`,
        }),
      )
  }
}
