import { Context, type Effect, Schema } from "effect"
import type { WalletSignIn } from "../connectors/Connector"
import { AppKitError } from "../domain/appKitError"
import type { SiwxSession } from "../domain/siwx"
import type { SiweVerificationError, UnsupportedSiwxNamespace } from "./errors"
import type { InvalidSiweMessage } from "./SiweMessage"

/** A sign-in setup that keeps its sessions elsewhere (a server) could not reach them. */
export class SiwxSessionsUnavailableError extends AppKitError(
  Schema.TaggedError<SiwxSessionsUnavailableError>()("SiwxSessionsUnavailableError", {
    reason: Schema.String,
  }),
  { topic: "Sign-in sessions are unavailable", details: (error) => error.reason },
) {
  override get message(): string {
    return `Sign-in sessions are unavailable: ${this.reason}`
  }
}

/** What a sign-in setup may fail with: a message it cannot build, a signature that does not verify, its store. */
export type SiwxClientError =
  | InvalidSiweMessage
  | UnsupportedSiwxNamespace
  | SiweVerificationError
  | SiwxSessionsUnavailableError

/**
 * What the sign-in flow (state/Siwx) needs from a sign-in setup: the eip155 client here implements it, with
 * sessions kept through Storage. The flow never builds or verifies messages itself.
 */
export class SiwxClient extends Context.Service<
  SiwxClient,
  {
    readonly createMessage: (input: {
      readonly chainId: string
      readonly accountAddress: string
    }) => Effect.Effect<{ readonly data: SiwxSession["data"]; readonly message: string }, SiwxClientError>
    /** Verifies and stores a signed session; fails when the signature does not verify. */
    readonly addSession: (session: SiwxSession) => Effect.Effect<void, SiwxClientError>
    /**
     * Verifies and stores what a wallet signed while connecting (WalletConnect one-click sign-in), so the
     * flow does not ask again. Its nonce came with the pairing request, not from `createMessage`. Optional:
     * without it such a sign-in is ignored and the flow asks for a signature as usual.
     */
    readonly addWalletSignIn?: ((signIn: WalletSignIn) => Effect.Effect<void, SiwxClientError>) | undefined
    readonly getSessions: (
      chainId: string,
      accountAddress: string,
    ) => Effect.Effect<ReadonlyArray<SiwxSession>, SiwxClientError>
    readonly revokeSession: (chainId: string, accountAddress: string) => Effect.Effect<void, SiwxClientError>
  }
>()("appkit/SiwxClient") {}
