import { Context, type Effect } from "effect"
import type { WalletSignIn } from "../connectors/Connector"
import type { SiwxSession } from "../domain/siwx"

/**
 * What the sign-in flow needs from a sign-in setup: the siwx/ session store and message builder implement it
 * (sessions persist through Storage there). The flow never builds or verifies messages itself.
 */
export class SiwxClient extends Context.Service<
  SiwxClient,
  {
    readonly createMessage: (input: {
      readonly chainId: string
      readonly accountAddress: string
    }) => Effect.Effect<{ readonly data: SiwxSession["data"]; readonly message: string }, unknown>
    /** Verifies and stores a signed session; fails when the signature does not verify. */
    readonly addSession: (session: SiwxSession) => Effect.Effect<void, unknown>
    /**
     * Verifies and stores what a wallet signed while connecting (WalletConnect one-click sign-in), so the
     * flow does not ask again. Its nonce came with the pairing request, not from `createMessage`. Optional:
     * without it such a sign-in is ignored and the flow asks for a signature as usual.
     */
    readonly addWalletSignIn?: ((signIn: WalletSignIn) => Effect.Effect<void, unknown>) | undefined
    readonly getSessions: (
      chainId: string,
      accountAddress: string,
    ) => Effect.Effect<ReadonlyArray<SiwxSession>, unknown>
    readonly revokeSession: (chainId: string, accountAddress: string) => Effect.Effect<void, unknown>
  }
>()("appkit/SiwxClient") {}
