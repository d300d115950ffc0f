import { Effect, SubscriptionRef } from "effect"
import type { ChainNamespace } from "../../domain/namespace"
import { InvalidParameterError } from "../../errors/parameters"
import { Connection, type SignMessageErrorType as ConnectionSignErrorType } from "../../state/Connection"
import type { Connectors } from "../../state/Connectors"
import { Network } from "../../state/Network"

export interface SignMessageParameters {
  /** The text to sign (UTF-8); eip155 wallets sign it with personal_sign (EIP-191). */
  readonly message: string
  /** Whose account signs: the active namespace's by default. */
  readonly namespace?: ChainNamespace | undefined
}

export type SignMessageReturnType = `0x${string}`

export type SignMessageErrorType = ConnectionSignErrorType | InvalidParameterError

/** Signs a message with the account connected on the namespace (the active one by default). */
export const signMessage = Effect.fn("AppKit.signMessage")(function* (
  parameters: SignMessageParameters,
): Effect.fn.Return<SignMessageReturnType, SignMessageErrorType, Connection | Network | Connectors> {
  if (typeof parameters?.message !== "string")
    return yield* new InvalidParameterError({ parameter: "message", expected: "a string" })
  const namespace =
    parameters.namespace ?? (yield* SubscriptionRef.get((yield* Network).state)).activeNamespace
  const signature = yield* (yield* Connection).signMessage(namespace, parameters.message)
  return signature as SignMessageReturnType
})
