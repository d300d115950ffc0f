import { Clock, Context, Duration, Effect, Layer, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import type { PairingState } from "../domain/pairing"

export const initialPairingState: PairingState = {
  connections: {},
  wcError: false,
  buffering: false,
  status: "disconnected",
}

export const isPairingExpired = (expiry: number | undefined, now: number) =>
  expiry === undefined || now >= expiry - Duration.toMillis(Timings.pairingExpiryMargin)

export type PairingPatch = Partial<Omit<PairingState, "wcUri" | "wcPairingExpiry">>

/** The pairing (WalletConnect URI) flow: the URI the QR shows, its expiry, deep-link and error flags. */
export class Pairing extends Context.Service<
  Pairing,
  {
    readonly state: SubscriptionRef.SubscriptionRef<PairingState>
    /** A new URI from the connector (`display_uri`); its expiry starts now. */
    readonly setUri: (uri: string) => Effect.Effect<void>
    readonly update: (patch: PairingPatch) => Effect.Effect<void>
    /** True when there is no URI or it is within 10 s of its 4-minute lifetime: fetch a new one. */
    readonly isExpired: Effect.Effect<boolean>
    /** §4: the pairing is reset on disconnect. */
    readonly reset: Effect.Effect<void>
  }
>()("appkit/Pairing") {
  static readonly layer = Layer.effect(
    Pairing,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make(initialPairingState)
      return Pairing.of({
        state,
        setUri: (uri) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            SubscriptionRef.update(state, (s) => ({
              ...s,
              wcUri: uri,
              wcPairingExpiry: now + Duration.toMillis(Timings.pairingLifetime),
              wcError: false,
            })),
          ),
        update: (patch) => SubscriptionRef.update(state, (s) => ({ ...s, ...patch })),
        isExpired: Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          return isPairingExpired((yield* SubscriptionRef.get(state)).wcPairingExpiry, now)
        }),
        reset: SubscriptionRef.set(state, initialPairingState),
      })
    }),
  )
}
