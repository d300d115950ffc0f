import { Effect, Result } from "effect"
import { parseChainId } from "../domain/caip"
import type { SiwxSession } from "../domain/siwx"
import type { ClaimOptions } from "./claims"
import { type SiweVerificationError, SiwxChainMismatch, UnsupportedSiwxNamespace } from "./errors"

export interface VerifySessionOptions extends ClaimOptions {
  /** An RPC URL of an eip155 chain, for contract wallets (EIP-1271). */
  readonly rpcUrl?: string
}

/**
 * Verifies a signed CAIP-122 message for `chainId` with its namespace's scheme: EIP-191 (or EIP-1271) on
 * eip155, ed25519 on solana; a message naming another chain is a SiwxChainMismatch. Other namespaces have no
 * verifier yet and say so. Each verifier (secp256k1 and viem, or ed25519) loads with the first signature it
 * checks, not with the app. Succeeds with the signer's address.
 */
export const verifySiwxMessage = (
  chainId: string,
  message: string,
  signature: string,
  options: VerifySessionOptions,
): Effect.Effect<{ readonly address: string }, SiweVerificationError | UnsupportedSiwxNamespace> => {
  const chain = parseChainId(chainId)
  const namespace = Result.isSuccess(chain) ? chain.success.namespace : undefined
  const reference = Result.isSuccess(chain) ? chain.success.reference : undefined
  const mismatch = (named: string) =>
    named === reference
      ? Effect.void
      : Effect.fail(
          new SiwxChainMismatch({
            message: `The message is for ${namespace}:${named}, not ${chainId}`,
          }),
        )
  switch (namespace) {
    case "eip155":
      return Effect.promise(() => import("./verifySiweMessage")).pipe(
        Effect.flatMap((verifier) => verifier.verifySiweMessage(message, signature, options)),
        Effect.tap((fields) => mismatch(String(fields.chainId))),
      )
    case "solana":
      return Effect.promise(() => import("./solana/verifySolanaSiwxMessage")).pipe(
        Effect.flatMap((verifier) => verifier.verifySolanaSiwxMessage(message, signature, options)),
        Effect.tap((fields) => mismatch(fields.chainId)),
      )
    default:
      return Effect.fail(
        new UnsupportedSiwxNamespace({ message: `Sign-in messages for ${chainId} are not supported` }),
      )
  }
}

/** Verifies a session's signature over its message, held to the session's chain (see verifySiwxMessage). */
export const verifySiwxSession = (
  session: SiwxSession,
  options: VerifySessionOptions,
): Effect.Effect<void, SiweVerificationError | UnsupportedSiwxNamespace> =>
  Effect.asVoid(verifySiwxMessage(session.data.chainId, session.message, session.signature, options))
