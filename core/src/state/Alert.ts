import { Context, Effect, Layer, SubscriptionRef } from "effect"
import { type AlertKey, alerts } from "../errors/alerts"

/**
 * The §8 alert the modal shows (a configuration problem the user must read: 'Invalid App Configuration',
 * 'Invalid Project ID', ...), raised wherever core learns of it: the project check at start-up, analytics
 * answering 403. The texts are the catalogue's (`alerts[key]`); the state holds which one.
 */
export interface AlertState {
  readonly key: AlertKey | undefined
  readonly shortMessage: string | undefined
  readonly longMessage: string | undefined
}

export const initialAlertState: AlertState = {
  key: undefined,
  shortMessage: undefined,
  longMessage: undefined,
}

export class Alert extends Context.Service<
  Alert,
  {
    readonly state: SubscriptionRef.SubscriptionRef<AlertState>
    /** Shows the alert in place of any earlier one; raising the one shown again changes nothing. */
    readonly raise: (key: AlertKey) => Effect.Effect<void>
    readonly dismiss: Effect.Effect<void>
  }
>()("appkit/Alert") {
  static readonly layer = Layer.effect(
    Alert,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make(initialAlertState)
      return Alert.of({
        state,
        raise: (key) =>
          SubscriptionRef.update(state, (current) =>
            current.key === key ? current : { key, ...alerts[key] },
          ),
        dismiss: SubscriptionRef.set(state, initialAlertState),
      })
    }),
  )
}
