import { Effect, Option, SubscriptionRef } from "effect"
import { Analytics } from "../api/analytics/Analytics"
import { WalletApi } from "../api/wallet/WalletApi"
import { Account } from "../state/Account"
import { Alert } from "../state/Alert"
import { Network } from "../state/Network"
import { Options } from "../state/Options"
import { applyRemoteFeatures } from "../state/remoteFeatures"
import type { AppKitState } from "./AppKit"
import type { Store } from "./store"

/**
 * Analytics is on when the dApp leaves the `analytics` feature on (after the project's remote features) and
 * the project's analytics config enables it (§7; a failed config read means off, §8).
 */
const switchAnalytics = (pageKnown: boolean) =>
  Effect.gen(function* () {
    const analytics = yield* Effect.serviceOption(Analytics)
    if (Option.isNone(analytics)) return
    const { features } = yield* SubscriptionRef.get((yield* Options).state)
    const walletApi = yield* Effect.serviceOption(WalletApi)
    const enabled =
      pageKnown &&
      features.analytics &&
      Option.isSome(walletApi) &&
      (yield* walletApi.value.analyticsConfig).isAnalyticsEnabled
    yield* analytics.value.setEnabled(enabled)
  })

/** The connected address of the active namespace, sent with each event's props. */
const activeAddress = Effect.gen(function* () {
  const { activeNamespace } = yield* SubscriptionRef.get((yield* Network).state)
  return (yield* SubscriptionRef.get((yield* Account).state)).byNamespace[activeNamespace]?.address
})

/**
 * One analytics event with the active account's address. A 403 turns analytics off and raises the §8 alert
 * ('Invalid App Configuration'), once: analytics sends nothing after it.
 */
const sendEvent = (event: string): Effect.Effect<void, never, Network | Account | Alert> =>
  Effect.gen(function* () {
    const analytics = yield* Effect.serviceOption(Analytics)
    if (Option.isNone(analytics)) return
    const address = yield* activeAddress
    yield* analytics.value.sendEvent({ event, address }).pipe(
      Effect.catch((alert) =>
        Effect.andThen(
          Effect.logWarning(alert.message),
          Effect.flatMap(Alert, (a) => a.raise(alert.alert)),
        ),
      ),
    )
  })

/**
 * Sends what the user does as analytics events: the modal opening and closing, a wallet connecting and
 * disconnecting ("connecting" is a step, not an event: a failed attempt is none). It listens to the
 * instance's store, whose listeners run as each change lands, so no change can slip by before it listens.
 */
const trackEvents = (
  store: Pick<Store<AppKitState>, "getState" | "subscribe">,
  run: (effect: Effect.Effect<void, never, Network | Account | Alert>) => void,
) => {
  const send = (event: string) => run(sendEvent(event))
  send("MODAL_CREATED")
  store.subscribe(
    (state) => state.modal.open,
    (open) => send(open ? "MODAL_OPEN" : "MODAL_CLOSE"),
  )
  let settled = store.getState().connection.status
  store.subscribe(
    (state) => state.connection.status,
    (status) => {
      if (status === "connecting" || status === settled) return
      settled = status
      send(status === "connected" ? "CONNECT_SUCCESS" : "DISCONNECT_SUCCESS")
    },
  )
}

/**
 * What an instance does once its services exist: the project's remote features applied to the options, and
 * analytics switched by the analytics config (it needs the page events come from: `pageKnown`); and
 * `trackEvents` for the instance's store. Nothing here fails the app.
 */
export const startUp = {
  configure: (pageKnown: boolean) => Effect.andThen(applyRemoteFeatures, switchAnalytics(pageKnown)),
  trackEvents,
}
