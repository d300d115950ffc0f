import { Context, Effect, Layer, Ref } from "effect"

/**
 * The WalletConnect client id of this instance (§7: the HTTP helper adds it as `clientId`). It exists only
 * once sign-client has started, which is lazy: the WalletConnect connector writes it here when its client
 * starts, and every API request made after that carries it (earlier ones go without). A fixed id known up
 * front goes in `ApiConfig.clientId` instead.
 */
export class ClientId extends Context.Service<
  ClientId,
  {
    /** The id, once a sign-client of this instance has started. */
    readonly current: Effect.Effect<string | undefined>
    readonly set: (clientId: string) => Effect.Effect<void>
  }
>()("appkit/ClientId") {
  static readonly layer: Layer.Layer<ClientId> = Layer.effect(
    ClientId,
    Effect.map(Ref.make<string | undefined>(undefined), (ref) =>
      ClientId.of({ current: Ref.get(ref), set: (clientId) => Ref.set(ref, clientId) }),
    ),
  )
}
